import type { AccessGrant, AccessPerson, AccessTargetType } from '../../src/contract/access'
import type { RuleTargetType } from '../../src/contract/access-model'
import type { JournalTargetType } from '../../src/contract/journal'
import {
  modelNow,
  openRules,
  placeKey,
  type NamedModel,
  type OpenRule,
  type PlaceKey,
} from '../access/evaluate'
import { modelAt } from '../access/model-at'
import { writerIn } from '../access/written-in'
import type { Prepared, Queryable } from './database'
import { asTheyWere, byId, noRewind, rewindOf } from './rewind'

// "Who can open this?" at a moment (docs/journal.md, decision 052). The state at a moment is the
// state now with every journaled change after it undone: a field's value then is the `before` of
// its first change after the moment, or today's value when it has not changed since; an object
// whose first row after the moment is its create did not exist yet, and one deleted since comes
// back from its delete row, which carries every journaled field. The building's structure (which
// door is in which location) is taken as it is now: it cannot move while it holds a device or a
// credential (spaces.ts, locations.ts refuse), so the places that grant access stand still.

type Place = PlaceKey
const place = (type: string, id: unknown): Place => placeKey(type as RuleTargetType, Number(id))

/** A place asked about: a door, a location or a device. */
export interface AccessTarget {
  type: AccessTargetType
  id: number
}

/**
 * The target's row today: its organization, its location, the zone its schedules are read in now
 * (its location's, else its organization's) and, for a door, its room and floor. Named, so planned
 * once per connection.
 */
export interface TargetRow {
  organization_id: number
  location_id: number
  room_id: number | null
  floor_id: number | null
  zone: string
}

const targetRows: Record<AccessTargetType, Prepared> = {
  door: {
    name: 'access_target_door',
    text: `select t.organization_id, t.location_id, t.room_id, t.floor_id,
        coalesce(l.time_zone, o.time_zone) as zone
      from doors t join locations l using (location_id)
        join organizations o on o.organization_id = t.organization_id
      where t.door_id = $1`,
  },
  location: {
    name: 'access_target_location',
    text: `select t.organization_id, t.location_id, null::int as room_id, null::int as floor_id,
        coalesce(t.time_zone, o.time_zone) as zone
      from locations t join organizations o using (organization_id)
      where t.location_id = $1`,
  },
  device: {
    name: 'access_target_device',
    text: `select t.organization_id, t.location_id, null::int as room_id, null::int as floor_id,
        coalesce(l.time_zone, o.time_zone) as zone
      from devices t join locations l using (location_id)
        join organizations o on o.organization_id = t.organization_id
      where t.device_id = $1`,
  },
}

export async function targetNow(q: Queryable, target: AccessTarget) {
  const [row] = await q.query<TargetRow>(targetRows[target.type], [target.id])
  return row
}

