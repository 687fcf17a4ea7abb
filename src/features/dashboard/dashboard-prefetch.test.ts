import { afterEach, describe, expect, it, vi } from 'vitest'
import { startEarlyGet } from '../../api/early-get'
import { TRIAGE_PATH } from '../../contract/api-paths'
import { prefetchDashboard } from './dashboard-prefetch'

vi.mock('../../api/early-get', () => ({ startEarlyGet: vi.fn() }))

describe('prefetchDashboard', () => {
  afterEach(() => vi.mocked(startEarlyGet).mockClear())

  it('starts the triage for a user who may read devices', () => {
    prefetchDashboard((anyOf) => anyOf.includes('devices:read'))
    expect(startEarlyGet).toHaveBeenCalledExactlyOnceWith(TRIAGE_PATH)
  })

  it('sends nothing for a user who may not, whose request would be refused', () => {
    prefetchDashboard(() => false)
    expect(startEarlyGet).not.toHaveBeenCalled()
  })
})
