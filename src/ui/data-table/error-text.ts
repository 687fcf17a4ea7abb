import type { TranslationFunctions } from '../../../i18n/i18n-types'

// SPEC 8's client-side kinds each get their own words; any HTTP failure gets default_error. Read
// structurally so ui/ need not import the API client.
export function errorText(LL: TranslationFunctions, error: Error): string {
  const kind = 'kind' in error ? error.kind : undefined
  if (kind === 'FETCH_ERROR') return LL.errors.network()
  if (kind === 'TIMEOUT_ERROR') return LL.errors.timeout()
  if (kind === 'PARSING_ERROR') return LL.errors.parsing()
  return LL.errors.default_error()
}