/** Where each device was mounted then, with that place's location (today's structure). */
async function devicesThen(q: Queryable, target: AccessTarget, at: Date, past: boolean) {
  // Now: nothing to rewind, and no statement to ask so.
  const rewind = past ? await rewindOf(q, 'device', at) : noRewind()
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

// What a building holds, for the rules that name a part of it (today's structure).
const locationParts: Prepared = {
  name: 'access_location_parts',
  text: `select 'floor' as t, floor_id as id from floors where location_id = $1
    union all select 'room', room_id from rooms where location_id = $1
    union all select 'door', door_id from doors where location_id = $1`,
}

// The room and floor above a device's mount.
const mountAbove: Prepared = {
  name: 'access_mount_above',
  text: `select room_id, floor_id from doors where $1 = 'door' and door_id = $2
    union all select room_id, floor_id from rooms where $1 = 'room' and room_id = $2`,
}

/**
 * The places whose credentials and rules open the target then: itself, what is above it (room,
 * floor, location), the devices mounted on a door, and everything in a location. Rules may name
 * any of them; credentials name devices, doors and locations. Its location then (a device's may
 * have moved), or none when the target did not exist.
 */
async function placesThen(
  q: Queryable,
  target: AccessTarget,
  row: TargetRow,
  at: Date,
  past: boolean,
): Promise<{ keys: Set<Place>; locationId: number } | null> {
  const devices = await devicesThen(q, target, at, past)
  if (target.type === 'device') {
    const device = devices.find((d) => d.deviceId === target.id)
    if (!device) return null
    const keys = new Set<Place>([place('device', target.id), device.mount])
    if (device.location !== null) keys.add(place('location', device.location))
    const [type, id] = device.mount.split(':')
    const [above] = await q.query<{ room_id: number | null; floor_id: number | null }>(mountAbove, [
      type,
      Number(id),
    ])
    if (above?.room_id != null) keys.add(place('room', above.room_id))
    if (above?.floor_id != null) keys.add(place('floor', above.floor_id))
    return { keys, locationId: device.location ?? row.location_id }
  }
  if (target.type === 'door') {
    const keys = new Set<Place>([place('door', target.id), place('location', row.location_id)])
    if (row.room_id !== null) keys.add(place('room', row.room_id))
    if (row.floor_id !== null) keys.add(place('floor', row.floor_id))
    for (const d of devices)
      if (d.mount === place('door', target.id)) keys.add(place('device', d.deviceId))
    return { keys, locationId: row.location_id }
  }
  const parts = await q.query<{ t: string; id: number }>(locationParts, [target.id])
  const keys = new Set<Place>([place('location', target.id)])
  for (const part of parts) keys.add(place(part.t, part.id))
  for (const d of devices) if (d.location === target.id) keys.add(place('device', d.deviceId))
  return { keys, locationId: target.id }
}

/**
 * The zone of each location of organization `org` (a parameter) at `moment` (a parameter): its
 * own, else its organization's, each rewound when `past` (both are journaled); one row without a
 * location (null) for the organization's. The one definition of a place's zone then.
 */
export const zonesOf = (org: string, moment: string, past: boolean) =>
  past
    ? `select l.location_id,
        coalesce(case when lr.before ? 'time_zone' then lr.before->>'time_zone' else l.time_zone end,
                 oz.zone) as zone
      from (select case when orr.before ? 'time_zone' then orr.before->>'time_zone'
                   else o.time_zone end as zone
            from organizations o
              left join (select * from journal_rewind('organization', ${moment})
                         where target_id = ${org}) orr on true
            where o.organization_id = ${org}) oz
        cross join lateral (select location_id, time_zone from locations
                            where organization_id = ${org}
                            union all select null, null) l
        left join journal_rewind('location', ${moment}) lr on lr.target_id = l.location_id`
    : `select l.location_id, coalesce(l.time_zone, o.time_zone) as zone
      from organizations o
        cross join lateral (select location_id, time_zone from locations
                            where organization_id = ${org}
                            union all select null, null) l
      where o.organization_id = ${org}`

const zoneThen: Prepared = {
  name: 'access_zone_then',
  text: `select zone from (${zonesOf('$2', '$3', true)}) z
    where z.location_id = $1 or z.location_id is null
    order by z.location_id nulls last limit 1`,
}

/** The zone a place in `locationId` read its schedules in at `at`. */
export async function zoneAt(
  q: Queryable,
  locationId: number,
  organizationId: number,
  at: Date,
): Promise<string> {
  const [row] = await q.query<{ zone: string }>(zoneThen, [
    locationId,
    organizationId,
    at.toISOString(),
  ])
  if (!row) throw new Error(`no organization ${organizationId}`)
  return row.zone
}

/** A place asked about, as it was at the moment. */
export interface PlaceThen {
  organizationId: number
  /** What covers it and what it holds (none when it did not exist then). */
  keys: PlaceKey[]
  /** The zone its schedules were read in then. */
  zone: string
}

/** The target at `at`: the places that open it and its zone then (rewound when `past`). */
export async function placeAt(
  q: Queryable,
  target: AccessTarget,
  row: TargetRow,
  at: Date,
  past: boolean,
): Promise<PlaceThen> {
  const places = await placesThen(q, target, row, at, past)
  const zone =
    past && places !== null ? await zoneAt(q, places.locationId, row.organization_id, at) : row.zone
  return { organizationId: row.organization_id, keys: places ? [...places.keys] : [], zone }
}

/** What the answer holds: a page of the people, each with their first grants, and the counts. */
export interface AccessPage {
  start: number
  length: number
  /** How many grants each person shows at most (the rest are counted). */
  grants: number
}

// "Who can open this?" as one statement, so 10,000 credentials and members are counted and paged
// where they are, not carried to the server: the credentials then on a granting place that open at
// the moment ($3, on the wall clock of the place's zone $4), the members then of the groups whose
// rules open then (their rule, group and interval or exception decided in JavaScript, $8, decision
// 065), their holders then who were not disabled, a page of them ($5, $6) by e-mail, each with
// their first $7 grants (credentials by id, then rules by rule and group). The open grants are
// carried as (person, kind, key) and counted (holdersOf); only the page's shown grants read their
// details back by key. Asked about now, the tables are read as they are; asked
// about a past moment, each field is rewound (journal_rewind, migrations 016 and 018): its value
// then is the `before` of its first change since, one created since did not exist, one deleted
// since comes back from its delete row.
const rewound = (row: string, field: string, cast: string) =>
  `case when r.before ? '${field}' then (r.before->>'${field}')${cast} else ${row}.${field} end as ${field}`

/** A table whose rows a past answer rewinds in SQL, with its journaled fields' casts from text. */
export interface RewoundTable {
  /** Names the statement's parts: `${alias}then` and the parts it is built from. */
  alias: string
  kind: JournalTargetType
  table: string
  key: string
  fields: Record<string, string>
  /**
   * The rows of today that matter: for each row of `driver`, those of the table (as `t`) that
   * `match` it, found by index (a lateral join, whatever plan the statement keeps).
   */
  driver: string
  match: string
  /**
   * The rows changed since that matter by their values then: a condition on `then(field)`, a
   * field's value then as text (null when it has not changed since), of `placing` only: the
   * fields that put a row where it matters, which only its create, its delete or a move names.
   */
  placing: readonly string[]
  movedHere: (then: (field: string) => string) => string
}

export const credentialTable: RewoundTable = {
  alias: 'c',
  kind: 'credential',
  table: 'credentials',
  key: 'credential_id',
  fields: {
    user_id: '::int',
    assignment_type: '',
    assignment_id: '::int',
    start_datetime: '::timestamptz',
    end_datetime: '::timestamptz',
    permanent: '::boolean',
    repetition: '::jsonb',
  },
  driver: 'places p',
  match: 't.assignment_type = p.t and t.assignment_id = p.id',
  placing: ['assignment_type', 'assignment_id'],
  // A row that moves a credential names its place whole (journal.ts).
  movedHere: (then) =>
    `(${then('assignment_type')}, ${then('assignment_id')}::int) in (select t, id from places)`,
}

export const memberTable: RewoundTable = {
  alias: 'm',
  kind: 'group_member',
  table: 'group_members',
  key: 'member_id',
  fields: {
    group_id: '::int',
    user_id: '::int',
    valid_from: '::timestamptz',
    valid_until: '::timestamptz',
  },
  driver: '(select distinct group_id from tuples) g',
  match: 't.group_id = g.group_id',
  placing: ['group_id'],
  // A membership never changes group: only its create and delete rows name one.
  movedHere: (then) => `${then('group_id')}::int in (select group_id from tuples)`,
}

// A table's rows then: its entries at the moment (journal_then, migration 018) of the objects that
// matter (today's rows that match, and those whose values then do), pivoted into two columns per
// field, whether it changed since and its value then as text (one entry per field): 10,000
// credentials a year back cost less so than as one JSON object or array each, and a door's
// question pivots none of the credentials changed elsewhere. The rows then are materialized:
// inlined, each field's cast from text ran once per use in opens_at (the start four times); a
// year back on PGlite the statement took 324 ms so, 144 ms materialized (load 6). Now, today's rows
// as they are, inlined where they are read: a door's 10,000 open credentials are filtered as the
// index finds them, not written out and read back (materialized, the statement took 34 ms on
// PGlite, 27 ms so, load 2).
export function rowsThen(t: RewoundTable, rewind: boolean, moment = '$3'): string {
  const fields = Object.entries(t.fields)
  const columns = `${t.key}, ${fields.map(([field]) => field).join(', ')}`
  // `offset 0` keeps the lateral subquery a subquery: pulled up into a join, the plan kept for all
  // answers hashed a scan of every row (20,000 memberships for a door's 20 groups).
  const today = `select x.* from ${t.driver}
      cross join lateral (select ${columns} from ${t.table} t where ${t.match} offset 0) x`
  if (!rewind) return `${t.alias}then as (${today}),`
  const json = (cast: string) => cast === '::jsonb'
  const then = (field: string) => `min(value #>> '{}') filter (where field = '${field}')`
  const a = t.alias
  return `${a}entries as materialized (select * from journal_then('${t.kind}', ${moment})),
  ${a}moved as (
    select target_id from ${a}entries
    where field in (${t.placing.map((f) => `'${f}'`).join(', ')})
    group by target_id having ${t.movedHere(then)}),
  ${a}now as materialized (${today}),
  ${a}rewind as (
    select target_id, min(value #>> '{}') filter (where field is null) as first_action,
      bool_or(field is not null) as changed,
      ${fields
        .map(
          ([field, cast]) =>
            `bool_or(field = '${field}') as has_${field},
      min(value${json(cast) ? '::text' : " #>> '{}'"}) filter (where field = '${field}') as ${field}`,
        )
        .join(',\n      ')}
    from ${a}entries
    where target_id in (select ${t.key} from ${a}now) or target_id in (select target_id from ${a}moved)
    group by target_id),
  ${a}then as materialized (
    select coalesce(n.${t.key}, r.target_id::int) as ${t.key},
      ${fields
        .map(([field, cast]) => {
          const value = `r.${field}${cast}`
          return `case when r.has_${field} then ${json(cast) ? `nullif(${value}, 'null'::jsonb)` : value} else n.${field} end as ${field}`
        })
        .join(',\n      ')}
    from (select * from ${a}now
          union all
          select ${columns} from ${t.table}
          where ${t.key} in (select target_id from ${a}moved)
            and ${t.key} not in (select ${t.key} from ${a}now)) n
      full join ${a}rewind r on r.target_id = n.${t.key}
    where r.first_action is distinct from 'create'
      and (n.${t.key} is not null or r.first_action = 'delete' or r.changed)),`
}

// The holders' rows by index, now and then: joined, the plan kept for all answers hashed a scan of
// every user (10,000 on the site) for a door's dozen holders.
const holdersThen = (rewind: boolean) =>
  rewind
    ? `uthen as (
    select h.user_id, h.grant_count, ${rewound('u', 'email', '')},
      ${rewound('u', 'first_name', '')}, ${rewound('u', 'last_name', '')},
      ${rewound('u', 'disabled', '::boolean')}
    from holders h
      left join lateral (
        select user_id, email, first_name, last_name, disabled from users
        where user_id = h.user_id offset 0) u on true
      left join (select * from journal_rewind('user', $3)
                 where target_id in (select user_id from holders)) r on r.target_id = h.user_id
    where r.first_action is distinct from 'create'
      and (u.user_id is not null or r.first_action = 'delete' or r.before is not null)),`
    : `uthen as (
    select h.user_id, h.grant_count, u.email, u.first_name, u.last_name, u.disabled
    from holders h cross join lateral (
      select email, first_name, last_name, disabled from users where user_id = h.user_id offset 0) u),`

/** A place's name today, '' when it is gone: the via of a credential's place or a rule's target. */
const placeName = (type: string, id: string) => `coalesce(case ${type}
        when 'device' then (select name from devices where device_id = ${id})
        when 'door' then (select name from doors where door_id = ${id})
        when 'room' then (select name from rooms where room_id = ${id})
        when 'floor' then (select name from floors where floor_id = ${id})
        when 'location' then (select name from locations where location_id = ${id})
      end, '')`

// Whether credential `c` opens at the moment, and membership `m` holds then.
const credentialOpens = (c: string) =>
  `opens_at(${c}.start_datetime, ${c}.end_datetime, ${c}.permanent, ${c}.repetition, $3, $4)`
const memberHolds = (m: string) =>
  `(${m}.valid_from is null or ${m}.valid_from <= $3) and (${m}.valid_until is null or $3 < ${m}.valid_until)`

// Each holder's count and first $7 grants. A past moment's rows are rewound, so they are ranked
// where they are, in one sort (a window) that also counts them. Now, today's rows are counted by a
// grouping (no sort), and each person on the page takes their first grants along the indexes
// (credentials by user and id, memberships by user): a door with 10,000 open credentials sorted
// them all for its page's sixty grants.
const holdersOf = (rewind: boolean) =>
  rewind
    ? `ranked as materialized (
    select user_id, kind, k, member_since,
      row_number() over (partition by user_id order by kind, k) as n,
      count(*) over (partition by user_id) as grant_count
    from open),
  holders as (select user_id, grant_count::int as grant_count from ranked where n = 1),`
    : `holders as (select user_id, count(*)::int as grant_count from open group by user_id),`

const shownOf = (rewind: boolean) =>
  rewind
    ? `select user_id, kind, k, member_since from ranked
    where n <= $7 and user_id in (select user_id from page)`
    : `select p.user_id, f.kind, f.k, f.member_since from page p cross join lateral (
      select * from (
        (select 0 as kind, c.credential_id as k, null::timestamptz as member_since
         from credentials c
         where c.user_id = p.user_id and (c.assignment_type, c.assignment_id) in (select t, id from places)
           and ${credentialOpens('c')}
         order by c.credential_id limit $7)
        union all
        (select 1, t.n, m.valid_from
         from group_members m join tuples t on t.group_id = m.group_id
         where m.user_id = p.user_id and ${memberHolds('m')}
         order by t.n limit $7)) g
      order by kind, k limit $7) f`

const peopleAt = (rewind: boolean) => `
with
  places as (select t, id from unnest($1::text[], $2::int[]) as p(t, id)),
  tuples as (
    select (e->>'group_id')::int as group_id, n::int as n, e->>'via_type' as via_type,
      (e->>'via_id')::int as via_id, e as grant
    from jsonb_array_elements($8::jsonb) with ordinality as t(e, n)),
  ${rowsThen(credentialTable, rewind)}
  ${rowsThen(memberTable, rewind)}
  open as (
    select c.user_id, 0 as kind, c.credential_id as k, null::timestamptz as member_since
    from cthen c${rewind ? ' join places p on p.t = c.assignment_type and p.id = c.assignment_id' : ''}
    where ${credentialOpens('c')}
    union all
    select m.user_id, 1, t.n, m.valid_from
    from mthen m join tuples t on t.group_id = m.group_id
    where ${memberHolds('m')}),
  ${holdersOf(rewind)}
  ${holdersThen(rewind)}
  people as (
    select user_id, grant_count, coalesce(email, '') as email,
      coalesce(first_name, '') as first_name, coalesce(last_name, '') as last_name
    from uthen where disabled is not true),
  page as (select * from people order by email, user_id offset $5 limit $6),
  shown as (${shownOf(rewind)}),
  grants as materialized (
    select s.user_id, jsonb_agg(case when s.kind = 0 then jsonb_build_object(
      'kind', 'credential', 'credential_id', c.credential_id, 'via_type', c.assignment_type,
      'via_id', c.assignment_id, 'via_name', ${placeName('c.assignment_type', 'c.assignment_id')},
      'start_datetime', c.start_datetime, 'end_datetime', c.end_datetime,
      'permanent', c.permanent, 'repetition', c.repetition)
      else t.grant || jsonb_build_object('member_since', s.member_since,
        'via_name', ${placeName('t.via_type', 't.via_id')}) end
      order by s.kind, s.k) as grants
    from shown s
      left join ${rewind ? 'cthen' : 'credentials'} c on s.kind = 0 and c.credential_id = s.k
      left join tuples t on s.kind = 1 and t.n = s.k
    group by s.user_id)
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
  people: AccessPerson[]
}

/** A grant through a rule as JavaScript decides it; the statement adds the member's start. */
type RuleTuple = Omit<AccessGrant, 'member_since' | 'via_name'> & { group_id: number }

function tuplesOf(open: readonly OpenRule[], model: NamedModel): RuleTuple[] {
  return open.flatMap(({ rule, via, interval, exception }) => {
    const [viaType, viaId] = via.split(':')
    const schedule = rule.schedule_id === null ? undefined : model.schedules.get(rule.schedule_id)
    return [...rule.group_ids]
      .sort((a, b) => a - b)
      .map((groupId) => ({
        kind: 'rule' as const,
        rule_id: rule.rule_id,
        rule_name: rule.name,
        group_id: groupId,
        group_name: model.groups.get(groupId) ?? '',
        schedule_id: rule.schedule_id,
        schedule_name: schedule?.name ?? null,
        interval,
        exception,
        via_type: viaType as RuleTargetType,
        via_id: Number(viaId),
      }))
  })
}

export interface WhoCanOpen {
  people_count: number
  people: AccessPerson[]
}

/**
 * The people who can open the place at `at`, as they were then (name, e-mail), by a direct
 * credential or a rule through a group, each with their first grants (the schedules read on the
 * place's wall clock), a page of them and how many in all; the answer's instants written in
 * `writeIn`. Read in one snapshot by the caller's transaction; the target's existence and scope are
 * the caller's to check.
 */
export async function whoCanOpen(
  q: Queryable,
  place: PlaceThen,
  at: Date,
  page: AccessPage,
  /** Whether `at` is a past moment to rewind to; now reads the tables as they are. */
  past: boolean,
  writeIn: string,
): Promise<WhoCanOpen> {
  const { keys, zone, organizationId } = place
  if (keys.length === 0) return { people_count: 0, people: [] }
  const model = past
    ? await modelAt(q, organizationId, at)
    : await modelNow(q, organizationId, { keys })
  const tuples = tuplesOf(openRules(model, keys, at, zone), model)
  const pairs = keys.map((key) => key.split(':'))
  // Planning a statement this size took 25–80 ms on PGlite, running it on a seeded door 2 ms: it
  // is prepared, and the caller's transaction keeps its one generic plan (routes/access.ts).
  const [result] = await q.query<PeopleRow>(past ? PEOPLE.then : PEOPLE.now, [
    pairs.map(([t]) => t),
    pairs.map(([, id]) => Number(id)),
    at.toISOString(),
    zone,
    page.start,
    page.length,
    page.grants,
    JSON.stringify(tuples),
  ])
  // The database writes its own timestamp format into JSON; the answer's is ISO 8601 on the wall
  // clock of the zone asked for.
  const write = writerIn(writeIn)
  const people = (result?.people ?? []).map((person) => ({
    ...person,
    grants: person.grants.map((grant) => {
      const { start_datetime, end_datetime, member_since } = grant
      return {
        ...grant,
        ...(start_datetime === undefined ? {} : { start_datetime: write(start_datetime) }),
        ...(end_datetime == null ? {} : { end_datetime: write(end_datetime) }),
        ...(member_since == null ? {} : { member_since: write(member_since) }),
      }
    }),
  }))
  return { people_count: result?.people_count ?? 0, people }
}
