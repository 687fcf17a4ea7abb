import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import { errorText } from './error-text'

beforeAll(() => loadLocale('en'))

const LL = () => i18nObject('en')

/** The shape of the API client's errors, built here because ui/ does not import api/. */
function failure(kind: string, init: { status?: number; retryAfter?: number } = {}) {
  return Object.assign(new Error('x'), { kind, ...init })
}

describe('errorText', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('names each kind of failure in plain words', () => {
    expect(errorText(LL(), failure('TIMEOUT_ERROR'))).toBe(LL().errors.timeout())
    expect(errorText(LL(), failure('PARSING_ERROR'))).toBe(LL().errors.parsing())
    expect(errorText(LL(), failure('FETCH_ERROR'))).toBe(LL().errors.network())
    expect(errorText(LL(), failure('HTTP', { status: 500 }))).toBe(LL().errors.default_error())
  })

  it('says the browser is offline when it knows', () => {
    vi.stubGlobal('navigator', { onLine: false })
    expect(errorText(LL(), failure('FETCH_ERROR'))).toBe(
      'You are offline. The console tries again when the connection is back.',
    )
  })

  it('tells how long to wait after a 429, from Retry-After when it came', () => {
    const timed = failure('HTTP', { status: 429, retryAfter: 7 })
    expect(errorText(LL(), timed)).toBe('The server is busy. Try again in 7 seconds.')
    const untimed = failure('HTTP', { status: 429 })
    expect(errorText(LL(), untimed)).toBe('The server is busy. Please try again in a moment.')
  })
})
