import type { Context } from 'hono'
import { SIGN_OUT_PATH } from '../../src/contract/api-paths'
import { PasswordResetRequest, RefreshRequest, TokenRequest } from '../../src/contract/auth'
import { deviceCookie, readDevice } from '../auth/device-cookie'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords'
import { clearBudget, pruneBudgets, reserveAttempt } from '../auth/throttle'
import { answerSignIn } from '../auth/sign-in'
import { endSessions } from '../auth/sessions'
import { factorKeys, lockedFor } from '../auth/factor-throttle'
import {
  consumePasswordToken,
  claimPasswordToken,
  releasePasswordToken,
  revokeRefreshFamily,
  rotateRefreshToken,
} from '../auth/tokens'
import type { App, Services } from '../context'
import { writeJournal } from '../db/journal'
import { DEMO_PASSWORD } from '../db/seed-data'
import { badField, HttpError } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { jsonBody, parse } from '../http/validate'

const invalidGrant = () =>
  new HttpError(401, 'invalid_grant', 'The username or password is incorrect.')

const invalidLink = () =>
  new HttpError(400, 'invalid_grant', 'This link is invalid, used or expired.', 'token')

const throttled = (wait: number) =>
  new HttpError(429, 'throttled', 'Too many failed sign-ins. Try again later.', undefined, {
    'Retry-After': String(wait),
  })

const PRUNE_EVERY = 1000

/** Whether the client reached us over TLS, directly or as the configured public URL says. */
const overTls = (c: Context, s: Services) =>
  new URL(c.req.url).protocol === 'https:' || s.options.publicUrl.startsWith('https:')

