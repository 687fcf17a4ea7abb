import { PasswordResetRequest, RefreshRequest, TokenRequest } from '../../src/contract/auth'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords'
import { consumePasswordToken, issueTokenPair, rotateRefreshToken } from '../auth/tokens'
import type { App, Services } from '../context'
import { HttpError } from '../http/errors'
import { jsonBody, parse } from '../http/validate'

const invalidGrant = () =>
  new HttpError(401, 'invalid_grant', 'The username or password is incorrect.')

export function registerAuth(app: App, s: Services) {
  const ttl = { access: s.options.accessTokenTtl, refresh: s.options.refreshTokenTtl }

  // OAuth2 password grant, form-encoded: a documented first-party exception (ARCHITECTURE.md).
  app.post('/auth/v1/token', async (c) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
      throw new HttpError(
        415,
        'unsupported_media_type',
        'Send the credentials as application/x-www-form-urlencoded.',
      )
    }
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()))
    const input = parse(form, TokenRequest)
    const key = input.username.trim().toLowerCase()
    const wait = s.throttle.retryAfter(key)
    if (wait > 0) {
      throw new HttpError(
        429,
        'throttled',
        'Too many failed sign-ins. Try again later.',
        undefined,
        {
          'Retry-After': String(wait),
        },
      )
    }
    const [user] = await s.db.query<{
      user_id: number
      password_hash: string | null
      disabled: boolean
    }>(
      'select user_id, password_hash, disabled from users where lower(username) = $1 or lower(email) = $1',
      [key],
    )
    const ok =
      user?.password_hash != null
        ? await verifyPassword(input.password, user.password_hash)
        : await burnPasswordCheck(input.password, s.options.scryptLogN)
    if (!user || !ok || user.disabled) {
      s.throttle.fail(key)
      s.logger.info('login failed', { username: key })
      throw invalidGrant()
    }
    s.throttle.succeed(key)
    return c.json(await s.db.tx((q) => issueTokenPair(q, s.jwtKey, user.user_id, ttl)))
  })

  app.post('/auth/v1/token/refresh', async (c) => {
    const { refresh_token } = await jsonBody(c, RefreshRequest)
    const outcome = await s.db.tx((q) => rotateRefreshToken(q, s.jwtKey, refresh_token, ttl))
    if (!outcome.ok) {
      if (outcome.reason === 'replayed') s.logger.warn('refresh token replayed: family revoked')
      throw new HttpError(401, 'invalid_grant', 'The session has ended. Sign in again.')
    }
    return c.json(outcome.pair)
  })

  app.post('/org/v1/users/password-reset', async (c) => {
    const input = await jsonBody(c, PasswordResetRequest)
    // Hash before the transaction: scrypt takes a while and PGlite has a single connection.
    const hash = await hashPassword(input.new_password, s.options.scryptLogN)
    const pair = await s.db.tx(async (q) => {
      const userId = await consumePasswordToken(q, input.token)
      if (userId === null) return null
      const [user] = await q.query<{ user_id: number }>(
        `update users set password_hash = $2, email_confirmed = true, updated_at = now()
         where user_id = $1 and not disabled returning user_id`,
        [userId, hash],
      )
      if (!user) return null
      // A new password ends every other session of this account.
      await q.query(
        'update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null',
        [userId],
      )
      return issueTokenPair(q, s.jwtKey, userId, ttl)
    })
    if (!pair) {
      throw new HttpError(400, 'invalid_grant', 'This link is invalid, used or expired.', 'token')
    }
    return c.json(pair)
  })
}
