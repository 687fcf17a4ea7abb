import type { Context } from 'hono'
import {
  FACTORS_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEYS_PATH,
  RECOVERY_CODES_PATH,
  TOTP_CONFIRM_PATH,
  TOTP_PATH,
} from '../../src/contract/api-paths'
import {
  PasskeyRegistrationRequest,
  PasskeyRename,
  TotpConfirmRequest,
  type EnrolmentDone,
  type MyFactors,
} from '../../src/contract/mfa'
import { registerPasskey, registrationOptions, relyingPartyOf } from '../auth/passkeys'
import { authenticate } from '../auth/principal'
import { recoveryCodesLeft, replaceRecoveryCodes } from '../auth/recovery-codes'
import { factorState, isSharedDemoAccount } from '../auth/second-factor'
import { beginSession } from '../auth/sign-in'
import { requireFreshCheck } from '../auth/step-up'
import { confirmTotp, startTotp } from '../auth/totp'
import { verifyMfaToken, type AccessClaims } from '../auth/tokens'
import type { App, AppEnv, Services } from '../context'
import type { Prepared, Queryable } from '../db/database'
import { writeJournal } from '../db/journal'
import { badField, HttpError, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { idParam, jsonBody } from '../http/validate'

// The second factor (decision 077): my factors and enrolment (app, passkeys, recovery codes); the
// steps that prove a factor are in factor-step.ts.

export const expiredStep = () =>
  new HttpError(401, 'invalid_grant', 'This sign-in step has expired. Sign in again.')

export const wrongCode = (field: string) =>
  new HttpError(400, 'invalid_grant', 'The code is wrong or was used already.', field)

export interface Person {
  userId: number
  email: string
  name: string
  organizationId: number
}

// Prepared, as the factor step's other statements: each sign-in with a factor runs it, by key
// (server/db/database.ts, Prepared).
const personSql: Prepared = {
  name: 'factor_person',
  text: `select email, first_name, last_name, organization_id from users
         where user_id = $1 and session_epoch = $2 and not disabled`,
}

export async function personOf(
  q: Queryable,
  userId: number,
  epoch: number,
): Promise<Person | null> {
  const [row] = await q.query<{
    email: string
    first_name: string
    last_name: string
    organization_id: number
  }>(personSql, [userId, epoch])
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
