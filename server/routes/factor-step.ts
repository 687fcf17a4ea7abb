import type { Context } from 'hono'
import {
  FACTOR_STEP_PATH,
  PASSKEY_OPTIONS_PATH,
  PASSKEY_SIGN_IN_PATH,
  STEP_UP_PATH,
} from '../../src/contract/api-paths'
import {
  FactorStepRequest,
  PasskeyOptionsRequest,
  PasskeySignInRequest,
  StepUpRequest,
} from '../../src/contract/mfa'
import { clearFactorAttempts, reserveFactorAttempt } from '../auth/factor-throttle'
import { authenticationOptions, provePasskey, relyingPartyOf } from '../auth/passkeys'
import { burnPasswordCheck, verifyPassword } from '../auth/passwords'
import { authenticate } from '../auth/principal'
import { recoveryCodesLeft, useRecoveryCode } from '../auth/recovery-codes'
import { factorState } from '../auth/second-factor'
import { beginSession, hasFactor } from '../auth/sign-in'
import { checkTotp } from '../auth/totp'
import { issueTokenPair, verifyMfaToken } from '../auth/tokens'
import type { App, AppEnv, Services } from '../context'
import { writeJournal } from '../db/journal'
import { badField, HttpError } from '../http/errors'
import { clientAddress, journalSource } from '../http/journal-source'
import { jsonBody } from '../http/validate'
import { expiredStep, personOf, wrongCode, type Person } from './factors'

// Proving a second factor (decision 077): the sign-in's factor step, a passwordless passkey
// sign-in, and step-up; each throttled in the sign-in throttle's store.

const lockedOut = (wait: number) =>
  new HttpError(
    429,
    'throttled',
    'Too many wrong codes. The second step is locked for 15 minutes.',
    undefined,
    { 'Retry-After': String(wait) },
  )

