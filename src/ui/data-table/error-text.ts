import type { TranslationFunctions } from '../../../i18n/i18n-types'

function field(error: Error, name: 'kind' | 'status' | 'retryAfter'): unknown {
  return name in error ? (error as unknown as Record<string, unknown>)[name] : undefined
}

// The client-side kinds (requirements R8.3) each get their own words; a 429 says how long to wait;
// any other HTTP failure gets default_error. Read structurally so ui/ need not import the API
// client.
export function errorText(LL: TranslationFunctions, error: Error): string {
  const kind = field(error, 'kind')
  // A failed fetch on a machine that knows it is offline: say so, not "the server".
  if (kind === 'FETCH_ERROR')
    return typeof navigator !== 'undefined' && navigator.onLine === false
      ? LL.errors.offline()
      : LL.errors.network()
  if (kind === 'TIMEOUT_ERROR') return LL.errors.timeout()
  if (kind === 'PARSING_ERROR') return LL.errors.parsing()
  if (field(error, 'status') === 429) {
    const seconds = field(error, 'retryAfter')
    return typeof seconds === 'number' && seconds > 0
      ? LL.errors.throttledFor({ seconds })
      : LL.errors.throttled()
  }
  return LL.errors.default_error()
}
