import Holidays from 'date-holidays'
import { DateTime } from 'luxon'
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
 * on the other 100), and who may enter them when (decision 065): 200 groups with every user in two
 * of their organization's, 50 schedules, 5 calendars of the regions' public holidays and 500
 * rules. Each part is one function of a few statements, called in turn by seedSite. Names repeat
 * as in a real company (ten entrance halls, Office 1.05 in every building), but none is a demo
 * name, so a demo device or user is still one of its kind.
 */

export const SITE = {
  users: 10_000,
  locations: 10,
  floors: 5,
  rooms: 10,
  doors: 2,
  groups: 200,
  schedules: 50,
  rules: 500,
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

/** A small deterministic generator (mulberry32): the same site at every run. */
function random(seed: number) {
  let a = seed
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]
  const some = <T>(items: readonly T[], count: number): T[] => {
    const picked = new Set<T>()
    while (picked.size < Math.min(count, items.length)) picked.add(pick(items))
    return [...picked]
  }
  return { next, int, pick, some }
}

const WORKWEEK = ['mon', 'tue', 'wed', 'thu', 'fri']
const SCHEDULES: [string, { days: string[]; start: string; end: string }[]][] = [
  ['Office hours', [{ days: WORKWEEK, start: '07:00', end: '19:00' }]],
  ['Early shift', [{ days: [...WORKWEEK, 'sat'], start: '05:30', end: '14:00' }]],
  ['Late shift', [{ days: [...WORKWEEK, 'sat'], start: '13:30', end: '22:00' }]],
  ['Night shift', [{ days: WORKWEEK, start: '21:30', end: '06:00' }]],
  ['Cleaning', [{ days: WORKWEEK, start: '18:00', end: '22:00' }]],
  ['Weekend duty', [{ days: ['sat', 'sun'], start: '08:00', end: '16:00' }]],
  [
    'Deliveries',
    [
      { days: WORKWEEK, start: '06:00', end: '09:00' },
      { days: WORKWEEK, start: '13:00', end: '15:00' },
    ],
  ],
]

/** The public holidays of a region (DE-BE) for this year and the next, as closed days. */
function holidaysOf(region: string) {
  const [country = 'DE', state] = region.split('-')
  const year = DateTime.now().year
  return [year, year + 1].flatMap((y) =>
    new Holidays(country, state ?? '')
      .getHolidays(y)
      .filter((h) => h.type === 'public')
      .map((h) => ({ name: h.name, date: h.date.slice(0, 10), effect: 'closed' })),
  )
}

/**
 * Who may enter the site's places when: groups of each organization (four in five Acme's), every
 * site user in two of their organization's, calendars of the buildings' regions' holidays and a
 * maintenance calendar of recurrences, schedules on them and rules giving one to three groups one
 * to four places (a building, a floor, a room or a door) on a schedule or at any time. The site's
 * buildings keep Berlin time.
 */