export function registerFactorStep(app: App, s: Services) {
  const rp = relyingPartyOf(s.options.publicUrl)
  const ttl = () => ({ access: s.options.accessTokenTtl, refresh: s.options.refreshTokenTtl })

  /**
   * Checks a code or a passkey of `userId` (throttled per account and address in the sign-in
   * throttle's store): the RFC 8176 methods it proved. Wrong: 400 naming the field.
   */
  async function proveFactor(
    c: Context<AppEnv>,
    person: Person,
    proof: StepUpRequest | FactorStepRequest,
    purpose: 'factor' | 'step_up',
  ): Promise<string[]> {
    const address = clientAddress(c)
    const wait = await reserveFactorAttempt(s.db, person.userId, address)
    if (wait > 0) throw lockedOut(wait)
    const now = s.clock.now()
    let amr: string[] | null = null
    if (proof.method === 'totp') {
      // No transaction: the conditional update takes the step or not, atomically on its own.
      amr = (await checkTotp(s.db, s.secrets, person.userId, proof.code, now)) ? ['otp'] : null
    } else if (proof.method === 'recovery') {
      amr = await s.db.tx(async (q) => {
        if (!(await useRecoveryCode(q, person.userId, proof.code, now))) return null
        await writeJournal(q, journalSource(c, { userId: person.userId, email: person.email }), {
          organizationId: person.organizationId,
          action: 'update',
          targetType: 'user',
          targetId: person.userId,
          targetName: person.email,
          changes: { recovery_codes_remaining: [null, await recoveryCodesLeft(q, person.userId)] },
        })
        return ['otp']
      })
    } else if (proof.method === 'webauthn') {
      const proved = await s.db.tx((q) => provePasskey(q, rp, proof, purpose, person.userId, now))
      amr = proved?.amr ?? null
    } else if (proof.method === 'password') {
      const state = await factorState(s.db, person.userId)
      if (state.methods.length > 0)
        throw badField('method', 'Confirm with your second factor, not the password.')
      const [row] = await s.db.query<{ password_hash: string | null }>(
        'select password_hash from users where user_id = $1',
        [person.userId],
      )
      const ok = await s.hashing.run(() =>
        row?.password_hash != null
          ? verifyPassword(proof.password, row.password_hash)
          : burnPasswordCheck(proof.password, s.options.scryptLogN),
      )
      amr = ok ? ['pwd'] : null
    }
    if (amr === null) {
      throw proof.method === 'webauthn'
        ? badField('response', 'The passkey could not be verified. Try again.')
        : wrongCode(proof.method === 'password' ? 'password' : 'code')
    }
    await clearFactorAttempts(s.db, person.userId, address)
    return amr
  }

  // The sign-in's second step: the mfa_token of the password step, and a code or a passkey.
  app.post(FACTOR_STEP_PATH, async (c) => {
    const input = await jsonBody(c, FactorStepRequest)
    const mfa = verifyMfaToken(s.jwtKey, input.mfa_token)
    if (mfa?.purpose !== 'factor') throw expiredStep()
    const person = await personOf(s.db, mfa.userId, mfa.epoch)
    if (person === null) throw expiredStep()
    const amr = await proveFactor(c, person, input, 'factor')
    return c.json(await beginSession(s, c, person, [...mfa.amr, ...amr, 'mfa']))
  })

  app.post(PASSKEY_OPTIONS_PATH, async (c) => {
    const input = await jsonBody(c, PasskeyOptionsRequest)
    const now = s.clock.now()
    if (input.mfa_token !== undefined) {
      const mfa = verifyMfaToken(s.jwtKey, input.mfa_token)
      if (mfa?.purpose !== 'factor') throw expiredStep()
      return c.json(await s.db.tx((q) => authenticationOptions(q, rp, mfa.userId, 'factor', now)))
    }
    if (input.purpose === 'step_up') {
      const { principal } = await authenticate(s, c.req.header('authorization'))
      return c.json(
        await s.db.tx((q) => authenticationOptions(q, rp, principal.userId, 'step_up', now)),
      )
    }
    return c.json(await s.db.tx((q) => authenticationOptions(q, rp, null, 'sign_in', now)))
  })

  // A passwordless sign-in: a passkey that verified its user (a PIN or biometric) is two factors.
  app.post(PASSKEY_SIGN_IN_PATH, async (c) => {
    const input = await jsonBody(c, PasskeySignInRequest)
    const proved = await s.db.tx((q) => provePasskey(q, rp, input, 'sign_in', null, s.clock.now()))
    if (proved === null || !proved.amr.includes('user'))
      throw new HttpError(401, 'invalid_grant', 'The passkey could not be verified.', 'response')
    const [row] = await s.db.query<{ session_epoch: number }>(
      'select session_epoch from users where user_id = $1',
      [proved.userId],
    )
    const person = await personOf(s.db, proved.userId, row?.session_epoch ?? -1)
    if (person === null)
      throw new HttpError(401, 'invalid_grant', 'The passkey could not be verified.', 'response')
    const state = await factorState(s.db, person.userId)
    if (!state.passwordless) {
      throw new HttpError(
        403,
        'forbidden',
        'Your organization does not allow signing in with a passkey alone. Use your password.',
        undefined,
        {},
        { rule: 'no_permission', params: {} },
      )
    }
    return c.json(await beginSession(s, c, person, [...proved.amr, 'mfa']))
  })

  // Step-up: a fresh check renews the session's auth_time and amr; the answer is a new token pair
  // of the same session (its refresh token the family's next).
  app.post(STEP_UP_PATH, async (c) => {
    const { principal, claims } = await authenticate(s, c.req.header('authorization'))
    const proof = await jsonBody(c, StepUpRequest)
    const person = {
      userId: principal.userId,
      email: principal.email,
      name: principal.firstName,
      organizationId: principal.organizationId,
    }
    const proved = await proveFactor(c, person, proof, 'step_up')
    const amr = hasFactor(proved) ? [...new Set(['pwd', ...proved, 'mfa'])] : proved
    const now = s.clock.now()
    const pair = await s.db.tx(async (q) => {
      const [family] = await q.query<{ expires_at: Date }>(
        `update sessions set auth_time = $2, amr = $3
         where session_id = $1 and ended_at is null
         returning (select max(family_expires_at) from refresh_tokens where family_id = $1)
           as expires_at`,
        [claims.sid, now.toISOString(), amr],
      )
      if (!family?.expires_at) throw expiredStep()
      const issued = await issueTokenPair(
        q,
        s.jwtKey,
        principal.userId,
        ttl(),
        { id: claims.sid, expiresAt: new Date(family.expires_at).toISOString() },
        now,
      )
      await writeJournal(q, journalSource(c, principal), {
        organizationId: principal.organizationId,
        action: 'sign_in',
        targetType: 'session',
        targetId: principal.userId,
        targetName: principal.email,
        changes: { amr: [[...claims.amr], amr] },
      })
      return issued
    })
    return c.json(pair)
  })
}
