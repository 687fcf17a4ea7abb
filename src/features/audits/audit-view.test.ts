import { describe, expect, it } from 'vitest'
import { WINDOW_SIZE } from '../../ui/data-table/use-windowed-rows'
import { FIRST_WINDOW } from './audit-view'

describe('the early first window of /audits', () => {
  it('is the window the table requests first, or the early answer would never be used', () => {
    expect(FIRST_WINDOW).toEqual({ start: 0, length: WINDOW_SIZE })
  })
})
