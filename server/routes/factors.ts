import type { Context } from 'hono'
import {
  FACTOR_STEP_PATH,
  FACTORS_PATH,
  PASSKEY_OPTIONS_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEY_SIGN_IN_PATH,
  PASSKEYS_PATH,
  RECOVERY_CODES_PATH,
  STEP_UP_PATH,
  TOTP_CONFIRM_PATH,
  TOTP_PATH,
} from '../../src/contract/api-paths'
import {
  FactorStepRequest,
  PasskeyOptionsRequest,
  PasskeyRegistrationRequest,
  PasskeyRename,
  PasskeySignInRequest,
  StepUpRequest,
  TotpConfirmRequest,
  type EnrolmentDone,
  type MyFactors,
} from '../../src/contract/mfa'
import { clearFactorAttempts, reserveFactorAttempt } from '../auth/factor-throttle'
import {
  authenticationOptions,
  provePasskey,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
} from '../auth/passkeys'
import { burnPasswordCheck, verifyPassword } from '../auth/passwords'
import { authenticate } from '../auth/principal'
import { recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from '../auth/recovery-codes'
import { factorState, isSharedDemoAccount } from '../auth/second-factor'
import { beginSession, hasFactor } from '../auth/sign-in'
import { requireFreshCheck } from '../auth/step-up'
import { checkTotp, confirmTotp, startTotp } from '../auth/totp'
import { issueTokenPair, verifyMfaToken, type AccessClaims } from '../auth/tokens'
import type { App, AppEnv, Services } from '../context'
import type { Queryable } from '../db/database'
import { writeJournal } from '../db/journal'
import { badField, HttpError, notFound } from '../http/errors'
import { clientAddress, journalSource } from '../http/journal-source'
import { idParam, jsonBody } from '../http/validate'

// The second factor (decision 077): the sign-in's factor step, a passwordless passkey sign-in,
// enrolment (app, passkeys, recovery codes) and step-up.

const expiredStep = () =>
  new HttpError(401, 'invalid_grant', 'This sign-in step has expired. Sign in again.')

const wrongCode = (field: string) =>
  new HttpError(400, 'invalid_grant', 'The code is wrong or was used already.', field)

const lockedOut = (wait: number) =>
  new HttpError(
    429,
    'throttled',
    'Too many wrong codes. The second step is locked for 15 minutes.',
    undefined,
    { 'Retry-After': String(wait) },
  )

interface Person {
  userId: number
  email: string
  name: string
  organizationId: number
}

async function personOf(q: Queryable, userId: number, epoch: number): Promise<Person | null> {
  const [row] = await q.query<{
    email: string
    first_name: string
    last_name: string
    organization_id: number
  }>(
    `select email, first_name, last_name, organization_id from users
     where user_id = $1 and session_epoch = $2 and not disabled`,
    [userId, epoch],
  )
  return row
    ? {
        userId,
        email: row.email,
        name: `${row.first_name} ${row.last_name}`.trim(),
        organizationId: row.organization_id,
      }
    : null
}

/**
 * Who enrols: the signed-in caller (an access token), or with an enrol-only `mfa_token` as the
 * bearer (decision 077) the person who must enrol before anything else.
 */
async function enroller(
  s: Services,
  c: Context<AppEnv>,
): Promise<{ person: Person; claims: AccessClaims; enrolOnly: boolean }> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
  const mfa = bearer === undefined ? null : verifyMfaToken(s.jwtKey, bearer)
  if (mfa?.purpose === 'enrol') {
    const person = await personOf(s.db, mfa.userId, mfa.epoch)
    if (person === null) throw expiredStep()
    return { person, claims: mfa, enrolOnly: true }
  }
  const { principal, claims } = await authenticate(s, c.req.header('authorization'))
  const person = {
    userId: principal.userId,
    email: principal.email,
    name: `${principal.firstName} ${principal.lastName}`.trim(),
    organizationId: principal.organizationId,
  }
  return { person, claims, enrolOnly: false }
}

