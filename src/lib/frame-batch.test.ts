import { afterEach, describe, expect, it, vi } from 'vitest'
import { frameBatch } from './frame-batch'

afterEach(() => vi.useRealTimers())

describe('frameBatch', () => {
  it('flushes once for many updates before the next frame, at once when asked, never when cancelled', () => {
    vi.useFakeTimers()
    const flush = vi.fn()
    const batch = frameBatch(flush)
    batch.schedule()
    batch.schedule()
    batch.schedule()
    expect(flush).not.toHaveBeenCalled()
    vi.advanceTimersByTime(16)
    expect(flush).toHaveBeenCalledTimes(1)

    batch.schedule()
    batch.now()
    expect(flush).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(16)
    expect(flush).toHaveBeenCalledTimes(2)
    batch.now()
    expect(flush).toHaveBeenCalledTimes(2)

    batch.schedule()
    batch.cancel()
    vi.advanceTimersByTime(16)
    expect(flush).toHaveBeenCalledTimes(2)
  })
})
