import { insertUsersInBulk, type RunSql } from './seed-users'

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

/*
 * A site of real size, beside the demo data (server/db/seed.ts, which it needs: organizations,
 * roles, device types, manufacturers), for every bench that needs one and `npm run seed:site`:
 * 10,000 users, and 10 locations × 5 floors × 10 rooms × 2 doors = 1,000 doors carrying 1,000
 * devices (locks and keypads on 800 doors, door sensors on 100, a room's camera, sensor or router
 * on the other 100). Each part is one function of a few generate_series statements, called in turn
 * by seedSite; access groups (200) and access rules (500) are two more, to add after the devices
 * once their tables exist (another issue adds them). Names repeat as in a real company (ten entrance halls, Office 1.05 in every
 * building), but none is a demo name, so a demo device or user is still one of its kind.
 */

export const SITE = {
  users: 10_000,
  locations: 10,
  floors: 5,
  rooms: 10,
  doors: 2,
} as const

export type SiteSize = typeof SITE

const LOCATIONS = [
  ['Nordhafen Campus', 'Berlin'],
  ['Südkreuz Office', 'Berlin'],
  ['Adlershof Lab', 'Berlin'],
  ['Spandau Depot', 'Berlin'],
  ['Köpenick Works', 'Berlin'],
  ['Altona Studio', 'Hamburg'],
  ['Harburg Plant', 'Hamburg'],
  ['Leipzig Hub', 'Leipzig'],
  ['Hafencity Tower', 'Hamburg'],
  ['Bergedorf Annex', 'Hamburg'],
]
const FIRST =
  'Anna Lukas Sophie Maximilian Marie Leon Laura Felix Julia Jan Lena Tim Sarah David Lisa Tom Katharina Simon Johanna Moritz Nina Fabian Eva Philipp Sara Daniel Miriam Alexander Alina Niklas'
const LAST =
  'Mueller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schaefer Koch Bauer Richter Klein Wolf Schroeder Neumann Schwarz Zimmermann Braun Krueger Hofmann Hartmann Lange Schmitt Werner Schmitz Krause Meier'

const words = (text: string) => text.split(' ')

/** Where the site's user ids start. */
const SITE_USER_IDS = 1_000_000

/**
 * Staff users, four in five at Acme, the rest at Globex, with the staff role's permissions. Their
 * ids lie above the sequence's: the users list is newest first, and a user a bench makes later
 * must sort among the long-standing ones, not on top of 10,000.
 */
async function seedSiteUsers(run: RunSql, size: SiteSize) {
  await insertUsersInBulk(
    run,
    `insert into users (user_id, organization_id, username, email, first_name, last_name, roles,
       permissions)
     select ${SITE_USER_IDS} + n, o.organization_id, name.username, name.username || '@' || lower(o.name) || '.example',
            name.first, name.last, array['staff'], (select permissions from roles where role = 'staff')
     from generate_series(1, $1::int) as n
     cross join lateral (select $2::text[] as firsts, $3::text[] as lasts) as lists
     cross join lateral (
       select lists.firsts[1 + n % cardinality(lists.firsts)] as first,
              lists.lasts[1 + (n / cardinality(lists.firsts)) % cardinality(lists.lasts)] as last
     ) as pick
     cross join lateral (
       select pick.first, pick.last, lower(pick.first || '.' || pick.last || '.' || n) as username
     ) as name
     join organizations o on o.name = case when n % 5 = 0 then 'Globex' else 'Acme' end`,
    [size.users, words(FIRST), words(LAST)],
  )
}

