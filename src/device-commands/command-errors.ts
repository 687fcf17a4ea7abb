import type { CommandFailure } from '../../machines/device-command.machine'
import { isApiError } from '../api/client'
import type { ErrorBody } from '../contract/errors'

// How a command's failed request reads to the machine and the user, for one device's command and
// for each device of a bulk command alike.

const failureByStatus: Record<number, CommandFailure> = {
  403: 'permission',
  409: 'offline',
  422: 'capability',
}

/** What the server's refusal means to the user; anything else is "could not be sent". */
export function failureOf(error: unknown): CommandFailure {
  return (
    (isApiError(error) && error.kind === 'HTTP' && failureByStatus[error.status ?? 0]) ||
    'unavailable'
  )
}

/**
 * The server's refusal (its code, parameters and English words), kept so the dialog, the receipt
 * and the bulk run can word it in the user's language when they show it.
 */
export function refusalOf(error: unknown): ErrorBody | null {
  return isApiError(error) ? (error.body ?? null) : null
}

/** The audit row a refused command wrote, which the server names in its answer. */
export function refusedAuditId(error: unknown): number | null {
  return isApiError(error) ? (error.body?.audit_id ?? null) : null
}