async function seedSiteAccess(run: RunSql, size: SiteSize, after: number) {
  const draw = random(64)
  await run(`update locations set time_zone = 'Europe/Berlin' where location_id > $1`, [after])
  await run(
    `insert into access_groups (organization_id, name, description)
     select o.organization_id, 'Site team ' || lpad(n::text, 3, '0'), 'A team of the site'
     from generate_series(1, $1::int) as n
     join organizations o on o.name = case when n % 5 = 0 then 'Globex' else 'Acme' end`,
    [size.groups],
  )
  // Every site user in two of their organization's groups; one in ten until a date, one in
  // twenty whose membership ended.
  await run(
    `with g as (select organization_id, array_agg(group_id order by group_id) as ids
                from access_groups where name like 'Site team %' group by organization_id)
     insert into group_members (group_id, user_id, organization_id, valid_from, valid_until)
     select g.ids[1 + (u.user_id * 7 + k * 13) % cardinality(g.ids)], u.user_id, u.organization_id,
            case when u.user_id % 20 = 5 then now() - interval '200 days' end,
            case when u.user_id % 10 = 0 then now() + interval '90 days'
                 when u.user_id % 20 = 5 then now() - interval '10 days' end
     from users u join g using (organization_id) cross join generate_series(0, 1) as k
     where u.user_id > $1
     on conflict do nothing`,
    [SITE_USER_IDS],
  )
  const orgs = await run<{ organization_id: number; name: string }>(
    `select organization_id, name from organizations where name in ('Acme', 'Globex')`,
  )
  const acme = orgs.find((o) => o.name === 'Acme')?.organization_id ?? 0
  const globex = orgs.find((o) => o.name === 'Globex')?.organization_id ?? 0
  const maintenance = [
    {
      name: 'Maintenance night',
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      dtstart: '2026-01-04',
      start: '02:00',
      end: '04:00',
      effect: 'closed',
    },
    {
      name: 'Christmas Eve afternoon',
      rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24',
      dtstart: '2026-01-01',
      start: '12:00',
      end: '24:00',
      effect: 'closed',
    },
  ]
  const calendars: [number, string, object[]][] = [
    [acme, 'Site holidays Berlin', holidaysOf('DE-BE')],
    [acme, 'Site holidays Hamburg', holidaysOf('DE-HH')],
    [acme, 'Site holidays Saxony', holidaysOf('DE-SN')],
    [acme, 'Site maintenance', maintenance],
    [globex, 'Site holidays Hamburg', holidaysOf('DE-HH')],
  ]
  const calendarIds = new Map<number, number[]>()
  for (const [org, name, exceptions] of calendars) {
    const [row] = await run<{ calendar_id: number }>(
      `insert into calendars (organization_id, name, exceptions) values ($1, $2, $3)
       returning calendar_id`,
      [org, name, JSON.stringify(exceptions)],
    )
    calendarIds.set(org, [...(calendarIds.get(org) ?? []), row?.calendar_id ?? 0])
  }
  const scheduleIds = new Map<number, number[]>()
  for (let n = 0; n < size.schedules; n += 1) {
    const org = n % 5 === 4 ? globex : acme
    const [name, intervals] = SCHEDULES[n % SCHEDULES.length] ?? SCHEDULES[0] ?? ['', []]
    const own = calendarIds.get(org) ?? []
    const [row] = await run<{ schedule_id: number }>(
      `insert into schedules (organization_id, name, intervals, calendar_ids)
       values ($1, $2, $3, $4) returning schedule_id`,
      [org, `Site ${name.toLowerCase()} ${n + 1}`, JSON.stringify(intervals), draw.some(own, 2)],
    )
    scheduleIds.set(org, [...(scheduleIds.get(org) ?? []), row?.schedule_id ?? 0])
  }
  const places = await run<{ organization_id: number; t: string; id: number }>(
    `select organization_id, 'location' as t, location_id as id from locations where location_id > $1
     union all select organization_id, 'floor', floor_id from floors where location_id > $1
     union all select organization_id, 'room', room_id from rooms where location_id > $1
     union all select organization_id, 'door', door_id from doors where location_id > $1`,
    [after],
  )
  const groups = await run<{ organization_id: number; group_id: number }>(
    `select organization_id, group_id from access_groups where name like 'Site team %'`,
  )
  const of = <T extends { organization_id: number }>(rows: T[], org: number) =>
    rows.filter((r) => r.organization_id === org)
  const rules = Array.from({ length: size.rules }, (_, n) => {
    const org = n % 5 === 4 ? globex : acme
    const kind = draw.next()
    const type = kind < 0.05 ? 'location' : kind < 0.3 ? 'floor' : kind < 0.6 ? 'room' : 'door'
    const targets = draw
      .some(
        of(places, org).filter((p) => p.t === type),
        1 + draw.int(type === 'location' ? 1 : 4),
      )
      .map((p) => `${p.t}:${p.id}`)
    const window = draw.next()
    return {
      organization_id: org,
      name: `Site rule ${String(n + 1).padStart(3, '0')}`,
      group_ids: draw.some(
        of(groups, org).map((g) => g.group_id),
        1 + draw.int(3),
      ),
      targets,
      schedule_id: draw.next() < 0.1 ? null : draw.pick(scheduleIds.get(org) ?? []),
      valid_from: null,
      valid_until:
        window < 0.1
          ? DateTime.now().plus({ days: 120 }).toISO()
          : window < 0.15
            ? DateTime.now().minus({ days: 30 }).toISO()
            : null,
    }
  })
  await run(
    `insert into access_rules (organization_id, name, group_ids, targets, schedule_id, valid_from,
       valid_until)
     select organization_id, name, group_ids, targets, schedule_id, valid_from, valid_until
     from jsonb_to_recordset($1::jsonb) as r(organization_id int, name text, group_ids int[],
       targets text[], schedule_id int, valid_from timestamptz, valid_until timestamptz)`,
    [JSON.stringify(rules)],
  )
}

export interface SeededSite {
  users: number
  doors: number
  devices: number
  groups: number
  members: number
  rules: number
  ms: number
}

/** The site of `size` (SITE) added to a seeded demo database, then analyzed. */
export async function seedSite(run: RunSql, size: SiteSize = SITE): Promise<SeededSite> {
  const started = performance.now()
  await seedSiteUsers(run, size)
  const after = await seedSitePlaces(run, size)
  await seedSiteDevices(run, after)
  await seedSiteAccess(run, size, after)
  // PGlite collects no statistics by itself: the planner would take the site for the demo.
  await run('analyze')
  const [counts] = await run<Omit<SeededSite, 'ms'>>(
    `select (select count(*) from users)::int as users, (select count(*) from doors)::int as doors,
            (select count(*) from devices)::int as devices,
            (select count(*) from access_groups)::int as groups,
            (select count(*) from group_members)::int as members,
            (select count(*) from access_rules)::int as rules`,
  )
  if (!counts) throw new Error('no counts')
  return { ...counts, ms: performance.now() - started }
}
