import { TokenPair } from './auth'
import { Id, IsoDateTime, requiredText } from './fields'
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  nullable,
  object,
  optional,
  record,
  string,
  union,
  unknown,
  type Infer,
} from './struct'

// The second factor, step-up and sessions (issue 67, docs/decisions/077-second-factor-and-step-up.md).

/** How a person proves the second factor: an authenticator app, a passkey, or a recovery code. */
export const factorMethods = ['totp', 'webauthn', 'recovery'] as const
export const FactorMethod = enums(factorMethods)
export type FactorMethod = Infer<typeof FactorMethod>

/** RFC 8176 values the server writes into a token's `amr`. */
export const amrValues = ['pwd', 'otp', 'hwk', 'user', 'mfa', 'swk'] as const

/** A fresh check is one this many seconds old at most. */
export const STEP_UP_MAX_AGE_SECONDS = 300

/** An export of more rows than this needs a fresh check. */
export const STEP_UP_EXPORT_ROWS = 10_000

/**
 * POST /auth/v1/token answers this (200) instead of tokens when the password was right and a second
 * factor is needed. `mfa_token` is good for `expires_in` seconds and for nothing but the factor step
 * (POST FACTOR_STEP_PATH) or, with `enrolment_required`, for enrolment: as `Authorization: Bearer`
 * on the enrolment routes, where every other route answers 403 `enrolment_required`. `methods` are
 * those this person has (empty when they must enrol).
 */
export const FactorChallenge = object({
  second_factor_required: literal(true),
  mfa_token: string(),
  expires_in: integer(),
  methods: array(FactorMethod),
  enrolment_required: boolean(),
})
export type FactorChallenge = Infer<typeof FactorChallenge>

/** The sign-in's answer: tokens, or the factor step. */
export const SignInAnswer = union([TokenPair, FactorChallenge])
export type SignInAnswer = Infer<typeof SignInAnswer>

export function isFactorChallenge(answer: SignInAnswer): answer is FactorChallenge {
  return 'second_factor_required' in answer
}

const Code = requiredText('code', 64)

/**
 * A WebAuthn JSON object as @simplewebauthn/browser makes and takes it (options, registration or
 * authentication response): passed through unchanged, checked by @simplewebauthn/server.
 */
export const WebAuthnJson = record(string(), unknown())
export type WebAuthnJson = Infer<typeof WebAuthnJson>

/** A code typed from the app or a recovery code. */
export const CodeProof = object({ method: enums(['totp', 'recovery'] as const), code: Code })
/** A passkey's assertion for a challenge the server gave (PASSKEY_OPTIONS_PATH). */
export const PasskeyProof = object({
  method: literal('webauthn'),
  challenge_id: requiredText('challenge_id', 64),
  response: WebAuthnJson,
})
export const PasswordProof = object({
  method: literal('password'),
  password: requiredText('password', 256),
})

/** POST FACTOR_STEP_PATH: the second step of a sign-in. Answers TokenPair. */
export const FactorStepRequest = union([
  object({
    mfa_token: requiredText('mfa_token', 2048),
    method: enums(['totp', 'recovery'] as const),
    code: Code,
  }),
  object({
    mfa_token: requiredText('mfa_token', 2048),
    method: literal('webauthn'),
    challenge_id: requiredText('challenge_id', 64),
    response: WebAuthnJson,
  }),
])
export type FactorStepRequest = Infer<typeof FactorStepRequest>

/**
 * POST STEP_UP_PATH with the bearer token: a fresh check. The second factor where the person has
 * one, the password where they have none (a password proof from someone with a factor is refused).
 * Answers a TokenPair of the same session with a new `auth_time` and `amr`.
 */
export const StepUpRequest = union([CodeProof, PasskeyProof, PasswordProof])
export type StepUpRequest = Infer<typeof StepUpRequest>

/**
 * POST PASSKEY_OPTIONS_PATH. With `mfa_token`: options for that person's passkeys (the factor
 * step). With `purpose: 'step_up'` and the bearer token: options for the caller's passkeys. With
 * neither: a passwordless sign-in, any passkey the browser holds for this site.
 */
export const PasskeyOptionsRequest = object({
  mfa_token: optional(requiredText('mfa_token', 2048)),
  purpose: optional(enums(['sign_in', 'step_up'] as const)),
})
export type PasskeyOptionsRequest = Infer<typeof PasskeyOptionsRequest>

/** `options` goes to @simplewebauthn/browser's startAuthentication / startRegistration as is. */
export const PasskeyOptions = object({ challenge_id: string(), options: WebAuthnJson })
export type PasskeyOptions = Infer<typeof PasskeyOptions>

