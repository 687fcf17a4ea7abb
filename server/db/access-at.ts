import type { AccessGrant, AccessPerson, AccessTargetType } from '../../src/contract/access'
import type { CredentialAssignmentType } from '../../src/contract/credentials'
import type { JournalTargetType } from '../../src/contract/journal'
import type { Prepared, Queryable, Row } from './database'

// "Who can open this?" at a moment (docs/journal.md, decision 052). The state at a moment is the
// state now with every journaled change after it undone: a field's value then is the `before` of
// its first change after the moment, or today's value when it has not changed since; an object
// whose first row after the moment is its create did not exist yet, and one deleted since comes
// back from its delete row, which carries every journaled field. The building's structure (which
// door is in which location) is taken as it is now: it cannot move while it holds a device or a
// credential (spaces.ts, locations.ts refuse), so the places that grant access stand still.

type Place = `${CredentialAssignmentType}:${number}`
const place = (type: string, id: unknown): Place =>
  `${type as CredentialAssignmentType}:${Number(id)}`

/**
 * What the journal says changed after the moment, per object: whether its first row since is its
 * create or its delete, and its fields' values then.
 */
interface Rewind {
  firstAction: Map<number, string>
  before: Map<number, Row>
}

async function rewindOf(q: Queryable, type: JournalTargetType, at: Date): Promise<Rewind> {
  const rows = await q.query<{
    target_id: string | number
    first_action: string | null
    before: Row | null
  }>(
    {
      name: 'access_rewind',
      text: 'select target_id, first_action, before from journal_rewind($1, $2)',
    },
    [type, at.toISOString()],
  )
  const rewind: Rewind = { firstAction: new Map(), before: new Map() }
  for (const row of rows) {
    const id = Number(row.target_id)
    if (row.first_action !== null) rewind.firstAction.set(id, row.first_action)
    if (row.before !== null) rewind.before.set(id, row.before)
  }
  return rewind
}

/** The objects as they were: today's rows with the rewind applied; those that did not exist are left out. */
function asTheyWere(
  current: ReadonlyMap<number, Row>,
  rewind: Rewind,
  key: string,
): Map<number, Row> {
  const then = new Map<number, Row>()
  const ids = new Set([...current.keys(), ...rewind.firstAction.keys(), ...rewind.before.keys()])
  for (const id of ids) {
    const first = rewind.firstAction.get(id)
    const now = current.get(id)
    // Created after the moment, or gone without a journal row to bring it back.
    if (first === 'create') continue
    if (now === undefined && first !== 'delete' && !rewind.before.has(id)) continue
    then.set(id, { ...now, ...rewind.before.get(id), [key]: id })
  }
  return then
}

const byId = (rows: Row[], key: string) => new Map(rows.map((row) => [Number(row[key]), row]))
const iso = (value: unknown) => new Date(value as string | Date).toISOString()

interface Target {
  type: AccessTargetType
  id: number
}

/** Where each device was mounted then, with that place's location (today's structure). */
async function devicesThen(q: Queryable, target: Target, at: Date, past: boolean) {
  // Now: nothing to rewind, and no statement to ask so.
  const rewind = past
    ? await rewindOf(q, 'device', at)
    : { firstAction: new Map(), before: new Map() }
  const changed = [...new Set([...rewind.firstAction.keys(), ...rewind.before.keys()])]
  const here =
    target.type === 'door'
      ? `(assignment_type = 'door' and assignment_id = $1)`
      : target.type === 'location'
        ? 'location_id = $1'
        : 'device_id = $1'
  const current = await q.query(
    {
      name: `access_devices_${target.type}`,
      text: `select device_id, assignment_type, assignment_id, location_id from devices
       where ${here} or device_id = any($2::int[])`,
    },
    [target.id, changed],
  )
  const then = asTheyWere(byId(current, 'device_id'), rewind, 'device_id')
  // A device that moved since: its location then is its place's, read from today's structure.
  const moved = [...then.values()].filter((d) => rewind.before.has(Number(d.device_id)))
  const locationOf = new Map<Place, number>()
  if (moved.length > 0) {
    const places = moved.map((d) => place(String(d.assignment_type), d.assignment_id))
    const ids = (type: string) =>
      places.filter((p) => p.startsWith(`${type}:`)).map((p) => Number(p.split(':')[1]))
    const rows = await q.query<{ t: string; id: number; location_id: number }>(
      {
        name: 'access_moved_places',
        text: `select 'floor' as t, floor_id as id, location_id from floors where floor_id = any($1::int[])
       union all select 'room', room_id, location_id from rooms where room_id = any($2::int[])
       union all select 'door', door_id, location_id from doors where door_id = any($3::int[])`,
      },
      [ids('floor'), ids('room'), ids('door')],
    )
    for (const row of rows) locationOf.set(place(row.t, row.id), Number(row.location_id))
  }
  return [...then.values()].map((d) => {
    const type = String(d.assignment_type)
    const mount = place(type, d.assignment_id)
    const location =
      type === 'location'
        ? Number(d.assignment_id)
        : rewind.before.has(Number(d.device_id))
          ? (locationOf.get(mount) ?? null)
          : Number(d.location_id)
    return { deviceId: Number(d.device_id), mount, location }
  })
}