export function registerFactors(app: App, s: Services) {
  const rp = relyingPartyOf(s.options.publicUrl)
  const ttl = () => ({ access: s.options.accessTokenTtl, refresh: s.options.refreshTokenTtl })

  /**
   * May this person add a factor now? A shared demo login only when a policy requires it; someone
   * who already has one only with a fresh check (a stolen token must not add the thief's app).
   */
  async function mayEnrol(c: Context<AppEnv>, who: Awaited<ReturnType<typeof enroller>>) {
    const state = await factorState(s.db, who.person.userId)
    if (isSharedDemoAccount(s.options.demoMode, who.person.email) && !state.required) {
      throw new HttpError(
        403,
        'forbidden',
        'The published demo accounts cannot add a second factor: it would lock other visitors out.',
        undefined,
        {},
        { rule: 'not_manageable', params: {} },
      )
    }
    if (!who.enrolOnly && state.methods.length > 0) {
      c.set('claims', who.claims)
      requireFreshCheck(c, s)
    }
    return state
  }

  /**
   * A factor was added: recovery codes when it is the person's first, a session when they enrolled
   * with an enrol-only token, and the journal's row, in one transaction.
   */
  async function enrolled(
    c: Context<AppEnv>,
    who: Awaited<ReturnType<typeof enroller>>,
    firstFactor: boolean,
    amr: readonly string[],
    change: Record<string, [unknown, unknown]>,
  ): Promise<EnrolmentDone> {
    const { person } = who
    const source = journalSource(c, { userId: person.userId, email: person.email })
    const write = async (q: Queryable) => {
      const codes = firstFactor ? await replaceRecoveryCodes(q, person.userId) : null
      await writeJournal(q, source, {
        organizationId: person.organizationId,
        action: 'update',
        targetType: 'user',
        targetId: person.userId,
        targetName: person.email,
        changes: change,
      })
      return codes
    }
    if (who.enrolOnly) {
      let codes: string[] | null = null
      const tokens = await beginSession(
        s,
        c,
        person,
        [...who.claims.amr, ...amr, 'mfa'],
        async (q) => {
          codes = await write(q)
        },
      )
      return { recovery_codes: codes, tokens }
    }
    return { recovery_codes: await s.db.tx(write), tokens: null }
  }

  app.get(FACTORS_PATH, async (c) => {
    const { person } = await enroller(s, c)
    const [totp] = await s.db.query<{ created_at: Date; last_used_at: Date | null }>(
      'select created_at, last_used_at from totp_factors where user_id = $1',
      [person.userId],
    )
    const passkeys = await s.db.query<{
      passkey_id: number
      name: string
      created_at: Date
      last_used_at: Date | null
    }>(
      `select passkey_id, name, created_at, last_used_at from passkeys where user_id = $1
       order by created_at, passkey_id`,
      [person.userId],
    )
    const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString())
    const state = await factorState(s.db, person.userId)
    const answer: MyFactors = {
      totp: totp
        ? {
            created_at: new Date(totp.created_at).toISOString(),
            last_used_at: iso(totp.last_used_at),
          }
        : null,
      passkeys: passkeys.map((p) => ({
        passkey_id: p.passkey_id,
        name: p.name,
        created_at: new Date(p.created_at).toISOString(),
        last_used_at: iso(p.last_used_at),
      })),
      recovery_codes_remaining: await recoveryCodesLeft(s.db, person.userId),
      required: state.required,
      can_enrol: state.required || !isSharedDemoAccount(s.options.demoMode, person.email),
    }
    return c.json(answer)
  })

  app.post(TOTP_PATH, async (c) => {
    const who = await enroller(s, c)
    await mayEnrol(c, who)
    return c.json(await s.db.tx((q) => startTotp(q, s.secrets, who.person, s.clock.now())))
  })

  app.post(TOTP_CONFIRM_PATH, async (c) => {
    const who = await enroller(s, c)
    const { code } = await jsonBody(c, TotpConfirmRequest)
    const state = await mayEnrol(c, who)
    const confirmed = await s.db.tx((q) =>
      confirmTotp(q, s.secrets, who.person.userId, code, s.clock.now()),
    )
    if (!confirmed) throw wrongCode('code')
    const first = state.methods.length === 0
    return c.json(
      await enrolled(c, who, first, ['otp'], {
        authenticator_app: [state.methods.includes('totp'), true],
      }),
    )
  })

  app.delete(TOTP_PATH, async (c) => {
    const { principal, claims } = await authenticate(s, c.req.header('authorization'))
    c.set('claims', claims)
    requireFreshCheck(c, s)
    await s.db.tx(async (q) => {
      const removed = await q.query('delete from totp_factors where user_id = $1 returning 1', [
        principal.userId,
      ])
      if (removed.length === 0) throw notFound('Authenticator app')
      await forgetCodesWithoutFactor(q, principal.userId)
      await writeJournal(q, journalSource(c, principal), {
        organizationId: principal.organizationId,
        action: 'update',
        targetType: 'user',
        targetId: principal.userId,
        targetName: principal.email,
        changes: { authenticator_app: [true, false] },
      })
    })
    return c.body(null, 204)
  })

  app.post(PASSKEY_REGISTRATION_OPTIONS_PATH, async (c) => {
    const who = await enroller(s, c)
    await mayEnrol(c, who)
    return c.json(await s.db.tx((q) => registrationOptions(q, rp, who.person, s.clock.now())))
  })

  app.post(PASSKEYS_PATH, async (c) => {
    const who = await enroller(s, c)
    const input = await jsonBody(c, PasskeyRegistrationRequest)
    const state = await mayEnrol(c, who)
    const id = await s.db.tx((q) => registerPasskey(q, rp, who.person.userId, input, s.clock.now()))
    if (id === null) throw badField('response', 'The passkey could not be verified. Try again.')
    const first = state.methods.length === 0
    return c.json(await enrolled(c, who, first, ['hwk'], { passkey: [null, input.name.trim()] }))
  })

  app.patch(`${PASSKEYS_PATH}/:id`, async (c) => {
    const { principal } = await authenticate(s, c.req.header('authorization'))
    const id = idParam(c)
    const { name } = await jsonBody(c, PasskeyRename)
    const renamed = await s.db.query(
      'update passkeys set name = $3 where passkey_id = $1 and user_id = $2 returning 1',
      [id, principal.userId, name.trim()],
    )
    if (renamed.length === 0) throw notFound('Passkey')
    return c.body(null, 204)
  })

  app.delete(`${PASSKEYS_PATH}/:id`, async (c) => {
    const { principal, claims } = await authenticate(s, c.req.header('authorization'))
    const id = idParam(c)
    c.set('claims', claims)
    requireFreshCheck(c, s)
    await s.db.tx(async (q) => {
      const [removed] = await q.query<{ name: string }>(
        'delete from passkeys where passkey_id = $1 and user_id = $2 returning name',
        [id, principal.userId],
      )
      if (!removed) throw notFound('Passkey')
      await forgetCodesWithoutFactor(q, principal.userId)
      await writeJournal(q, journalSource(c, principal), {
        organizationId: principal.organizationId,
        action: 'update',
        targetType: 'user',
        targetId: principal.userId,
        targetName: principal.email,
        changes: { passkey: [removed.name, null] },
      })
    })
    return c.body(null, 204)
  })

  app.post(RECOVERY_CODES_PATH, async (c) => {
    const { principal, claims } = await authenticate(s, c.req.header('authorization'))
    c.set('claims', claims)
    requireFreshCheck(c, s)
    const codes = await s.db.tx(async (q) => {
      const state = await factorState(q, principal.userId)
      if (state.methods.length === 0)
        throw badField('method', 'Add an authenticator app or a passkey first.')
      const made = await replaceRecoveryCodes(q, principal.userId)
      await writeJournal(q, journalSource(c, principal), {
        organizationId: principal.organizationId,
        action: 'update',
        targetType: 'user',
        targetId: principal.userId,
        targetName: principal.email,
        changes: { recovery_codes: ['replaced', 'new'] },
      })
      return made
    })
    return c.json({ recovery_codes: codes })
  })

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
      amr = (await s.db.tx((q) => checkTotp(q, s.secrets, person.userId, proof.code, now)))
        ? ['otp']
        : null
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

/** Recovery codes stand in for a factor: with the last one gone they go too. */
async function forgetCodesWithoutFactor(q: Queryable, userId: number): Promise<void> {
  await q.query(
    `delete from recovery_codes where user_id = $1
       and not exists (select 1 from totp_factors where user_id = $1)
       and not exists (select 1 from passkeys where user_id = $1)`,
    [userId],
  )
}