export function registerAuth(app: App, s: Services) {
  const ttl = { access: s.options.accessTokenTtl, refresh: s.options.refreshTokenTtl }
  const rules = { maxFailures: s.options.loginMaxFailures, lockSeconds: s.options.loginLockSeconds }
  let attempts = 0

  // OAuth2 password grant, form-encoded: a first-party exception: the product signs its own staff in.
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
    const name = input.username.trim().toLowerCase()
    // One sign-in namespace (migration 003): a name, in any case or spacing, reaches one account.
    const [user] = await s.db.query<{
      user_id: number
      email: string
      organization_id: number
      password_hash: string | null
      disabled: boolean
    }>(
      `select u.user_id, u.email, u.organization_id, u.password_hash, u.disabled
       from sign_in_names n join users u using (user_id) where n.name = lower($1)`,
      [name],
    )
    // The budget belongs to the account whatever name reached it; a client with this account's
    // device cookie spends its own budget, so strangers cannot lock the owner out.
    const device = readDevice(s.jwtKey, c.req.header('cookie'))
    const known = user !== undefined && device?.userId === user.user_id
    const key = !user ? `name:${name}` : known ? `device:${device.nonce}` : `user:${user.user_id}`
    attempts += 1
    if (attempts % PRUNE_EVERY === 0) await pruneBudgets(s.db)
    // While the account's factor step is locked, every password gets the same 429: a right one
    // must not be told from a wrong one by a different answer (decision 077).
    const factorWait = user ? await lockedFor(s.db, factorKeys(user.user_id, null)) : 0
    const wait = factorWait > 0 ? factorWait : await reserveAttempt(s.db, key, rules)
    if (wait > 0) {
      s.metrics.throttleRefusals.inc()
      throw throttled(wait)
    }
    const ok = await s.hashing.run(() =>
      user?.password_hash != null
        ? verifyPassword(input.password, user.password_hash)
        : burnPasswordCheck(input.password, s.options.scryptLogN),
    )
    // The demo password is published: outside demo mode it opens nothing, even where it is set.
    const published = !s.options.demoMode && input.password === DEMO_PASSWORD
    // The session rows name the account, never the name typed: a password typed into the name
    // field would otherwise be written down. An unknown name is journaled without one.
    const session = {
      organizationId: user?.organization_id ?? null,
      targetType: 'session',
      targetId: user?.user_id ?? null,
      targetName: user?.email ?? null,
    } as const
    if (!user || !ok || published || user.disabled) {
      // The account's id, never the name typed (it may be a password typed in the wrong field).
      s.logger.info('login failed', {
        requestId: c.get('requestId'),
        ...(user ? { userId: user.user_id } : {}),
      })
      s.metrics.signInFailures.inc()
      await s.db.tx((q) =>
        writeJournal(q, journalSource(c, null), { ...session, action: 'sign_in_failed' }),
      )
      throw invalidGrant()
    }
    await clearBudget(s.db, key)
    c.header(
      'Set-Cookie',
      deviceCookie(s.jwtKey, user.user_id, overTls(c, s), known ? device.nonce : undefined),
    )
    const signedIn = {
      userId: user.user_id,
      email: user.email,
      organizationId: user.organization_id,
    }
    return c.json(await answerSignIn(s, c, signedIn, ['pwd']))
  })

  app.post('/auth/v1/token/refresh', async (c) => {
    const { refresh_token } = await jsonBody(c, RefreshRequest)
    const outcome = await s.db.tx((q) =>
      rotateRefreshToken(q, s.jwtKey, refresh_token, ttl, s.clock.now()),
    )
    if (!outcome.ok) {
      if (outcome.reason === 'replayed') {
        s.logger.warn('refresh token replayed: family revoked', { requestId: c.get('requestId') })
      }
      throw new HttpError(401, 'invalid_grant', 'The session has ended. Sign in again.')
    }
    return c.json(outcome.pair)
  })

  // Logout (SIGN_OUT_PATH): the session ends here too, and the journal says who left and when.
  app.post(SIGN_OUT_PATH, async (c) => {
    const { refresh_token } = await jsonBody(c, RefreshRequest)
    await s.db.tx(async (q) => {
      const ended = await revokeRefreshFamily(q, refresh_token, s.clock.now())
      if (ended === null) return
      const actor = { userId: ended.userId, email: ended.email }
      await writeJournal(q, journalSource(c, actor), {
        organizationId: ended.organizationId,
        targetType: 'session',
        targetId: ended.userId,
        targetName: ended.email,
        action: 'sign_out',
      })
    })
    return c.body(null, 204)
  })

  app.post('/org/v1/users/password-reset', async (c) => {
    const input = await jsonBody(c, PasswordResetRequest)
    if (!s.options.demoMode && input.new_password === DEMO_PASSWORD) {
      throw badField('new_password', 'This password is published with the demo. Choose another.')
    }
    // The link is claimed before any hashing: a bogus or already claimed token costs one indexed
    // write, not scrypt, and of several simultaneous uses exactly one goes on.
    if ((await claimPasswordToken(s.db, input.token)) === null) throw invalidLink()
    // Hash before the transaction: scrypt takes a while and PGlite has a single connection.
    let hash: string
    try {
      hash = await s.hashing.run(() => hashPassword(input.new_password, s.options.scryptLogN))
    } catch (error) {
      await releasePasswordToken(s.db, input.token)
      throw error
    }
    const reset = await s.db.tx(async (q) => {
      const link = await consumePasswordToken(q, input.token)
      if (link === null) return null
      const { userId } = link
      // A new password ends every session of this account: refresh tokens are revoked, and the
      // raised session generation stops access tokens issued before now. Following the link
      // confirms the address it was sent to: the e-mail, or the phone for an SMS.
      // An e-mailed invite link confirms a withdrawn address again (decision 074).
      const confirmed =
        link.channel === 'sms'
          ? 'phone_confirmed = true'
          : 'email_confirmed = true, email_withdrawn_at = null'
      await q.query(
        `update users set password_hash = $2, ${confirmed}, updated_at = now(),
           session_epoch = session_epoch + 1
         where user_id = $1`,
        [userId, hash],
      )
      await endSessions(q, userId, null, s.clock.now())
      const [user] = await q.query<{ email: string; organization_id: number }>(
        'select email, organization_id from users where user_id = $1',
        [userId],
      )
      if (!user) return null
      // The link's holder set the password: the journal names them as the actor.
      const actor = { userId, email: user.email }
      await writeJournal(q, journalSource(c, actor), {
        organizationId: user.organization_id,
        action: 'password_reset',
        targetType: 'user',
        targetId: userId,
        targetName: user.email,
      })
      return { userId, email: user.email, organizationId: user.organization_id }
    })
    if (!reset) throw invalidLink()
    // Tokens of the old session generation stop on this server now (decision 055).
    s.principals.forget(reset.userId)
    // Following the link proved the address, not a second factor: the factor step or enrolment
    // comes next where one is set or required.
    return c.json(await answerSignIn(s, c, reset, ['pwd']))
  })
}
