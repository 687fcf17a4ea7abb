import { PasswordResetRequest, TokenPair } from '../contract/auth'
import { NotifyAccepted } from '../contract/notify'
import { apiRequest } from './client'

export type Credentials = { username: string; password: string }

/** POST /auth/v1/token (form-encoded password grant); 401 invalid_grant on wrong credentials. */
export function requestToken({ username, password }: Credentials, signal?: AbortSignal) {
  return apiRequest(TokenPair, {
    method: 'POST',
    path: '/auth/v1/token',
    form: { username, password, grant_type: 'password' },
    auth: false,
    signal,
  })
}

/** POST /org/v1/users/password-reset: a valid link token signs the user in. */
export function resetPassword(input: PasswordResetRequest, signal?: AbortSignal) {
  return apiRequest(TokenPair, {
    method: 'POST',
    path: '/org/v1/users/password-reset',
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
