import {
  LOCKDOWNS_PATH,
  LockdownQuery,
  RequestRelease,
  StartLockdown,
  type Lockdown,
  type LockdownScopeType,
} from '../../src/contract/lockdowns'
import { scopeOf, type Scope } from '../../src/contract/permissions'
import type { App, Principal, Services } from '../context'
import type { Queryable } from '../db/database'
import { writeJournal } from '../db/journal'
import { findLockdown, listLockdowns, lockdownDevices } from '../db/lockdowns'
import { conflict, notFound } from '../http/errors'
import { requireFreshCheck } from '../auth/step-up'
import { idempotencyKey, once, type Answer } from '../http/idempotency'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'

// Lockdown (docs/lockdown.md, decision 056): start, list, read, request and approve a release, and
// send the lock again to the devices not reached. The locking itself is server/jobs/lockdown-job.ts.

/** Where a scope lives and what it is called; undefined when it does not exist. */
async function scopeTarget(q: Queryable, type: LockdownScopeType, id: number) {
  const sql: Record<LockdownScopeType, string> = {
    organization: 'select organization_id, name from organizations where organization_id = $1',
    location: 'select organization_id, name from locations where location_id = $1',
    floor: `select f.organization_id, l.name || ' · ' || f.name as name
            from floors f join locations l using (location_id) where f.floor_id = $1`,
  }
  const [row] = await q.query<{ organization_id: number; name: string }>(sql[type], [id])
  return row
}

const scopeWhat: Record<LockdownScopeType, string> = {
  organization: 'Organization',
  location: 'Location',
  floor: 'Floor',
}

/**
 * Reading needs no permission: everyone signed in sees their organization's lockdowns (the
 * banner). Whoever holds a global lockdown permission sees every organization's.
 */
function readScope(p: Principal): Scope {
  const global = (['start', 'release', 'override'] as const).some(
    (action) => scopeOf(p.permissions, 'lockdown', action) === 'all',
  )
  return global ? 'all' : 'org'
}

/** The lockdown row locked for this transaction, in the caller's scope, or 404. */
async function lockedLockdown(q: Queryable, scope: Scope, p: Principal, id: number) {
  await q.query('select 1 from lockdowns where lockdown_id = $1 for update', [id])
  return ensureInScope(scope, p, await findLockdown(q, id), 'Lockdown')
}

const answered = (status: 200 | 201, lockdown: Lockdown | undefined): Answer => {
  if (!lockdown) throw notFound('Lockdown')
  return { status, body: lockdown }
}

