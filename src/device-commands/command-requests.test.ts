import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceRequests, REQUEST_TTL_MS } from './command-requests'

afterEach(() => {
  deviceRequests.take(7)
  vi.useRealTimers()
})

describe('command requests from the palette', () => {
  it('are taken once, by the screen of their device only', () => {
    deviceRequests.request(7, 'lock')
    expect(deviceRequests.take(8)).toBeNull()
    expect(deviceRequests.take(7)).toBe('lock')
    expect(deviceRequests.take(7)).toBeNull()
  })

  it('keep only the newest request', () => {
    deviceRequests.request(7, 'lock')
    deviceRequests.request(7, 'unlock')
    expect(deviceRequests.take(7)).toBe('unlock')
  })

  it('expire when no screen took them in time', () => {
    vi.useFakeTimers()
    deviceRequests.request(7, 'lock')
    vi.advanceTimersByTime(REQUEST_TTL_MS + 1)
    expect(deviceRequests.take(7)).toBeNull()
  })

  it('tell a screen already showing that a request arrived', () => {
    const heard = vi.fn()
    const stop = deviceRequests.listen(heard)
    deviceRequests.request(7, 'lock')
    stop()
    deviceRequests.request(7, 'unlock')
    expect(heard).toHaveBeenCalledTimes(1)
  })
})