/** Locations (eight of Acme's, two of Globex's), their floors, rooms and doors. */
async function seedSitePlaces(run: RunSql, size: SiteSize) {
  const [before] = await run<{ id: number }>(
    'select coalesce(max(location_id), 0)::int as id from locations',
  )
  const after = before?.id ?? 0
  await run(
    `insert into locations (organization_id, name, street, number, postal_code, locality, description)
     select o.organization_id, ($2::text[])[n], 'Industriestraße', n::text, (10000 + n * 1111)::text,
            ($3::text[])[n], ($2::text[])[n] || ' site'
     from generate_series(1, $1::int) as n
     join organizations o on o.name = case when n > $1::int * 4 / 5 then 'Globex' else 'Acme' end`,
    [size.locations, LOCATIONS.map(([name]) => name), LOCATIONS.map(([, city]) => city)],
  )
  await run(
    `insert into floors (location_id, organization_id, name, position)
     select l.location_id, l.organization_id,
            case when p = 0 then 'Ground floor' else 'Floor ' || p end, p
     from locations l cross join generate_series(0, $2::int - 1) as p
     where l.location_id > $1`,
    [after, size.floors],
  )
  await run(
    `insert into rooms (floor_id, location_id, organization_id, name)
     select f.floor_id, f.location_id, f.organization_id,
            case when k = 1 and f.position = 0 then 'Entrance hall'
                 when k = 1 then 'Kitchen ' || f.position
                 when k = 2 then 'Meeting room ' || f.position || '.02'
                 when k = 3 and f.position = 0 then 'Server room'
                 else 'Office ' || f.position || '.' || lpad(k::text, 2, '0') end
     from floors f cross join generate_series(1, $2::int) as k
     where f.location_id > $1`,
    [after, size.rooms],
  )
  await run(
    `insert into doors (room_id, floor_id, location_id, organization_id, name)
     select r.room_id, r.floor_id, r.location_id, r.organization_id,
            r.name || ' door ' || chr(64 + d)
     from rooms r cross join generate_series(1, $2::int) as d
     where r.location_id > $1`,
    [after, size.doors],
  )
  return after
}

/**
 * A device on every door of the site's locations (after `after`): seven in ten a smart lock, one a
 * keypad, one a door sensor, and one in ten on the door's room instead (a camera, a sensor, a
 * router or a bridge). Every 23rd is offline.
 */
async function seedSiteDevices(run: RunSql, after: number) {
  await run(
    `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, battery_level, lock_state,
       assignment_type, assignment_id, location_id)
     select d.organization_id, t.description || ' – ' || mount.name,
            t.description || ' at ' || mount.name, t.device_type_id,
            (select manufacturer_id from manufacturers order by manufacturer_id
             offset d.n % (select count(*) from manufacturers) limit 1),
            'SITE-' || lpad(d.n::text, 5, '0'), t.default_capabilities, d.n % 23 <> 0,
            case when t.battery_powered then 100 - (d.n * 17) % 90 end,
            case when 'remotely_lock' = any(t.default_capabilities)
                   or 'remotely_unlock' = any(t.default_capabilities)
                 then case when d.n % 2 = 0 then 'locked' else 'unlocked' end end,
            mount.type, mount.id, d.location_id
     from (select doors.*, row_number() over (order by door_id) as n
           from doors where location_id > $1) as d
     join rooms r on r.room_id = d.room_id
     cross join lateral (
       select case when d.n % 10 < 7 then 'lock' when d.n % 10 = 7 then 'keypad'
                   when d.n % 10 = 8 then 'door_sensor'
                   else (array['camera','motion_sensor','temperature_sensor','multi_sensor',
                               'router','bridge'])[1 + (d.n / 10) % 6] end as type_id
     ) as pick
     join device_types t on t.device_type_id = pick.type_id
     cross join lateral (
       select case when d.n % 10 = 9 then 'room' else 'door' end as type,
              case when d.n % 10 = 9 then r.room_id else d.door_id end as id,
              case when d.n % 10 = 9 then r.name else d.name end as name
     ) as mount`,
    [after],
  )
}

export interface SeededSite {
  users: number
  doors: number
  devices: number
  ms: number
}

/** The site of `size` (SITE) added to a seeded demo database, then analyzed. */
export async function seedSite(run: RunSql, size: SiteSize = SITE): Promise<SeededSite> {
  const started = performance.now()
  await seedSiteUsers(run, size)
  const after = await seedSitePlaces(run, size)
  await seedSiteDevices(run, after)
  // PGlite collects no statistics by itself: the planner would take the site for the demo.
  await run('analyze')
  const [counts] = await run<Omit<SeededSite, 'ms'>>(
    `select (select count(*) from users)::int as users, (select count(*) from doors)::int as doors,
            (select count(*) from devices)::int as devices`,
  )
  if (!counts) throw new Error('no counts')
  return { ...counts, ms: performance.now() - started }
}
