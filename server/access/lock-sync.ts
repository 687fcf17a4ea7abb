import type { HoldingFailure, HoldingState } from '../../src/contract/lock-sync'
import type { Queryable } from '../db/database'
import { transition, type Holding, type HoldingEvent } from './lock-states'

// Credentials on the locks (decision 073). What each lock must hold is computed from the database:
// a credential is held by every device at its place (its device, the devices on its door, the
// devices in its location) that can hold PINs (capability program_offline_access_codes), while it
// exists and its user is enabled and its end has not passed. resyncCredentials compares that with
// what the locks hold or are to hold (lock_holdings), moves each holding by THE table
// (lock-states.ts) and queues the changes (lock_changes) the lock sync job applies in order. It
// also withdraws the offline codes a lock still honours that their credential no longer covers.
// Callers run it inside their own transaction and wake the job after commit.

/** The capability of a device that holds PINs: a keypad with its own list and offline codes. */
export const HOLDS_PINS = 'program_offline_access_codes'

/**
 * The devices at a credential's place that can hold PINs, as SQL over the credential `c` and the
 * device `d` (decision 035's code places).
 */
export const deviceAtPlace = `d.organization_id = c.organization_id
  and '${HOLDS_PINS}' = any(d.capabilities)
  and case c.assignment_type
    when 'device' then d.device_id = c.assignment_id
    when 'door' then d.assignment_type = 'door' and d.assignment_id = c.assignment_id
    else d.location_id = c.assignment_id end`

/** What a lock holds of a credential: its window and days, compared as text. */
const contentSql = `concat_ws('|', c.user_id, c.start_datetime, coalesce(c.end_datetime::text, ''),
  c.permanent, coalesce(c.repetition::text, ''))`

interface Wanted {
  credential_id: number
  device_id: number
  organization_id: number
  user_id: number
  content: string
  end_datetime: string | null
}

interface HoldingRow {
  credential_id: number
  device_id: number
  organization_id: number
  user_id: number | null
  state: HoldingState
  wanted: boolean
  reason: HoldingFailure | null
  content: string
}

interface Written {
  credential_id: number
  device_id: number
  organization_id: number
  user_id: number | null
  holding: Holding
  content: string
}

interface Queued {
  device_id: number
  credential_id: number
  kind: 'put' | 'remove'
}

const key = (credentialId: number, deviceId: number) => `${credentialId}:${deviceId}`

/**
 * Queues, in the caller's transaction, what each lock must now take for `credentialIds`: puts for
 * the locks that must hold a credential with other contents, removals from the locks that must not
 * hold it (deleted, user disabled, ended, moved elsewhere), and withdrawals of the offline codes
 * it no longer covers. `at` is the server's clock: a credential whose end is not after it is not
 * held. Answers the number of changes queued; the caller wakes the lock sync job after commit.
 */
export async function resyncCredentials(
  q: Queryable,
  credentialIds: readonly number[],
  at: Date = new Date(),
): Promise<number> {
  const ids = [...new Set(credentialIds)].sort((a, b) => a - b)
  if (ids.length === 0) return 0
  // The holdings first, locked: two writers of one credential queue one after another.
  const current = await q.query<HoldingRow>(
    `select credential_id, device_id, organization_id, user_id, state, wanted, reason, content
     from lock_holdings where credential_id = any($1::int[])
     order by credential_id, device_id for update`,
    [ids],
  )
  const wanted = await q.query<Wanted>(
    `select c.credential_id, d.device_id, c.organization_id, c.user_id, ${contentSql} as content,
       c.end_datetime
     from credentials c join users u on u.user_id = c.user_id
       join devices d on ${deviceAtPlace}
     where c.credential_id = any($1::int[]) and not u.disabled
       and (c.permanent or c.end_datetime is null or c.end_datetime > $2)`,
    [ids, at.toISOString()],
  )
  const now = new Map(current.map((h) => [key(h.credential_id, h.device_id), h]))
  const written: Written[] = []
  const queued: Queued[] = []
  const apply = (row: HoldingRow | Wanted, holding: Holding | null, event: HoldingEvent) => {
    const t = transition(holding, event)
    if (t.queue)
      queued.push({ device_id: row.device_id, credential_id: row.credential_id, kind: t.queue })
    return t.holding
  }
  for (const w of wanted) {
    const h = now.get(key(w.credential_id, w.device_id))
    now.delete(key(w.credential_id, w.device_id))
    if (h && h.wanted && h.content === w.content) continue
    let holding: Holding | null = h ?? null
    // A window whose end moved earlier: the lock lets go of the old one before it takes the new.
    if (h?.wanted && shortened(h.content, w.content))
      holding = apply(w, holding, { type: 'unwant' })
    holding = apply(w, holding, { type: 'want' })
    if (holding) written.push({ ...w, holding })
  }
  for (const h of now.values()) {
    const holding = apply(h, h, { type: 'unwant' })
    if (holding && (holding.state !== h.state || holding.wanted !== h.wanted))
      written.push({ ...h, holding })
  }
  if (written.length > 0) {
    await q.query(
      `insert into lock_holdings (credential_id, device_id, organization_id, user_id, state,
         wanted, reason, content)
       select * from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::bool[],
         $7::text[], $8::text[])
       on conflict (credential_id, device_id) do update set state = excluded.state,
         wanted = excluded.wanted, reason = excluded.reason, content = excluded.content,
         user_id = coalesce(excluded.user_id, lock_holdings.user_id), updated_at = now()`,
      [
        written.map((w) => w.credential_id),
        written.map((w) => w.device_id),
        written.map((w) => w.organization_id),
        written.map((w) => w.user_id),
        written.map((w) => w.holding.state),
        written.map((w) => w.holding.wanted),
        written.map((w) => w.holding.reason),
        written.map((w) => w.content),
      ],
    )
  }
  if (queued.length > 0) {
    await q.query(
      `insert into lock_changes (device_id, credential_id, kind)
       select * from unnest($1::int[], $2::int[], $3::text[])`,
      [
        queued.map((c) => c.device_id),
        queued.map((c) => c.credential_id),
        queued.map((c) => c.kind),
      ],
    )
  }
  return queued.length + (await withdrawUncovered(q, ids, at))
}

