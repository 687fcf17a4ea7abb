import type { Queryable } from './database'

const keys = {
  locations: 'location_id',
  doors: 'door_id',
  devices: 'device_id',
  credentials: 'credential_id',
  organizations: 'organization_id',
  users: 'user_id',
  access_groups: 'group_id',
  schedules: 'schedule_id',
  calendars: 'calendar_id',
  access_rules: 'rule_id',
  alert_rules: 'rule_id',
  incidents: 'incident_id',
  webhooks: 'webhook_id',
} as const

/**
 * Locks one row until the transaction ends and answers whether it exists. `update` before deleting
 * it or changing what hangs below it; `key share` before attaching something to it. The two
 * conflict, so a delete's "still in use?" check and an attach never interleave (docs/invariants.md);
 * attaches among themselves do not wait for each other. `no key update` before changing what hangs
 * below it without deleting it (a group's members): such writers take turns, and neither waits
 * for an attach nor is waited for by one.
 */
export async function lockRow(
  q: Queryable,
  table: keyof typeof keys,
  id: number,
  mode: 'update' | 'no key update' | 'key share',
): Promise<boolean> {
  const rows = await q.query(`select 1 from ${table} where ${keys[table]} = $1 for ${mode}`, [id])
  return rows.length > 0
}

/**
 * Locks `for key share` the rows of `table` with the ids `ids` that belong to the organization,
 * in id order, before something names them (a rule its groups and schedule, a schedule its
 * calendars): their delete, which locks `for update` and counts what names them, waits. Answers
 * the ids that are missing or another organization's.
 */
export async function lockOwnRows(
  q: Queryable,
  table: 'access_groups' | 'schedules' | 'calendars',
  ids: readonly number[],
  organizationId: number,
): Promise<number[]> {
  if (ids.length === 0) return []
  const key = keys[table]
  const found = await q.query<{ id: number }>(
    `select ${key} as id from ${table} where ${key} = any($1::int[]) and organization_id = $2
     order by ${key} for key share`,
    [ids, organizationId],
  )
  const present = new Set(found.map((row) => row.id))
  return ids.filter((id) => !present.has(id))
}
