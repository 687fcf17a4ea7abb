import type { Context } from 'hono'
import {
  END_OTHER_SESSIONS_PATH,
  MFA_POLICY_PATH,
  SESSIONS_PATH,
} from '../../src/contract/api-paths'
import { FactorResetRequest, MfaPolicy, type Sessions } from '../../src/contract/mfa'
import { isPermission } from '../../src/contract/permissions'
import { authenticate } from '../auth/principal'
import { readPolicy, writePolicy } from '../auth/second-factor'
import { endSession, endSessions, listSessions } from '../auth/sessions'
import { requireFreshCheck } from '../auth/step-up'
import type { App, AppEnv, Principal, Services } from '../context'
import type { Queryable } from '../db/database'
import { writeJournal, type JournalRow } from '../db/journal'
import { badField, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam, jsonBody } from '../http/validate'

// Sessions a person can see and end, an admin's view of another's, the second-factor policies and
// an admin's reset of someone's factors (decision 077).

interface Target {
  user_id: number
  email: string
  organization_id: number
}

/** A user in the caller's reach for users:update (another organization's answers 404). */
async function targetUser(q: Queryable, p: Principal, id: number): Promise<Target> {
  const scope = requireScope(p, 'users', 'update')
  const [row] = await q.query<Target>(
    'select user_id, email, organization_id from users where user_id = $1',
    [id],
  )
  return ensureInScope(scope, p, row, 'User')
}

const sessionEnded = (
  actor: Principal,
  target: { userId: number; email: string; organizationId: number },
  ended: string | number,
) =>
  ({
    organizationId: target.organizationId,
    action: 'sign_out' as const,
    targetType: 'session' as const,
    targetId: target.userId,
    targetName: target.email,
    changes: { ended_by: [null, actor.email], sessions: [null, ended] },
  }) satisfies JournalRow

