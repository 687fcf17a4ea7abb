/** Runs one statement: a server's db.query, or a pg client's query mapped to its rows. */
export type RunSql = <T>(sql: string, params?: unknown[]) => Promise<T[]>

/**
 * A location of Acme ("Lockdown site") with `devices` connected locks placed on it, for the
 * lockdown's bench and its failover test; answers the location's id.
 */
export async function seedLockSite(run: RunSql, devices: number): Promise<number> {
  const [site] = await run<{ location_id: number }>(
    `insert into locations (organization_id, name) values (1, 'Lockdown site')
     returning location_id`,
  )
  if (!site) throw new Error('no location made')
  await run(
    `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, battery_level, lock_state,
       assignment_type, assignment_id, location_id)
     select 1, 'Site lock ' || n, 'bench', 'lock', (select min(manufacturer_id) from manufacturers),
       'SITE-' || n, array['remotely_lock','remotely_unlock'], true, 90, 'unlocked',
       'location', $1, $1
     from generate_series(1, $2::int) as n`,
    [site.location_id, devices],
  )
  return site.location_id
}
