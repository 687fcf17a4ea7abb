import type { ActionFailure } from '../../machines/action.machine'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import { isApiError } from '../api/client'
import { commandFailureText } from '../lib/answer-text'
import { errorText } from '../ui/data-table/error-text'
import type { ErrorBody } from '../contract/errors'

// How a command's failed request reads to the machine and the user, for one device's command and
// for each device of a bulk command alike.

const failureByStatus: Record<number, ActionFailure> = {
  403: 'permission',
  409: 'offline',
  422: 'capability',
}

/**
 * What the server's refusal means to the user; anything else is "could not be sent". A device
 * command's 409 and 422 are the device's (not connected, cannot); any other action's are the
 * server's refusal, worded from its rule.
 */
export function failureOf(error: unknown, action?: { needs: { online?: boolean } }): ActionFailure {
  if (!isApiError(error) || error.kind !== 'HTTP') return 'unavailable'
  const status = error.status ?? 0
  if (action !== undefined && action.needs.online !== true)
    return status === 403 ? 'permission' : 'refused'
  return failureByStatus[status] ?? 'unavailable'
}

/**
 * Words for the error dialog: a refusal worded from the server's code and parameters (they name
 * the problem exactly); a request that never arrived says what happened to it.
 */
export function failureWords(LL: TranslationFunctions, error: unknown): string | null {
  if (failureOf(error) === 'unavailable' && error instanceof Error) return errorText(LL, error)
  return commandFailureText(LL, refusalBody(error))
}

/**
 * The server's refusal (its code, parameters and English words), kept so the dialog, the receipt
 * and the bulk run can word it in the user's language when they show it.
 */
export function refusalBody(error: unknown): ErrorBody | null {
  return isApiError(error) ? (error.body ?? null) : null
}

/** The audit row a refused command wrote, which the server names in its answer. */
export function refusedAuditId(error: unknown): number | null {
  return isApiError(error) ? (error.body?.audit_id ?? null) : null
}