/** POST PASSKEY_SIGN_IN_PATH: a passwordless first factor (where the organization allows it). */
export const PasskeySignInRequest = object({
  challenge_id: requiredText('challenge_id', 64),
  response: WebAuthnJson,
})
export type PasskeySignInRequest = Infer<typeof PasskeySignInRequest>

/** POST TOTP_ENROL_PATH: a new secret, pending until the first code confirms it. */
export const TotpEnrolment = object({
  /** Base32, for typing into an app that cannot scan. */
  secret: string(),
  otpauth_uri: string(),
  /** The otpauth URI as a QR code: an SVG document, made on the server. */
  qr_svg: string(),
})
export type TotpEnrolment = Infer<typeof TotpEnrolment>

/** POST TOTP_CONFIRM_PATH */
export const TotpConfirmRequest = object({ code: Code })
export type TotpConfirmRequest = Infer<typeof TotpConfirmRequest>

/**
 * The answer to a confirmed enrolment (app or passkey). `recovery_codes`: the 10 codes, shown this
 * once, when this was the person's first factor (else null). `tokens`: a full session when the
 * enrolment was made with an enrol-only `mfa_token` (else null).
 */
export const EnrolmentDone = object({
  recovery_codes: nullable(array(string())),
  tokens: nullable(TokenPair),
})
export type EnrolmentDone = Infer<typeof EnrolmentDone>

/** POST PASSKEY_REGISTRATION_OPTIONS_PATH answers PasskeyOptions; then POST PASSKEYS_PATH. */
export const PasskeyRegistrationRequest = object({
  challenge_id: requiredText('challenge_id', 64),
  name: requiredText('name', 100),
  response: WebAuthnJson,
})
export type PasskeyRegistrationRequest = Infer<typeof PasskeyRegistrationRequest>

export const Passkey = object({
  passkey_id: Id,
  name: string(),
  created_at: IsoDateTime,
  last_used_at: nullable(IsoDateTime),
})
export type Passkey = Infer<typeof Passkey>

/** GET FACTORS_PATH: my factors. */
export const MyFactors = object({
  totp: nullable(object({ created_at: IsoDateTime, last_used_at: nullable(IsoDateTime) })),
  passkeys: array(Passkey),
  recovery_codes_remaining: integer(),
  /** Whether a policy requires this person to hold a second factor. */
  required: boolean(),
  /** False for the published demo accounts: one visitor must not lock the others out. */
  can_enrol: boolean(),
})
export type MyFactors = Infer<typeof MyFactors>

/** POST RECOVERY_CODES_PATH (step-up): 10 new codes; the old ones stop working. */
export const RecoveryCodes = object({ recovery_codes: array(string()) })
export type RecoveryCodes = Infer<typeof RecoveryCodes>

/** One refresh-token family: a signed-in browser. */
export const Session = object({
  session_id: string(),
  browser: nullable(string()),
  os: nullable(string()),
  address: nullable(string()),
  first_seen: IsoDateTime,
  last_seen: IsoDateTime,
  /** The session of the token that asked. */
  current: boolean(),
})
export type Session = Infer<typeof Session>

export const Sessions = object({ data: array(Session) })
export type Sessions = Infer<typeof Sessions>

/** POST END_OTHER_SESSIONS_PATH answers how many ended. */
export const SessionsEnded = object({ ended: integer() })
export type SessionsEnded = Infer<typeof SessionsEnded>

/**
 * A second-factor policy (decision 021: keyed to permissions held, not role labels): whoever holds
 * any permission in `required_for` must have a second factor. The global policy (MFA_POLICY_PATH,
 * read and written with organizations:update) applies to every organization; an organization's own
 * (organizationMfaPolicyPath, organizations:update or :org) adds to it and says whether its people
 * may sign in with a passkey alone.
 */
export const MfaPolicy = object({
  required_for: array(string()),
  passwordless_passkeys: boolean(),
})
export type MfaPolicy = Infer<typeof MfaPolicy>

/** POST resetFactorsPath(userId) (step-up): the person's factors and recovery codes are removed. */
export const FactorResetRequest = object({ reason: requiredText('reason', 500) })
export type FactorResetRequest = Infer<typeof FactorResetRequest>

/** PATCH passkeyPath(id): a passkey's new name. */
export const PasskeyRename = object({ name: requiredText('name', 100) })
export type PasskeyRename = Infer<typeof PasskeyRename>

/** The 403 `step_up_required` answer's params: how fresh the check must be. */
export const StepUpParams = object({ max_age: integer() })