/** The places whose credentials open the target then; none when the target did not exist. */
async function grantingPlaces(
  q: Queryable,
  target: Target,
  at: Date,
  past: boolean,
): Promise<Set<Place>> {
  const devices = await devicesThen(q, target, at, past)
  if (target.type === 'device') {
    const device = devices.find((d) => d.deviceId === target.id)
    if (!device) return new Set()
    const places = new Set<Place>([place('device', target.id)])
    if (device.mount.startsWith('door:')) places.add(device.mount)
    if (device.location !== null) places.add(place('location', device.location))
    return places
  }
  if (target.type === 'door') {
    const [door] = await q.query<{ location_id: number }>(
      { name: 'access_door_location', text: 'select location_id from doors where door_id = $1' },
      [target.id],
    )
    const places = new Set<Place>([place('door', target.id)])
    if (door) places.add(place('location', door.location_id))
    for (const d of devices)
      if (d.mount === place('door', target.id)) places.add(place('device', d.deviceId))
    return places
  }
  const doors = await q.query<{ door_id: number }>(
    { name: 'access_location_doors', text: 'select door_id from doors where location_id = $1' },
    [target.id],
  )
  const places = new Set<Place>([place('location', target.id)])
  for (const door of doors) places.add(place('door', door.door_id))
  for (const d of devices) if (d.location === target.id) places.add(place('device', d.deviceId))
  return places
}

/** What the answer holds: a page of the people, each with their first grants, and the counts. */
export interface AccessPage {
  start: number
  length: number
  /** How many credentials each person shows at most (the rest are counted). */
  grants: number
}

// "Who can open this?" as one statement, so 10,000 credentials are counted and paged where they
// are, not carried to the server: the credentials then on a granting place that open at the moment
// ($3, in zone $4), their holders then who were not disabled, a page of them ($5, $6) by e-mail,
// each with their first $7 credentials, ranked once for all holders and computed once (left to the
// planner, guessing one row, it re-sorted every open credential for each person on the page). Asked about now, the tables are read as they are; asked
// about a past moment, each field is rewound (journal_rewind, migrations 016 and 018): its value then is
// the `before` of its first change since, one created since did not exist, one deleted since comes
// back from its delete row.
const rewound = (row: string, field: string, cast: string) =>
  `case when r.before ? '${field}' then (r.before->>'${field}')${cast} else ${row}.${field} end as ${field}`

/** A credential's journaled fields the statement reads, with their casts from text. */
const credentialFields = {
  user_id: '::int',
  assignment_type: '',
  assignment_id: '::int',
  start_datetime: '::timestamptz',
  end_datetime: '::timestamptz',
  permanent: '::boolean',
  repetition: '::jsonb',
} as const

// The credentials' entries at the moment (journal_then, migration 018) pivoted into two columns
// per field, whether it changed since and its value then as text (one entry per field): 10,000
// credentials a year back cost less so than as one JSON object or array each. The credentials then
// are materialized: inlined, each field's cast from text ran once per use in opens_at (the start
// four times); a year back on PGlite the statement took 324 ms so, 144 ms materialized (load 6).
const credentialsThen = (rewind: boolean) =>
  rewind
    ? `crewind as (
    select target_id, min(value #>> '{}') filter (where field is null) as first_action,
      bool_or(field is not null) as changed,
      ${Object.keys(credentialFields)
        .map(
          (field) =>
            `bool_or(field = '${field}') as has_${field},
      min(value${field === 'repetition' ? '::text' : " #>> '{}'"}) filter (where field = '${field}') as ${field}`,
        )
        .join(',\n      ')}
    from journal_then('credential', $3) group by target_id),
  cthen as materialized (
    select coalesce(n.credential_id, r.target_id::int) as credential_id,
      ${Object.entries(credentialFields)
        .map(([field, cast]) => {
          const then = `r.${field}${cast}`
          return `case when r.has_${field} then ${field === 'repetition' ? `nullif(${then}, 'null'::jsonb)` : then} else n.${field} end as ${field}`
        })
        .join(',\n      ')}
    from (select * from credentials
          where (assignment_type, assignment_id) in (select t, id from places)
             or credential_id in (select target_id from crewind)) n
      full join crewind r on r.target_id = n.credential_id
    where r.first_action is distinct from 'create'
      and (n.credential_id is not null or r.first_action = 'delete' or r.changed)),`
    : `cthen as (
    select credential_id, user_id, assignment_type, assignment_id, start_datetime, end_datetime,
      permanent, repetition
    from credentials where (assignment_type, assignment_id) in (select t, id from places)),`

