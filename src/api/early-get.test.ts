// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { peekEarlyGet, startEarlyGet, takeEarlyGet } from './early-get'

const url = '/sbm/v1/devices/audit?start=0&length=100'

describe('early GET', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{"data":[]}')))
  const arrived = () => new Promise((resolve) => setTimeout(resolve, 0))

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

  it('hands the JSON to peeks once it has arrived, and then not to a request', async () => {
    startEarlyGet(url)
    expect(peekEarlyGet(url, 'token-1')).toBeUndefined()
    await arrived()
    expect(peekEarlyGet(url, 'token-2')).toBeUndefined()
    startEarlyGet(url)
    await arrived()
    const peeked = peekEarlyGet(url, 'token-1')
    expect(peeked).toEqual({ data: [] })
    // A rebuilt cache entry peeks again and gets the same answer; a request wants a fresh one.
    expect(peekEarlyGet(url, 'token-1')).toBe(peeked)
    expect(takeEarlyGet(url, 'token-1')).toBeNull()
  })

  it('is peeked again only right after the first peek: a screen opened later fetches anew', async () => {
    startEarlyGet(url)
    await arrived()
    vi.useFakeTimers()
    expect(peekEarlyGet(url, 'token-1')).toEqual({ data: [] })
    vi.advanceTimersByTime(900)
    expect(peekEarlyGet(url, 'token-1')).toEqual({ data: [] })
    vi.advanceTimersByTime(1_200)
    expect(peekEarlyGet(url, 'token-1')).toBeUndefined()
    expect(takeEarlyGet(url, 'token-1')).toBeNull()
  })

  it('leaves a refused or unreadable answer to the request, which reports it', async () => {
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(new Response('{"error":"internal"}', { status: 500, statusText: 'Oops' })),
    )
    startEarlyGet(url)
    await arrived()
    expect(peekEarlyGet(url, 'token-1')).toBeUndefined()
    const response = await takeEarlyGet(url, 'token-1')
    expect(response?.status).toBe(500)
    expect(await response?.json()).toEqual({ error: 'internal' })

    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('<html>')))
    startEarlyGet(url)
    await arrived()
    expect(peekEarlyGet(url, 'token-1')).toBeUndefined()
    expect(takeEarlyGet(url, 'token-1')).toBeNull()
  })

  it('hands a network failure to the request that takes it', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
    startEarlyGet(url)
    await arrived()
    expect(peekEarlyGet(url, 'token-1')).toBeUndefined()
    await expect(takeEarlyGet(url, 'token-1')).rejects.toThrow('Failed to fetch')
  })

  it('sends nothing without a stored token', () => {
    localStorage.clear()
    startEarlyGet(url)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(takeEarlyGet(url, null)).toBeNull()
  })
})
