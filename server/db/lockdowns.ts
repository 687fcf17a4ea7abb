import type {
  Lockdown,
  LockdownDevice,
  LockdownRefusalParams,
  LockdownState,
} from '../../src/contract/lockdowns'
import type { Prepared, Queryable } from './database'

// The lockdowns as the API answers them (docs/lockdown.md). Every read goes through here.

interface LockdownRow {
  lockdown_id: number
  organization_id: number
  scope_type: Lockdown['scope_type']
  scope_id: number
  scope_name: string
  reason: string
  started_by: number
  started_by_email: string
  started_at: string
  request_by: number | null
  request_by_email: string | null
  request_reason: string | null
  requested_at: string | null
  request_expires_at: string | null
  released_by: number | null
  released_by_email: string | null
  released_at: string | null
  pending: number
  locked: number
  not_reached: number
  failed: number
  now: string
}

const lockdownSelect = `l.lockdown_id, l.organization_id, l.scope_type, l.scope_id, l.scope_name,
  l.reason, l.started_by, l.started_by_email, l.started_at, l.request_by, l.request_by_email,
  l.request_reason, l.requested_at, l.request_expires_at, l.released_by, l.released_by_email,
  l.released_at, now() as now,
  (select count(*) filter (where state = 'pending') from lockdown_devices x where x.lockdown_id = l.lockdown_id)::int as pending,
  (select count(*) filter (where state = 'locked') from lockdown_devices x where x.lockdown_id = l.lockdown_id)::int as locked,
  (select count(*) filter (where state = 'not_reached') from lockdown_devices x where x.lockdown_id = l.lockdown_id)::int as not_reached,
  (select count(*) filter (where state = 'failed') from lockdown_devices x where x.lockdown_id = l.lockdown_id)::int as failed`

function toLockdown(r: LockdownRow): Lockdown {
  const released = r.released_at !== null
  const pendingRequest =
    !released &&
    r.request_expires_at !== null &&
    Date.parse(r.request_expires_at) > Date.parse(r.now)
  const state: LockdownState = released
    ? 'released'
    : pendingRequest
      ? 'release_requested'
      : 'active'
  const request =
    r.request_by === null || r.requested_at === null || r.request_expires_at === null
      ? null
      : {
          requested_by: { user_id: r.request_by, email: r.request_by_email ?? '' },
          reason: r.request_reason ?? '',
          requested_at: r.requested_at,
          expires_at: r.request_expires_at,
          state: released
            ? ('approved' as const)
            : pendingRequest
              ? ('pending' as const)
              : ('lapsed' as const),
          approved_by:
            r.released_by === null
              ? null
              : { user_id: r.released_by, email: r.released_by_email ?? '' },
          approved_at: r.released_at === null ? null : r.released_at,
        }
  return {
    lockdown_id: r.lockdown_id,
    organization_id: r.organization_id,
    scope_type: r.scope_type,
    scope_id: r.scope_id,
    scope_name: r.scope_name,
    reason: r.reason,
    state,
    started_by: { user_id: r.started_by, email: r.started_by_email },
    started_at: r.started_at,
    release: request,
    released_at: r.released_at === null ? null : r.released_at,
    devices: {
      pending: r.pending,
      locked: r.locked,
      not_reached: r.not_reached,
      failed: r.failed,
    },
  }
}

export async function findLockdown(q: Queryable, id: number): Promise<Lockdown | undefined> {
  const [row] = await q.query<LockdownRow>(
    `select ${lockdownSelect} from lockdowns l where l.lockdown_id = $1`,
    [id],
  )
  return row && toLockdown(row)
}

/** Newest first; `organization` null for every organization; `active` for those not released. */
export async function listLockdowns(
  q: Queryable,
  filter: {
    organization: number | null
    active?: boolean | undefined
    start: number
    length: number
  },
): Promise<{ data: Lockdown[]; recordsTotal: number }> {
  const where = `($1::int is null or l.organization_id = $1)
    and ($2::boolean is null or (l.released_at is null) = $2)`
  const params = [filter.organization, filter.active ?? null]
  const rows = await q.query<LockdownRow>(
    `select ${lockdownSelect} from lockdowns l where ${where}
     order by l.started_at desc, l.lockdown_id desc offset $3 limit $4`,
    [...params, filter.start, filter.length],
  )
  const [count] = await q.query<{ n: number }>(
    `select count(*)::int as n from lockdowns l where ${where}`,
    params,
  )
  return { data: rows.map(toLockdown), recordsTotal: count?.n ?? 0 }
}

export async function lockdownDevices(q: Queryable, id: number): Promise<LockdownDevice[]> {
  return q.query<LockdownDevice>(
    `select device_id, name, state, audit_id::int as audit_id, updated_at from lockdown_devices
     where lockdown_id = $1 order by name, device_id`,
    [id],
  )
}

/**
 * The lockdown that covers a door, a location or a device (at its place today): one not released
 * when `moment` is null, else one that was active at `moment`; undefined when none does. "Now"
 * does not compare start times: a lockdown committed while a command waited for the device's row
 * started before that command's transaction may have.
 */
export async function lockdownAt(
  q: Queryable,
  target: { type: 'door' | 'location' | 'device'; id: number },
  moment: Date | null,
): Promise<LockdownRefusalParams | undefined> {
  const place: Record<typeof target.type, string> = {
    door: `select organization_id, location_id, floor_id from doors where door_id = $1`,
    location: `select organization_id, location_id, null::int as floor_id from locations
               where location_id = $1`,
    device: `select organization_id, location_id, device_floor(assignment_type, assignment_id)
               as floor_id from devices where device_id = $1`,
  }
  // Named, so it is planned once per connection: "who can open this?" asks it at every answer.
  const [row] = await q.query<{
    lockdown_id: number
    scope_name: string
    started_by_email: string
    started_at: string
  }>(
    {
      name: `lockdown_at_${target.type}`,
      text: `with p as (${place[target.type]})
     select l.lockdown_id, l.scope_name, l.started_by_email, l.started_at
     from p join lockdowns l on lockdown_covers_place(l.scope_type, l.scope_id,
       l.organization_id, p.organization_id, p.location_id, p.floor_id)
     where case when $2::timestamptz is null then l.released_at is null
       else l.started_at <= $2 and (l.released_at is null or l.released_at > $2) end
     order by l.lockdown_id limit 1`,
    },
    [target.id, moment?.toISOString() ?? null],
  )
  return (
    row && {
      lockdown_id: row.lockdown_id,
      scope_name: row.scope_name,
      started_by: row.started_by_email,
      started_at: row.started_at,
    }
  )
}

// Prepared: every lock runs it, by key (server/db/database.ts, Prepared).
const markLockedSql: Prepared = {
  name: 'lockdown_mark_locked',
  text: `update lockdown_devices ld set state = 'locked', audit_id = $2, claimed_by = null,
       lease_until = null, updated_at = now()
     from lockdowns l
     where ld.device_id = $1 and ld.state <> 'locked' and l.lockdown_id = ld.lockdown_id
       and l.released_at is null`,
}

/**
 * A device that was locked by any path is locked for every active lockdown that still waits for
 * it (not reached, failed, or pending), with the audit row of that lock.
 */
export async function markLocked(q: Queryable, deviceId: number, auditId: number) {
  await q.query(markLockedSql, [deviceId, auditId])
}
