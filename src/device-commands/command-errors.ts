import type { CommandFailure } from '../../machines/device-command.machine'
import { isApiError } from '../api/client'

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

/** The server's own words, kept for the error dialog (they name the device's problem exactly). */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) ? (error.body?.message ?? null) : null
}

/** The audit row a refused command wrote, which the server names in its answer. */
export function refusedAuditId(error: unknown): number | null {
  return isApiError(error) ? (error.body?.audit_id ?? null) : null
}
