import type { FieldRefusal, OverrideFailure, Refusals } from '../../machines/door-override.machine'
import { isApiError } from '../api/api-error'
import type { ErrorBody } from '../contract/errors'

// The override routes' answers (server/routes/door-modes.ts) as the machine names them: a 400
// naming `until` or `reason` goes back to the field; 409 is a lockdown's refusal of an unlock,
// 422 no lock on the door that can, 403 the person may not.

const fieldRefusal = (body: ErrorBody): FieldRefusal => {
  if (body.rule === 'required') return 'required'
  if (body.rule === 'too_long') return 'tooLong'
  if (body.rule === 'datetime_invalid') return 'invalid'
  // The end's two other refusals: past (no parameters) and too far ahead ({max}).
  return body.params?.max === undefined ? 'past' : 'tooFar'
}

/** The refused fields of a 400 naming one, or null for any other answer. */
export function overrideRefusals(error: unknown): Refusals | null {
  if (!isApiError(error) || error.status !== 400) return null
  const body = error.body
  if (body === null || (body.field !== 'until' && body.field !== 'reason')) return null
  return { [body.field]: fieldRefusal(body) }
}

export function overrideFailure(error: unknown): OverrideFailure {
  if (!isApiError(error) || error.kind !== 'HTTP') return 'unavailable'
  if (error.status === 409) return 'lockdown'
  if (error.status === 422) return 'capability'
  if (error.status === 403) return 'permission'
  return 'unavailable'
}

/** The server's refusal, kept to word it (a lockdown names its scope, who and when). */
export const refusalBody = (error: unknown): ErrorBody | null =>
  isApiError(error) ? error.body : null
