import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { errorText } from '../data-table/error-text'
import type { FormFailure } from './form-core'
import { problemText } from './problem-text'

const statusText: Record<number, (LL: TranslationFunctions) => string> = {
  403: (LL) => LL.form.forbidden(),
  404: (LL) => LL.form.notFound(),
}

/** A form-level failure in words: the server's rule if it named one, else what kind of failure. */
export function failureText(LL: TranslationFunctions, failure: FormFailure): string {
  if (failure.kind === 'problem') return problemText(LL, failure.problem)
  const { error } = failure
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : 0
  const byStatus = typeof status === 'number' ? statusText[status] : undefined
  if (byStatus) return byStatus(LL)
  return error instanceof Error ? errorText(LL, error) : LL.errors.default_error()
}
