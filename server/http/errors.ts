import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '../../src/contract/errors'
import {
  requiredMessages,
  type Problem,
  type Rule,
  type RuleParams,
  type Subject,
} from '../../src/contract/rules'

/** Thrown by handlers; app.onError turns it into the contract's ErrorBody JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /**
     * The rule the request broke and its parameters, for 400s, 403s and 409s a client words in
     * its own language; a refusal without a rule (a device command's) may still carry parameters.
     */
    readonly rule?: Partial<Pick<Problem, 'rule'>> & Pick<Problem, 'params'>,
  ) {
    super(message)
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found.`)

/** 403; with the permissions any one of which would allow it, named as a rule's parameter. */
export const forbidden = (needed?: readonly string[]) =>
  new HttpError(
    403,
    'forbidden',
    'You do not have permission to do this.',
    undefined,
    {},
    needed ? { rule: 'no_permission', params: { permissions: needed.join(', ') } } : undefined,
  )

export const badField = (field: string, message: string, rule: Rule = 'invalid', params = {}) =>
  new HttpError(400, 'validation', message, field, {}, { rule, params })

/** A reference the contract accepted in shape but that names nothing usable: "… is required." */
export const requiredField = (field: string, subject: Subject) =>
  badField(field, requiredMessages[subject], 'required', { subject })

export const conflict = (
  message: string,
  field?: string,
  rule: Rule = 'conflict',
  params: RuleParams = {},
) => new HttpError(409, 'conflict', message, field, {}, { rule, params })

/** What still holds a thing a write would delete or move away. */
export interface Holdings {
  devices: number
  credentials: number
}

/** Refused while devices or credentials hold it: the counts go along for the client to word. */
export const inUse = (message: string, params: Holdings & { subject: string }, field?: string) =>
  conflict(message, field, 'in_use', { ...params })

/** A unique value (username, email, client id, …) another record already holds. */
export const taken = (field: string, subject: string, message: string) =>
  conflict(message, field, 'taken', { subject })
