// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEarlyGet, takeEarlyGet } from './early-get'

const url = '/sbm/v1/devices/audit?start=0&length=100'

describe('early GET', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{"data":[]}')))

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    localStorage.setItem('access_token', 'token-1')
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    fetchMock.mockClear()
    localStorage.clear()
  })

  it('sends the request at once with the stored token and hands it out once', async () => {
    startEarlyGet(url)
    expect(fetchMock).toHaveBeenCalledWith(url, {
      headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
    })
    const early = takeEarlyGet(url, 'token-1')
    expect(await early?.then((response) => response.json())).toEqual({ data: [] })
    expect(takeEarlyGet(url, 'token-1')).toBeNull()
  })

  it('is not handed to a request with another token, another URL, or too late', () => {
    startEarlyGet(url)
    expect(takeEarlyGet(`${url}&search=x`, 'token-1')).toBeNull()
    expect(takeEarlyGet(url, 'token-2')).toBeNull()

    vi.useFakeTimers()
    startEarlyGet(url)
    vi.advanceTimersByTime(6_000)
    expect(takeEarlyGet(url, 'token-1')).toBeNull()
  })

  it('sends nothing without a stored token', () => {
    localStorage.clear()
    startEarlyGet(url)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(takeEarlyGet(url, null)).toBeNull()
  })
})
