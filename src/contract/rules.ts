import type { Failure } from './struct'

// Every validation failure names the rule it broke and that rule's parameters, so a client can say
// it in any language without reading the English message, which stays for logs and API callers.

export const ruleCodes = [
  'required',
  'too_long',
  'too_many',
  'password_too_short',
  'email_invalid',
  'phone_invalid',
  'client_id_invalid',
  'client_exists',
  'duplicate',
  'id_invalid',
  'datetime_invalid',
  'image_url_invalid',
  'role_invalid',
  'permission_invalid',
  'end_before_start',
  'permanent_has_end',
  'unknown_field',
  'invalid',
  'unreadable',
  'taken',
  'in_use',
  'conflict',
  'not_at_assignment',
  // Offline codes (decision 073): nothing of the credential's window is left; no code to reissue.
  'credential_ended',
  'no_code',
  // A past moment the journal no longer (or not yet) covers ("Who can open this?").
  'before_journal',
  // Refusals of a permitted caller (403/409): what they lack, or why this one object is not theirs
  // to change (docs/decisions/043-user-refusals.md).
  'no_permission',
  'not_manageable',
  'cannot_grant',
  'own_account',
  // The leaver (decision 074): the last account holding users:update everywhere stays; an
  // offboarding is undone within ten minutes, once.
  'last_admin',
  'undo_expired',
  'nothing_to_undo',
  // Lockdown (docs/lockdown.md): a command or offline code refused while one is active, and the
  // two-person release's refusals.
  'lockdown',
  'already_locked_down',
  'release_pending',
  'no_release_request',
  'release_lapsed',
  'second_person_required',
  'not_active',
  // Outside demo mode an invitation needs a way out: e-mail through SMTP_URL; text messages have
  // none (decision 084). `channel`: email | sms.
  'no_transport',
] as const
export type Rule = (typeof ruleCodes)[number]

export type RuleParams = Record<string, string | number>

/** The product's fixed "… is required." sentences, keyed by the thing that is missing. */
export const requiredMessages = {
  name: 'Name is required.',
  description: 'Description is required.',
  username: 'Username is required.',
  password: 'Password is required.',
  email: 'The email field is required.',
  roles: 'At least one role is required.',
  permissions: 'At least one permission is required.',
  organization: 'Organization is required.',
  clients: 'Please provide at least one client.',
  device_type: 'Device Type is required.',
  manufacturer: 'Manufacturer is required.',
  manufacturer_id: 'Manufacturer ID is required.',
  user: 'User is required.',
  device: 'Device is required.',
  door: 'Door is required.',
  location: 'Location is required.',
  floor: 'Floor is required.',
  room: 'Room is required.',
  position: 'Position is required.',
  weekdays: 'Pick at least one weekday.',
  group: 'Pick at least one group.',
  target: 'Pick at least one place.',
  schedule: 'Choose a schedule, or “At any time”.',
  date: 'A date is required.',
  end: 'The end is required unless permanent.',
  refresh_token: 'refresh_token is required.',
  token: 'token is required.',
  reason: 'A reason is required.',
  scope: 'Choose what to lock down.',
  code: 'A code is required.',
  mfa_token: 'mfa_token is required.',
  challenge_id: 'challenge_id is required.',
} as const
export type Subject = keyof typeof requiredMessages

/** A failure as every layer passes it on: the rule, its parameters and the English text. */
export interface Problem {
  rule: Rule
  params: RuleParams
  message: string
}

type Tagged = Partial<Failure> & { rule: Rule; params: RuleParams }

/** What a refinement returns to fail with a rule; superstruct copies the extra keys into the failure. */
export function fail(
  rule: Rule,
  message: string,
  params: RuleParams = {},
  path?: (string | number)[],
): Partial<Failure> {
  const tagged: Tagged = { rule, params, message, ...(path ? { path } : {}) }
  return tagged
}

export const required = (subject: Subject) =>
  fail('required', requiredMessages[subject], { subject })

const isRule = (value: unknown): value is Rule => ruleCodes.some((rule) => rule === value)

function paramsOf(value: unknown): RuleParams {
  if (typeof value !== 'object' || value === null) return {}
  const params: RuleParams = {}
  for (const [key, param] of Object.entries(value)) {
    if (typeof param === 'string' || typeof param === 'number') params[key] = param
  }
  return params
}

/** The rule a superstruct failure broke: ours where we tagged it, else one named after its type. */
export function problemOfFailure(failure: Failure): Problem {
  const tagged = failure as Failure & { rule?: unknown; params?: unknown }
  if (isRule(tagged.rule)) {
    return { rule: tagged.rule, params: paramsOf(tagged.params), message: failure.message }
  }
  // object() reports unknown keys as "Expected a value of type `never`": say what it means.
  if (failure.type === 'never')
    return { rule: 'unknown_field', params: {}, message: 'Unknown field.' }
  return { rule: 'invalid', params: { type: failure.type }, message: failure.message }
}
