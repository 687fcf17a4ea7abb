import type { Queryable } from './database'

const keys = {
  locations: 'location_id',
  doors: 'door_id',
  devices: 'device_id',
  credentials: 'credential_id',
  organizations: 'organization_id',
  users: 'user_id',
} as const

/**
 * Locks one row until the transaction ends and answers whether it exists. `update` before deleting
 * it or changing what hangs below it; `key share` before attaching something to it. The two
 * conflict, so a delete's "still in use?" check and an attach never interleave (docs/invariants.md);
 * attaches among themselves do not wait for each other.
 */
export async function lockRow(
  q: Queryable,
  table: keyof typeof keys,
  id: number,
  mode: 'update' | 'key share',
): Promise<boolean> {
  const rows = await q.query(`select 1 from ${table} where ${keys[table]} = $1 for ${mode}`, [id])
  return rows.length > 0
}
