import { integer, literal, object, optional, string, type Infer } from './struct'
import { Password, requiredText } from './fields'

/**
 * POST /auth/v1/token, form-encoded (OAuth2 password grant). `username` may be the email. Answers
 * SignInAnswer (src/contract/mfa.ts): tokens, or the factor step when a second factor is needed.
 */
export const TokenRequest = object({
  username: requiredText('username', 254),
  password: requiredText('password', 256),
  grant_type: optional(literal('password')),
})
export type TokenRequest = Infer<typeof TokenRequest>

export const TokenPair = object({
  access_token: string(),
  refresh_token: string(),
  token_type: literal('bearer'),
  expires_in: integer(),
})
export type TokenPair = Infer<typeof TokenPair>

/** POST /auth/v1/token/refresh */
export const RefreshRequest = object({
  refresh_token: requiredText('refresh_token', 512),
})
export type RefreshRequest = Infer<typeof RefreshRequest>

/**
 * POST /org/v1/users/password-reset: the token from the reset, invite or first-start setup link.
 * Answers SignInAnswer: tokens, or the factor step (enrolment) when a policy requires a factor.
 */
export const PasswordResetRequest = object({
  new_password: Password,
  token: requiredText('token', 512),
})
export type PasswordResetRequest = Infer<typeof PasswordResetRequest>

export const Health = object({ status: literal('ok') })
export type Health = Infer<typeof Health>
