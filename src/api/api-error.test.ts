import { describe, expect, it } from 'vitest'
import { ApiError, isHttpStatus } from './api-error'

describe('isHttpStatus', () => {
  it('is true for an HTTP ApiError of that status only', () => {
    const gone = new ApiError('HTTP', 'Not Found', { status: 404 })
    expect(isHttpStatus(gone, 404)).toBe(true)
    expect(isHttpStatus(gone, 403)).toBe(false)
    expect(isHttpStatus(new ApiError('HTTP', 'Server Error', { status: 500 }), 404)).toBe(false)
  })

  it('is false for failures that are not an answer, and for anything not an error', () => {
    expect(isHttpStatus(new ApiError('TIMEOUT_ERROR', 'Timed out'), 404)).toBe(false)
    expect(isHttpStatus(new ApiError('FETCH_ERROR', 'Failed to fetch'), 404)).toBe(false)
    expect(isHttpStatus(new Error('Not Found'), 404)).toBe(false)
    expect(isHttpStatus({ kind: 'HTTP', status: 404 }, 404)).toBe(false)
    expect(isHttpStatus(undefined, 404)).toBe(false)
  })
})