const holdersThen = (rewind: boolean) =>
  rewind
    ? `uthen as (
    select h.user_id, h.grant_count, ${rewound('u', 'email', '')},
      ${rewound('u', 'first_name', '')}, ${rewound('u', 'last_name', '')},
      ${rewound('u', 'disabled', '::boolean')}
    from holders h
      left join users u on u.user_id = h.user_id
      left join (select * from journal_rewind('user', $3)
                 where target_id in (select user_id from holders)) r on r.target_id = h.user_id
    where r.first_action is distinct from 'create'
      and (u.user_id is not null or r.first_action = 'delete' or r.before is not null)),`
    : `uthen as (
    select h.user_id, h.grant_count, u.email, u.first_name, u.last_name, u.disabled
    from holders h join users u on u.user_id = h.user_id),`

const peopleAt = (rewind: boolean) => `
with
  places as (select t, id from unnest($1::text[], $2::int[]) as p(t, id)),
  ${credentialsThen(rewind)}
  open as (
    select c.* from cthen c join places p on p.t = c.assignment_type and p.id = c.assignment_id
    where opens_at(c.start_datetime, c.end_datetime, c.permanent, c.repetition, $3, $4)),
  holders as (select user_id, count(*)::int as grant_count from open group by user_id),
  ${holdersThen(rewind)}
  people as (
    select user_id, grant_count, coalesce(email, '') as email,
      coalesce(first_name, '') as first_name, coalesce(last_name, '') as last_name
    from uthen where disabled is not true),
  page as (select * from people order by email, user_id offset $5 limit $6),
  shown as materialized (
    select * from (
      select o.*, row_number() over (partition by o.user_id order by o.credential_id) as n
      from open o) r
    where r.n <= $7),
  grants as materialized (
    select s.user_id, json_agg(json_build_object(
      'kind', 'credential', 'credential_id', s.credential_id, 'via_type', s.assignment_type, 'via_id', s.assignment_id,
      'via_name', coalesce(case s.assignment_type
        when 'device' then (select name from devices where device_id = s.assignment_id)
        when 'door' then (select name from doors where door_id = s.assignment_id)
        when 'location' then (select name from locations where location_id = s.assignment_id)
      end, ''),
      'start_datetime', s.start_datetime, 'end_datetime', s.end_datetime,
      'permanent', s.permanent, 'repetition', s.repetition) order by s.credential_id) as grants
    from shown s where s.user_id in (select user_id from page) group by s.user_id)
select
  (select count(*)::int from people) as people_count,
  coalesce((
    select json_agg(json_build_object(
      'user_id', p.user_id, 'email', p.email, 'first_name', p.first_name,
      'last_name', p.last_name, 'grant_count', p.grant_count, 'grants', g.grants)
      order by p.email, p.user_id)
    from page p join grants g on g.user_id = p.user_id), '[]'::json) as people`

/** The statement for now and for a past moment, each prepared once per connection. */
const PEOPLE: Record<'now' | 'then', Prepared> = {
  now: { name: 'access_people_now', text: peopleAt(false) },
  then: { name: 'access_people_then', text: peopleAt(true) },
}

interface PeopleRow {
  people_count: number
  people: (Omit<AccessPerson, 'grants'> & {
    grants: (Omit<AccessGrant, 'start_datetime' | 'end_datetime'> & {
      start_datetime: string
      end_datetime: string | null
    })[]
  })[]
}

/**
 * The people whose credentials open the target at `at`, as they were then (name, e-mail), each with
 * their first credentials that do (the schedule read in `timeZone`), a page of them and how many in
 * all. Read in one snapshot by the caller's transaction; the target's existence and scope are the
 * caller's to check.
 */
export async function whoCanOpen(
  q: Queryable,
  target: Target,
  at: Date,
  timeZone: string,
  page: AccessPage,
  /** Whether `at` is a past moment to rewind to; now reads the tables as they are. */
  past: boolean,
): Promise<{ people_count: number; people: AccessPerson[] }> {
  const places = await grantingPlaces(q, target, at, past)
  if (places.size === 0) return { people_count: 0, people: [] }
  const pairs = [...places].map((p) => p.split(':'))
  // Planning a statement this size took 25–80 ms on PGlite, running it on a seeded door 2 ms: it
  // is prepared, and the caller's transaction keeps its one generic plan (routes/access.ts).
  const statement = past ? PEOPLE.then : PEOPLE.now
  const [row] = await q.query<PeopleRow>(statement, [
    pairs.map(([t]) => t),
    pairs.map(([, id]) => Number(id)),
    at.toISOString(),
    timeZone,
    page.start,
    page.length,
    page.grants,
  ])
  // The database writes its own timestamp format into JSON; the contract's is ISO 8601 in UTC.
  const people = (row?.people ?? []).map((person) => ({
    ...person,
    grants: person.grants.map((grant) => ({
      ...grant,
      start_datetime: iso(grant.start_datetime),
      end_datetime: grant.end_datetime === null ? null : iso(grant.end_datetime),
    })),
  }))
  return { people_count: row?.people_count ?? 0, people }
}
