import { enums, number, object, optional, record, string, union, type Infer } from './struct'
import { ruleCodes } from './rules'

export const errorCodes = [
  'validation',
  'malformed_json',
  'unauthenticated',
  'invalid_token',
  'invalid_grant',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'device_not_connected',
  'capability_missing',
  'payload_too_large',
  'unsupported_media_type',
  'throttled',
  // The second factor (decision 077): a decisive action needs a fresh check; an enrol-only token
  // reaches nothing but enrolment.
  'step_up_required',
  'enrolment_required',
  'internal',
] as const
export type ErrorCode = (typeof errorCodes)[number]

/**
 * Every non-2xx answer of the server. `field` names the offending input as a dotted path
 * (`client_ids.2`, `data.start_date`) when one field is to blame; `rule` and `params` say which
 * rule it broke (see rules.ts) so a client can word it in its own language.
 */
export const ErrorBody = object({
  error: enums(errorCodes),
  message: string(),
  field: optional(string()),
  rule: optional(enums(ruleCodes)),
  params: optional(record(string(), union([string(), number()]))),
  /** A refused device command's audit row (written with the refusal, requirements R7.9). */
  audit_id: optional(number()),
})
export type ErrorBody = Infer<typeof ErrorBody>
