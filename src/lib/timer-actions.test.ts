import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTimerSlot } from './timer-actions'

describe('createTimerSlot', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('calls expired once the time has passed, not before', () => {
    const timer = createTimerSlot()
    const expired = vi.fn()
    timer.start(1000, expired)
    vi.advanceTimersByTime(999)
    expect(expired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(expired).toHaveBeenCalledTimes(1)
  })

  it('never fires a cancelled timer', () => {
    const timer = createTimerSlot()
    const expired = vi.fn()
    timer.start(1000, expired)
    timer.cancel()
    vi.advanceTimersByTime(5000)
    expect(expired).not.toHaveBeenCalled()
  })

  it('replaces the running timer when started again', () => {
    const timer = createTimerSlot()
    const first = vi.fn()
    const second = vi.fn()
    timer.start(1000, first)
    vi.advanceTimersByTime(500)
    timer.start(1000, second)
    vi.advanceTimersByTime(600)
    expect(first).not.toHaveBeenCalled()
    expect(second).not.toHaveBeenCalled()
    vi.advanceTimersByTime(400)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })
})