/** Whether the window `after` ends before `before` did (content: user|start|end|permanent|days). */
function shortened(before: string, after: string): boolean {
  const end = (content: string) => {
    const [, , endAt, permanent] = content.split('|')
    return permanent === 'true' || !endAt ? Infinity : Date.parse(endAt)
  }
  return end(after) < end(before)
}

/**
 * The codes of `ids` a lock still honours that their credential no longer covers: the credential
 * is gone, its user disabled, its place moved off the lock, its window now ends before the code's
 * or it holds another code. Each is withdrawn on its lock (queued) and no longer the credential's.
 */
async function withdrawUncovered(q: Queryable, ids: readonly number[], at: Date) {
  const codes = await q.query<{ code_id: number; device_id: number; credential_id: number }>(
    `update offline_codes o set withdrawn = 'queued'
     where o.credential_id = any($1::int[]) and o.withdrawn is null and o.valid_until > $2
       and o.key_version = (select offline_key_version from devices where device_id = o.device_id)
       and not exists (
         select 1 from credentials c join users u on u.user_id = c.user_id
           join devices d on d.device_id = o.device_id and ${deviceAtPlace}
         where c.credential_id = o.credential_id and not u.disabled and c.pin = o.digits
           and o.valid_from >= c.start_datetime
           and (c.permanent or c.end_datetime is null or o.valid_until <= c.end_datetime))
     returning o.code_id, o.device_id, o.credential_id`,
    [ids, at.toISOString()],
  )
  if (codes.length === 0) return 0
  await q.query(
    `update credentials c set pin = null where c.credential_id = any($1::int[])
       and exists (select 1 from offline_codes o where o.code_id = any($2::int[])
                   and o.credential_id = c.credential_id and o.digits = c.pin)`,
    [codes.map((c) => c.credential_id), codes.map((c) => c.code_id)],
  )
  await queueWithdrawals(q, codes)
  return codes.length
}

/** Queues each code's withdrawal on its lock. */
export async function queueWithdrawals(
  q: Queryable,
  codes: readonly { code_id: number; device_id: number; credential_id: number }[],
) {
  if (codes.length === 0) return
  await q.query(
    `insert into lock_changes (device_id, credential_id, kind, code_id)
     select d, c, 'withdraw_code', k from unnest($1::int[], $2::int[], $3::int[]) as x(d, c, k)`,
    [codes.map((c) => c.device_id), codes.map((c) => c.credential_id), codes.map((c) => c.code_id)],
  )
}

/** Every credential of `userIds` and whatever the locks still hold of them: for a user's change. */
export async function credentialsOfUsers(q: Queryable, userIds: readonly number[]) {
  const rows = await q.query<{ credential_id: number }>(
    `select credential_id from credentials where user_id = any($1::int[])
     union select credential_id from lock_holdings where user_id = any($1::int[]) and wanted`,
    [userIds],
  )
  return rows.map((r) => r.credential_id)
}

/** The credentials that may be held by `deviceId`'s place, for a device created, moved or changed. */
export async function credentialsAtDevice(q: Queryable, deviceId: number) {
  const rows = await q.query<{ credential_id: number }>(
    `select c.credential_id from credentials c join devices d on d.device_id = $1
       and d.organization_id = c.organization_id
       and case c.assignment_type
         when 'device' then d.device_id = c.assignment_id
         when 'door' then d.assignment_type = 'door' and d.assignment_id = c.assignment_id
         else d.location_id = c.assignment_id end
     union select credential_id from lock_holdings where device_id = $1 and wanted`,
    [deviceId],
  )
  return rows.map((r) => r.credential_id)
}