export function registerLockdowns(app: App, s: Services) {
  app.post(LOCKDOWNS_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'lockdown', 'start')
    const data = await jsonBody(c, StartLockdown)
    const key = idempotencyKey(c.req.header('idempotency-key'))
    const request = `${c.req.path}\n${JSON.stringify(data)}`
    const answer = await s.db.tx((q) =>
      once(q, { userId: p.userId, key, request }, async () => {
        const target = ensureInScope(
          scope,
          p,
          await scopeTarget(q, data.scope_type, data.scope_id),
          scopeWhat[data.scope_type],
        )
        const [created] = await q.query<{ lockdown_id: number }>(
          `insert into lockdowns (organization_id, scope_type, scope_id, scope_name, reason,
             started_by, started_by_email)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (scope_type, scope_id) where released_at is null do nothing
           returning lockdown_id`,
          [
            target.organization_id,
            data.scope_type,
            data.scope_id,
            target.name,
            data.reason.trim(),
            p.userId,
            p.email,
          ],
        )
        if (!created) {
          throw conflict(
            `${target.name} is already locked down.`,
            'scope_id',
            'already_locked_down',
            { scope_name: target.name },
          )
        }
        const id = created.lockdown_id
        // Every device in scope is locked (FOR UPDATE) until this commits: a command already
        // running finishes first, and one that comes after waits and then sees the lockdown.
        await q.query(
          `select 1 from devices d where lockdown_covers($1, $2, $3, d)
           order by d.device_id for update`,
          [data.scope_type, data.scope_id, target.organization_id],
        )
        await q.query(
          `insert into lockdown_devices (lockdown_id, device_id, name)
           select $1, d.device_id, d.name from devices d
           where lockdown_covers($2, $3, $4, d) and 'remotely_lock' = any(d.capabilities)
           order by d.device_id`,
          [id, data.scope_type, data.scope_id, target.organization_id],
        )
        await writeJournal(q, journalSource(c), {
          organizationId: target.organization_id,
          action: 'lockdown_start',
          targetType: 'lockdown',
          targetId: id,
          targetName: target.name,
          changes: {
            scope_type: [null, data.scope_type],
            scope_id: [null, data.scope_id],
            reason: [null, data.reason.trim()],
          },
        })
        return answered(201, await findLockdown(q, id))
      }),
    )
    s.lockdownJob.wake()
    return c.json(answer.body, answer.status)
  })

  app.get(LOCKDOWNS_PATH, async (c) => {
    const p = c.get('principal')
    const filter = query(c, LockdownQuery)
    const organization = readScope(p) === 'all' ? null : p.organizationId
    const list = await s.db.tx((q) => listLockdowns(q, { ...filter, organization }))
    return c.json(list)
  })

  app.get(`${LOCKDOWNS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const id = idParam(c)
    const detail = await s.db.tx(async (q) => {
      const lockdown = ensureInScope(readScope(p), p, await findLockdown(q, id), 'Lockdown')
      return { lockdown, device_list: await lockdownDevices(q, id) }
    })
    return c.json(detail)
  })

  app.post(`${LOCKDOWNS_PATH}/:id/release`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'lockdown', 'release')
    const id = idParam(c)
    const data = await jsonBody(c, RequestRelease)
    // Before the key is claimed: the console repeats with the same key after the check (decision 077).
    requireFreshCheck(c, s)
    const key = idempotencyKey(c.req.header('idempotency-key'))
    const request = `${c.req.path}\n${JSON.stringify(data)}`
    const answer = await s.db.tx((q) =>
      once(q, { userId: p.userId, key, request }, async () => {
        const lockdown = await lockedLockdown(q, scope, p, id)
        if (lockdown.state === 'released') {
          throw conflict('The lockdown is already released.', undefined, 'not_active')
        }
        if (lockdown.state === 'release_requested') {
          throw conflict(
            'A release was already requested and waits for a second person.',
            undefined,
            'release_pending',
            { requested_by: lockdown.release?.requested_by.email ?? '' },
          )
        }
        const [expires] = await q.query<{ expires_at: string }>(
          `update lockdowns set request_by = $2, request_by_email = $3, request_reason = $4,
             requested_at = now(), request_expires_at = now() + $5 * interval '1 minute',
             request_lapsed = false
           where lockdown_id = $1 returning request_expires_at as expires_at`,
          [id, p.userId, p.email, data.reason.trim(), s.options.lockdownReleaseMinutes],
        )
        await writeJournal(q, journalSource(c), {
          organizationId: lockdown.organization_id,
          action: 'release_request',
          targetType: 'lockdown',
          targetId: id,
          targetName: lockdown.scope_name,
          changes: {
            release_reason: [null, data.reason.trim()],
            expires_at: [null, expires?.expires_at ?? null],
          },
        })
        return answered(200, await findLockdown(q, id))
      }),
    )
    return c.json(answer.body, answer.status)
  })

  app.post(`${LOCKDOWNS_PATH}/:id/release/approve`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'lockdown', 'release')
    const id = idParam(c)
    requireFreshCheck(c, s)
    const key = idempotencyKey(c.req.header('idempotency-key'))
    const answer = await s.db.tx((q) =>
      once(q, { userId: p.userId, key, request: c.req.path }, async () => {
        const lockdown = await lockedLockdown(q, scope, p, id)
        if (lockdown.state === 'released') {
          throw conflict('The lockdown is already released.', undefined, 'not_active')
        }
        const request = lockdown.release
        if (request === null) {
          throw conflict('Nobody has requested a release.', undefined, 'no_release_request')
        }
        if (request.state === 'lapsed') {
          throw conflict(
            'The release request lapsed: request it again.',
            undefined,
            'release_lapsed',
            { expires_at: request.expires_at },
          )
        }
        if (request.requested_by.user_id === p.userId) {
          throw conflict(
            'A second person must approve the release you requested.',
            undefined,
            'second_person_required',
          )
        }
        await q.query(
          `update lockdowns set released_by = $2, released_by_email = $3, released_at = now()
           where lockdown_id = $1`,
          [id, p.userId, p.email],
        )
        await writeJournal(q, journalSource(c), {
          organizationId: lockdown.organization_id,
          action: 'release_approve',
          targetType: 'lockdown',
          targetId: id,
          targetName: lockdown.scope_name,
          changes: { requested_by: [request.requested_by.email, request.requested_by.email] },
        })
        return answered(200, await findLockdown(q, id))
      }),
    )
    return c.json(answer.body, answer.status)
  })

  app.post(`${LOCKDOWNS_PATH}/:id/retry`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'lockdown', 'start')
    const id = idParam(c)
    const answer = await s.db.tx(async (q) => {
      const lockdown = await lockedLockdown(q, scope, p, id)
      if (lockdown.state === 'released') {
        throw conflict('The lockdown is already released.', undefined, 'not_active')
      }
      await q.query('update lockdowns set retries = retries + 1 where lockdown_id = $1', [id])
      await q.query(
        `update lockdown_devices set state = 'pending', claimed_by = null, lease_until = null,
           updated_at = now()
         where lockdown_id = $1 and state in ('not_reached', 'failed')`,
        [id],
      )
      return answered(200, await findLockdown(q, id))
    })
    s.lockdownJob.wake()
    return c.json(answer.body, answer.status)
  })
}
