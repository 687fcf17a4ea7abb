import {
  END_OTHER_SESSIONS_PATH,
  FACTORS_PATH,
  MFA_POLICY_PATH,
  organizationMfaPolicyPath,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEYS_PATH,
  passkeyPath,
  RECOVERY_CODES_PATH,
  resetFactorsPath,
  sessionPath,
  SESSIONS_PATH,
  STEP_UP_PATH,
  TOTP_CONFIRM_PATH,
  TOTP_PATH,
  userSessionPath,
  userSessionsPath,
} from '../contract/api-paths'
import { TokenPair } from '../contract/auth'
import {
  EnrolmentDone,
  MfaPolicy,
  MyFactors,
  PasskeyOptions,
  RecoveryCodes,
  Sessions,
  SessionsEnded,
  TotpEnrolment,
  type StepUpRequest,
  type WebAuthnJson,
} from '../contract/mfa'
import { apiRequest, type RequestOptions } from './client'

// The second factor, step-up and sessions (src/contract/mfa.ts). The enrolment calls take the
// sign-in's `mfa_token` when a policy requires enrolment before anything else; otherwise they run
// with the session's own token.

export const mfaKeys = {
  factors: ['mfa', 'factors'] as const,
  sessions: ['mfa', 'sessions'] as const,
  userSessions: (userId: number) => ['mfa', 'sessions', userId] as const,
  policy: (organizationId: number | null) => ['mfa', 'policy', organizationId] as const,
}

const bearer = (challenge: string | null): Partial<RequestOptions> =>
  challenge === null ? {} : { auth: false, challengeToken: challenge }

export function fetchMyFactors(signal?: AbortSignal) {
  return apiRequest(MyFactors, { path: FACTORS_PATH, signal })
}

export function startTotpEnrolment(challenge: string | null) {
  return apiRequest(TotpEnrolment, { method: 'POST', path: TOTP_PATH, ...bearer(challenge) })
}

export function confirmTotp(code: string, challenge: string | null) {
  return apiRequest(EnrolmentDone, {
    method: 'POST',
    path: TOTP_CONFIRM_PATH,
    json: { code },
    ...bearer(challenge),
  })
}

export function removeTotp() {
  return apiRequest(null, { method: 'DELETE', path: TOTP_PATH })
}

export function passkeyRegistrationOptions() {
  return apiRequest(PasskeyOptions, { method: 'POST', path: PASSKEY_REGISTRATION_OPTIONS_PATH })
}

export function registerPasskey(input: {
  challenge_id: string
  name: string
  response: WebAuthnJson
}) {
  return apiRequest(EnrolmentDone, { method: 'POST', path: PASSKEYS_PATH, json: input })
}

export function renamePasskey(passkeyId: number, name: string) {
  return apiRequest(null, { method: 'PATCH', path: passkeyPath(passkeyId), json: { name } })
}

export function removePasskey(passkeyId: number) {
  return apiRequest(null, { method: 'DELETE', path: passkeyPath(passkeyId) })
}

export function newRecoveryCodes() {
  return apiRequest(RecoveryCodes, { method: 'POST', path: RECOVERY_CODES_PATH })
}

export function fetchMySessions(signal?: AbortSignal) {
  return apiRequest(Sessions, { path: SESSIONS_PATH, signal })
}

export function endMySession(sessionId: string) {
  return apiRequest(null, { method: 'DELETE', path: sessionPath(sessionId) })
}

export function endOtherSessions() {
  return apiRequest(SessionsEnded, { method: 'POST', path: END_OTHER_SESSIONS_PATH })
}

export function fetchUserSessions(userId: number, signal?: AbortSignal) {
  return apiRequest(Sessions, { path: userSessionsPath(userId), signal })
}

export function endUserSession(userId: number, sessionId: string) {
  return apiRequest(null, { method: 'DELETE', path: userSessionPath(userId, sessionId) })
}

export function resetFactors(userId: number, reason: string) {
  return apiRequest(null, { method: 'POST', path: resetFactorsPath(userId), json: { reason } })
}

/** The global policy (organizationId null) or one organization's. */
export function fetchMfaPolicy(organizationId: number | null, signal?: AbortSignal) {
  const path = organizationId === null ? MFA_POLICY_PATH : organizationMfaPolicyPath(organizationId)
  return apiRequest(MfaPolicy, { path, signal })
}

export function saveMfaPolicy(organizationId: number | null, policy: MfaPolicy) {
  const path = organizationId === null ? MFA_POLICY_PATH : organizationMfaPolicyPath(organizationId)
  return apiRequest(MfaPolicy, { method: 'PUT', path, json: policy })
}

/** The fresh check itself; the caller stores the answered pair (src/api/step-up.ts). */
export function stepUp(proof: StepUpRequest, signal?: AbortSignal) {
  return apiRequest(TokenPair, { method: 'POST', path: STEP_UP_PATH, json: proof, signal })
}