export function registerSessions(app: App, s: Services) {
  const me = async (c: Context<AppEnv>) => {
    const caller = await authenticate(s, c.req.header('authorization'))
    c.set('principal', caller.principal)
    c.set('claims', caller.claims)
    return caller
  }
  const self = (p: Principal) => ({
    userId: p.userId,
    email: p.email,
    organizationId: p.organizationId,
  })

  app.get(SESSIONS_PATH, async (c) => {
    const { principal, claims } = await me(c)
    const answer: Sessions = { data: await listSessions(s.db, principal.userId, claims.sid) }
    return c.json(answer)
  })

  app.post(END_OTHER_SESSIONS_PATH, async (c) => {
    const { principal, claims } = await me(c)
    const ended = await s.db.tx(async (q) => {
      const n = await endSessions(q, principal.userId, claims.sid, s.clock.now())
      if (n > 0)
        await writeJournal(q, journalSource(c), sessionEnded(principal, self(principal), n))
      return n
    })
    s.principals.forget(principal.userId)
    return c.json({ ended })
  })

  app.delete(`${SESSIONS_PATH}/:sid`, async (c) => {
    const { principal } = await me(c)
    const sid = c.req.param('sid')
    await s.db.tx(async (q) => {
      if (!(await endSession(q, principal.userId, sid, s.clock.now()))) throw notFound('Session')
      await writeJournal(q, journalSource(c), sessionEnded(principal, self(principal), sid))
    })
    s.principals.forget(principal.userId)
    return c.body(null, 204)
  })

  app.get('/org/v1/users/:id/sessions', async (c) => {
    const p = c.get('principal')
    const target = await targetUser(s.db, p, idParam(c))
    const current = target.user_id === p.userId ? c.get('claims').sid : null
    const answer: Sessions = { data: await listSessions(s.db, target.user_id, current) }
    return c.json(answer)
  })

  app.delete('/org/v1/users/:id/sessions/:sid', async (c) => {
    const p = c.get('principal')
    const id = idParam(c)
    const sid = c.req.param('sid')
    await s.db.tx(async (q) => {
      const target = await targetUser(q, p, id)
      if (!(await endSession(q, target.user_id, sid, s.clock.now()))) throw notFound('Session')
      const who = {
        userId: target.user_id,
        email: target.email,
        organizationId: target.organization_id,
      }
      await writeJournal(q, journalSource(c), sessionEnded(p, who, sid))
    })
    s.principals.forget(id)
    return c.body(null, 204)
  })

  // An admin removes someone's second factors (a lost phone): journaled with the reason; they must
  // enrol again where a policy requires it, and every session of theirs ends.
  app.post('/org/v1/users/:id/factors/reset', async (c) => {
    const p = c.get('principal')
    const id = idParam(c)
    requireScope(p, 'users', 'update')
    requireFreshCheck(c, s)
    const { reason } = await jsonBody(c, FactorResetRequest)
    await s.db.tx(async (q) => {
      const target = await targetUser(q, p, id)
      if (target.user_id === p.userId)
        throw badField('id', 'Remove your own factors from your account page.', 'own_account')
      const [held] = await q.query<{ app: boolean; passkeys: number }>(
        `select exists (select 1 from totp_factors where user_id = $1) as app,
                (select count(*)::int from passkeys where user_id = $1) as passkeys`,
        [id],
      )
      for (const table of ['totp_factors', 'pending_totp', 'passkeys', 'recovery_codes'])
        await q.query(`delete from ${table} where user_id = $1`, [id])
      await endSessions(q, id, null, s.clock.now())
      await writeJournal(q, journalSource(c), {
        organizationId: target.organization_id,
        action: 'update',
        targetType: 'user',
        targetId: id,
        targetName: target.email,
        changes: {
          second_factor: [
            { authenticator_app: held?.app ?? false, passkeys: held?.passkeys ?? 0 },
            null,
          ],
          reason: [null, reason.trim()],
        },
      })
    })
    s.principals.forget(id)
    return c.body(null, 204)
  })

  const policyBody = async (c: Context<AppEnv>) => {
    const policy = await jsonBody(c, MfaPolicy)
    policy.required_for.forEach((value, i) => {
      if (!isPermission(value))
        throw badField(`required_for.${i}`, 'Expected a permission.', 'permission_invalid')
    })
    return { ...policy, required_for: [...new Set(policy.required_for)].sort() }
  }

  const writeAndJournal = async (
    c: Context<AppEnv>,
    organizationId: number | null,
    policy: MfaPolicy,
  ) => {
    await s.db.tx(async (q) => {
      const before = await writePolicy(q, organizationId, policy, s.clock.now())
      await writeJournal(q, journalSource(c), {
        organizationId,
        action: 'update',
        targetType: 'organization',
        targetId: organizationId,
        targetName: null,
        changes: {
          mfa_required_for: [before.required_for, policy.required_for],
          passwordless_passkeys: [before.passwordless_passkeys, policy.passwordless_passkeys],
        },
      })
    })
    return policy
  }

  app.get(MFA_POLICY_PATH, async (c) => {
    const scope = requireScope(c.get('principal'), 'organizations', 'update')
    if (scope !== 'all') throw notFound('Policy')
    return c.json(await readPolicy(s.db, null))
  })

  app.put(MFA_POLICY_PATH, async (c) => {
    const scope = requireScope(c.get('principal'), 'organizations', 'update')
    if (scope !== 'all') throw notFound('Policy')
    return c.json(await writeAndJournal(c, null, await policyBody(c)))
  })

  const organizationInReach = async (c: Context<AppEnv>) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'organizations', 'update')
    const [row] = await s.db.query<{ organization_id: number }>(
      'select organization_id from organizations where organization_id = $1',
      [idParam(c)],
    )
    return ensureInScope(scope, p, row, 'Organization').organization_id
  }

  app.get('/org/v1/organizations/:id/mfa-policy', async (c) =>
    c.json(await readPolicy(s.db, await organizationInReach(c))),
  )

  app.put('/org/v1/organizations/:id/mfa-policy', async (c) => {
    const id = await organizationInReach(c)
    return c.json(await writeAndJournal(c, id, await policyBody(c)))
  })
}
