import { PasswordResetRequest, TokenPair } from '../contract/auth'
import { FACTOR_STEP_PATH, PASSKEY_OPTIONS_PATH, PASSKEY_SIGN_IN_PATH } from '../contract/api-paths'
import {
  PasskeyOptions,
  SignInAnswer,
  type FactorStepRequest,
  type PasskeyOptionsRequest,
  type WebAuthnJson,
} from '../contract/mfa'
import { NotifyAccepted } from '../contract/notify'
import { apiRequest } from './client'

export type Credentials = { username: string; password: string }

/**
 * POST /auth/v1/token (form-encoded password grant); 401 invalid_grant on wrong credentials. A
 * right password of someone with a second factor answers the factor step instead of tokens.
 */
export function requestToken({ username, password }: Credentials, signal?: AbortSignal) {
  return apiRequest(SignInAnswer, {
    method: 'POST',
    path: '/auth/v1/token',
    form: { username, password, grant_type: 'password' },
    auth: false,
    signal,
  })
}

/** POST /org/v1/users/password-reset: a valid link token signs the user in (or asks to enrol). */
export function resetPassword(input: PasswordResetRequest, signal?: AbortSignal) {
  return apiRequest(SignInAnswer, {
    method: 'POST',
    path: '/org/v1/users/password-reset',
    json: input,
    auth: false,
    signal,
  })
}

/** POST the factor step: the code or passkey assertion with the password step's `mfa_token`. */
export function passFactorStep(input: FactorStepRequest, signal?: AbortSignal) {
  return apiRequest(TokenPair, {
    method: 'POST',
    path: FACTOR_STEP_PATH,
    json: input,
    auth: false,
    signal,
  })
}

/** A passkey challenge: for the factor step (`mfa_token`), a step-up, or a passwordless sign-in. */
export function passkeyOptions(input: PasskeyOptionsRequest, signal?: AbortSignal) {
  const stepUp = input.purpose === 'step_up'
  return apiRequest(PasskeyOptions, {
    method: 'POST',
    path: PASSKEY_OPTIONS_PATH,
    json: input,
    auth: stepUp,
    signal,
  })
}

/** POST a passwordless sign-in's assertion. */
export function signInWithPasskey(
  input: { challenge_id: string; response: WebAuthnJson },
  signal?: AbortSignal,
) {
  return apiRequest(TokenPair, {
    method: 'POST',
    path: PASSKEY_SIGN_IN_PATH,
    json: input,
    auth: false,
    signal,
  })
}

/** POST /notify on the notifications host: always 202, so it reveals no accounts. */
export function startPasswordReset(email: string, signal?: AbortSignal) {
  return apiRequest(NotifyAccepted, {
    method: 'POST',
    host: 'notify',
    path: '/notify',
    json: { workflow: 'reset_password_email', email },
    auth: false,
    signal,
  })
}
