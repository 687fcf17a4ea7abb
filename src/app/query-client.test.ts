// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/api-error'
import { createQueryClient } from './query-client'

afterEach(() => vi.unstubAllGlobals())

// Whether a query that has failed `failures` times with `error` is asked again.
function retries(failures: number, error: Error): boolean {
  const rule = createQueryClient().getDefaultOptions().queries?.retry
  if (typeof rule !== 'function') throw new Error('the retry rule is a function')
  return rule(failures, error)
}

const http = (status: number) => new ApiError('HTTP', 'HTTP error', { status })

describe('the one retry rule of every query (lists, details, tiles)', () => {
  it('asks again twice after network trouble, then shows the failure', () => {
    for (const kind of ['FETCH_ERROR', 'TIMEOUT_ERROR'] as const) {
      const error = new ApiError(kind, 'no answer')
      expect([0, 1, 2].map((failures) => retries(failures, error))).toEqual([true, true, false])
    }
  })

  it('never asks again after an answer: not found, forbidden, server error, throttled, garbled', () => {
    const answers = [
      http(404),
      http(403),
      http(500),
      new ApiError('HTTP', 'Too Many Requests', { status: 429, retryAfter: 7 }),
      new ApiError('PARSING_ERROR', 'bad body'),
    ]
    for (const error of answers) expect(retries(0, error)).toBe(false)
  })

  it('does not ask again while the browser knows it is offline: the reconnect refetch does', () => {
    vi.stubGlobal('navigator', { onLine: false })
    expect(retries(0, new ApiError('FETCH_ERROR', 'Failed to fetch'))).toBe(false)
  })
})
