import type { Queryable } from './database'

/**
 * Writes `rows` audit rows in one INSERT … SELECT over generate_series (1,000,000 rows in seconds).
 * Two thirds belong to the first organization, one third to the second; the per-organization
 * sequence (org_seq) follows arithmetically from g, so no window function or sort is needed.
 * The newest row is the seeding moment, one row every 30 seconds before it.
 */
export async function seedAudits(q: Queryable, rows: number, orgIds: readonly number[]) {
  const [first, second] = orgIds
  if (first === undefined || second === undefined)
    throw new Error('seedAudits needs two organizations')
  await q.query(
    `create temporary table seed_audit_devices on commit drop as
     select case when d.organization_id = $1 then 0 else 1 end as slot,
            (row_number() over (partition by d.organization_id order by d.device_id))::int - 1 as idx,
            d.device_id, d.name, d.device_type_id, d.location_id, d.organization_id
     from devices d
     where d.organization_id in ($1, $2)
       and d.device_type_id in ('lock', 'keypad', 'relay')`,
    [first, second],
  )
  await q.query(
    `create temporary table seed_audit_actors on commit drop as
     select case when u.organization_id = $1 then 0 else 1 end as slot,
            (row_number() over (partition by u.organization_id order by u.user_id))::int - 1 as idx,
            u.user_id, u.email
     from users u
     where u.organization_id in ($1, $2) and u.password_hash is not null
       and not ('auditor' = any(u.roles) or 'staff' = any(u.roles))`,
    [first, second],
  )
  const counts = await q.query<{ slot: number; devices: number; actors: number }>(
    `select s.slot,
            (select count(*)::int from seed_audit_devices d where d.slot = s.slot) as devices,
            (select count(*)::int from seed_audit_actors a where a.slot = s.slot) as actors
     from (values (0), (1)) as s(slot) order by s.slot`,
  )
  const [a, b] = counts
  if (!a || !b || a.devices === 0 || b.devices === 0 || a.actors === 0 || b.actors === 0) {
    throw new Error('seedAudits needs lockable devices and actors in both organizations')
  }
  const restore = await dropAuditIndexes(q)
  // The counts of migration 006 are rebuilt once after the load, not row set by row set.
  await q.query('alter table device_audits disable trigger device_audits_counts')
  await q.query(
    `insert into device_audits (audit_id, org_seq, created_at, device_id, device_name, device_type_id,
       location_id, command, result, detail, detail_code, user_id, actor_email, organization_id)
     select s.g,
            case when s.slot = 1 then s.g / 3 else s.g - s.g / 3 end,
            now() - ($1::int - s.g) * interval '30 seconds',
            d.device_id, d.name, d.device_type_id, d.location_id,
            case d.device_type_id
              when 'lock' then (array['lock', 'unlock', 'force_unlock', 'calibrate'])[1 + (s.g / 7) % 4]
              when 'relay' then 'unlock'
              else 'create_pin' end,
            case when s.g % 13 = 0 then 'failure' else 'success' end,
            case when s.g % 13 = 0 then 'Device is not connected' else '' end,
            case when s.g % 13 = 0 then 'device_not_connected' end,
            u.user_id, u.email, d.organization_id
     from (select g, case when g % 3 = 0 then 1 else 0 end as slot
           from generate_series(1, $1::int) as g) s
     join seed_audit_devices d
       on d.slot = s.slot and d.idx = (s.g * 7) % (case when s.slot = 0 then $2::int else $3::int end)
     join seed_audit_actors u
       on u.slot = s.slot and u.idx = (s.g / 5) % (case when s.slot = 0 then $4::int else $5::int end)`,
    [rows, a.devices, b.devices, a.actors, b.actors],
  )
  for (const statement of restore) await q.query(statement)
  await q.query('alter table device_audits enable trigger device_audits_counts')
  await q.query('select audit_counts_rebuild()')
  await q.query(
    `insert into audit_counters (scope_id, n) values (0, $3::int), ($1, $3::int - $3::int / 3), ($2, $3::int / 3)
     on conflict (scope_id) do update set n = excluded.n`,
    [first, second, rows],
  )
}

/**
 * Building an index once over a million rows is about twice as fast as maintaining it row by row,
 * so the bulk load drops the table's indexes and answers the statements that rebuild them, taken
 * from the catalog (the migration stays their only definition).
 */
async function dropAuditIndexes(q: Queryable): Promise<string[]> {
  const constraints = await q.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = 'device_audits'::regclass and contype in ('p', 'u')`,
  )
  const indexes = await q.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
     where tablename = 'device_audits' and indexname <> all($1::text[])`,
    [constraints.map((c) => c.name)],
  )
  for (const c of constraints) await q.query(`alter table device_audits drop constraint ${c.name}`)
  for (const i of indexes) await q.query(`drop index ${i.name}`)
  return [
    ...constraints.map((c) => `alter table device_audits add constraint ${c.name} ${c.def}`),
    ...indexes.map((i) => i.def),
  ]
}
