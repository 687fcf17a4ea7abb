import { describe, expect, it } from 'vitest'
import { startsOn } from './confirm-focus'

describe('startsOn', () => {
  it('starts a reversible confirmation on its confirming button, a destructive one on Cancel', () => {
    expect(startsOn('reversible')).toBe('confirm')
    expect(startsOn('destructive')).toBe('cancel')
  })
})
