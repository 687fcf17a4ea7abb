// Fixtures of the lock sync tests (decision 073), written straight into the database.

type Sql = <T extends object>(text: string, params?: readonly unknown[]) => Promise<T[]>

export interface Site {
  location: number
  online: number
  offline: number
  noCodes: number
  user: number
}

/**
 * A location in Berlin with three locks: one that holds PINs and is connected, one that holds PINs
 * and is not, one without the capability; and a person of organization 1 with staff's rights.
 */
export async function lockSite(sql: Sql, name: string): Promise<Site> {
  const [loc] = await sql<{ location_id: number }>(
    `insert into locations (organization_id, name, time_zone) values (1, $1, 'Europe/Berlin')
     returning location_id`,
    [name],
  )
  if (!loc) throw new Error('no location')
  const devices = await sql<{ device_id: number }>(
    `insert into devices (organization_id, name, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, assignment_type, assignment_id, location_id)
     select 1, $2 || ' ' || n, 'lock', (select min(manufacturer_id) from manufacturers),
       $2 || '-' || n, case when n < 3 then array['program_offline_access_codes'] else '{}' end,
       n <> 2, 'location', $1, $1
     from generate_series(1, 3) n order by n returning device_id`,
    [loc.location_id, name],
  )
  const [user] = await sql<{ user_id: number }>(
    `insert into users (organization_id, username, email, first_name, last_name, roles, permissions)
     select 1, $1, $1 || '@sync.example', 'Sync', $1, roles, permissions from users
     where email = 'staff@demo.local' returning user_id`,
    [name.toLowerCase().replace(/\W/g, '')],
  )
  const [online, offline, noCodes] = devices.map((d) => d.device_id)
  if (!online || !offline || !noCodes || !user) throw new Error('no site')
  return { location: loc.location_id, online, offline, noCodes, user: user.user_id }
}
