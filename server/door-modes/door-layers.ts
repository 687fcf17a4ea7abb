import type { ScheduleInterval } from '../../src/contract/access-model'
import type { CalendarShape } from '../access/schedule'
import type { Queryable } from '../db/database'
import type { DoorLayers, DoorMode, ManualShape, SnowDayShape } from './mode-at'

// Doors' layers read from the database for `modeAt` (decision 069): each door's mode schedule with
// the schedule and calendars, its location's snow days, its overrides and manual commands, the
// lockdown over it now and the first-person-in entries, all for a window around a moment. One query
// per kind of layer for any number of doors (the location tree asks for 100 at a time), with the
// names a person reads for each layer read in the same queries. A lock with no door keeps a mode of
// its own (decision 072): the same layers, in the same tables, keyed by the lock's device id.

/** What keeps a mode: a door (its locks follow it), or a lock with no door. */
export type ModeOwner = 'door' | 'device'

/** The column of door_modes, door_overrides and door_mode_entries that names the owner. */
export const ownerColumn = { door: 'door_id', device: 'device_id' } as const

/** Where a mode's owner is: its organization, place and the place's time zone. */
export interface OwnerPlace {
  id: number
  organization_id: number
  location_id: number
  floor_id: number | null
  zone: string
}

export interface DoorPlace {
  door_id: number
  organization_id: number
  location_id: number
  floor_id: number
  zone: string
}

/** A lock's place; `door_id` is the door it is mounted on, if any (then it follows that door). */
export interface LockPlace {
  device_id: number
  organization_id: number
  location_id: number
  floor_id: number | null
  zone: string
  door_id: number | null
  door_name: string | null
}

/** What a person reads for the layers (ModeLayer's `name` and `by_email`), by the layers' ids. */
export interface LayerNames {
  schedule: string | null
  lockdowns: ReadonlyMap<number, string>
  manual: ReadonlyMap<number, { reason: string; by_email: string }>
  snowDays: ReadonlyMap<number, string>
  /** The e-mail of each person whose entry may open the day. */
  openers: ReadonlyMap<number, string>
}

export interface NamedDoorLayers extends DoorLayers {
  names: LayerNames
}

const placeSql = `select d.door_id, d.organization_id, d.location_id, d.floor_id,
    coalesce(l.time_zone, o.time_zone) as zone
  from doors d join locations l using (location_id)
    join organizations o on o.organization_id = d.organization_id
  where d.door_id = any($1::int[])
  order by d.door_id`

export async function doorPlaces(q: Queryable, doorIds: readonly number[]): Promise<DoorPlace[]> {
  return q.query<DoorPlace>(placeSql, [doorIds])
}

export async function doorPlace(q: Queryable, doorId: number): Promise<DoorPlace | undefined> {
  const [row] = await doorPlaces(q, [doorId])
  return row
}

const lockPlaceSql = `select v.device_id, v.organization_id, v.location_id,
    device_floor(v.assignment_type, v.assignment_id) as floor_id,
    coalesce(l.time_zone, o.time_zone) as zone,
    case when v.assignment_type = 'door' then v.assignment_id end as door_id, d.name as door_name
  from devices v join locations l using (location_id)
    join organizations o on o.organization_id = v.organization_id
    left join doors d on v.assignment_type = 'door' and d.door_id = v.assignment_id
  where v.device_id = any($1::int[])
  order by v.device_id`

export async function lockPlaces(q: Queryable, deviceIds: readonly number[]): Promise<LockPlace[]> {
  return q.query<LockPlace>(lockPlaceSql, [deviceIds])
}

export async function lockPlace(q: Queryable, deviceId: number): Promise<LockPlace | undefined> {
  const [row] = await lockPlaces(q, [deviceId])
  return row
}

export const doorOwner = (place: DoorPlace): OwnerPlace => ({ ...place, id: place.door_id })
export const lockOwner = (place: LockPlace): OwnerPlace => ({ ...place, id: place.device_id })

interface ModeRow {
  owner_id: number
  schedule_id: number
  schedule_name: string
  first_person_in_group_id: number | null
  intervals: ScheduleInterval[]
  calendar_ids: number[]
}

interface ManualRow {
  owner_id: number
  kind: ManualShape['kind']
  override_id: number
  mode: DoorMode
  from_at: Date | string
  until: Date | string | null
  reason: string
  set_by_email: string
}

const dateOf = (value: Date | string) => new Date(value)

function grouped<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>()
  for (const row of rows) {
    const list = map.get(key(row))
    if (list) list.push(row)
    else map.set(key(row), [row])
  }
  return map
}

/** Every door's layers for [from, to], by door id; a lockdown is today's (real) state. */
export function doorsLayers(
  q: Queryable,
  places: readonly DoorPlace[],
  from: Date,
  to: Date,
): Promise<Map<number, NamedDoorLayers>> {
  return ownersLayers(q, 'door', places.map(doorOwner), from, to)
}

/** Every owner's layers for [from, to], by its id (a door's, or a lock's with no door). */
export async function ownersLayers(
  q: Queryable,
  owner: ModeOwner,
  places: readonly OwnerPlace[],
  from: Date,
  to: Date,
): Promise<Map<number, NamedDoorLayers>> {
  const column = ownerColumn[owner]
  const ids = places.map((p) => p.id)
  const window = [from.toISOString(), to.toISOString()]
  const modes = await q.query<ModeRow>(
    `select m.${column} as owner_id, m.schedule_id, s.name as schedule_name,
       m.first_person_in_group_id, s.intervals, s.calendar_ids
     from door_modes m join schedules s using (schedule_id) where m.${column} = any($1::int[])`,
    [ids],
  )
  const calendarIds = [...new Set(modes.flatMap((m) => m.calendar_ids))]
  const calendars = calendarIds.length
    ? await q.query<CalendarShape>(
        `select calendar_id, name, exceptions from calendars where calendar_id = any($1::int[])`,
        [calendarIds],
      )
    : []
  const snowDays = await q.query<SnowDayShape & { location_id: number; reason: string }>(
    `select snow_day_id, location_id, to_char(date, 'YYYY-MM-DD') as date, kind, time, reason
     from snow_days
     where location_id = any($1::int[]) and date between ($2::timestamptz - interval '2 days')::date
       and ($3::timestamptz + interval '2 days')::date`,
    [[...new Set(places.map((p) => p.location_id))], ...window],
  )
  // A command's end is the next boundary, up to 8 days on: those set 9 days before still count.
  const manual = await q.query<ManualRow>(
    `select ${column} as owner_id, kind, override_id, mode, from_at, reason, set_by_email,
       case when ended_at is null then until
         when until is null then ended_at else least(until, ended_at) end as until
     from door_overrides
     where ${column} = any($1::int[]) and from_at <= $3
       and from_at > $2::timestamptz - interval '9 days'
       and (until is null or until > $2::timestamptz - interval '9 days')`,
    [ids, ...window],
  )
  const lockdowns = await q.query<{ owner_id: number; lockdown_id: number; scope_name: string }>(
    `select distinct on (p.owner_id) p.owner_id, l.lockdown_id, l.scope_name
     from unnest($1::int[], $2::int[], $3::int[], $4::int[]) as p(owner_id, org, loc, floor)
       join lockdowns l on l.released_at is null
         and lockdown_covers_place(l.scope_type, l.scope_id, l.organization_id, p.org, p.loc,
           p.floor)
     order by p.owner_id, l.lockdown_id`,
    [
      ids,
      places.map((p) => p.organization_id),
      places.map((p) => p.location_id),
      places.map((p) => p.floor_id),
    ],
  )
  const withGroup = modes.filter((m) => m.first_person_in_group_id !== null).map((m) => m.owner_id)
  const entries = withGroup.length
    ? await q.query<{ owner_id: number; at: Date | string; user_id: number; email: string | null }>(
        `select e.${column} as owner_id, e.at, e.user_id, u.email from door_mode_entries e
           left join users u using (user_id)
         where e.${column} = any($1::int[]) and e.at > $2::timestamptz - interval '1 day'
           and e.at <= $3`,
        [withGroup, ...window],
      )
    : []
  const modeOf = new Map(modes.map((m) => [m.owner_id, m]))
  const calendarOf = new Map(calendars.map((c) => [c.calendar_id, c]))
  const snowOf = grouped(snowDays, (day) => day.location_id)
  const manualOf = grouped(manual, (m) => m.owner_id)
  const lockdownOf = new Map(lockdowns.map((l) => [l.owner_id, l]))
  const entriesOf = grouped(entries, (e) => e.owner_id)
  const answer = new Map<number, NamedDoorLayers>()
  for (const place of places) {
    const mode = modeOf.get(place.id)
    const doorSnow = snowOf.get(place.location_id) ?? []
    const doorManual = manualOf.get(place.id) ?? []
    const lockdown = lockdownOf.get(place.id)
    const doorEntries = entriesOf.get(place.id) ?? []
    answer.set(place.id, {
      zone: place.zone,
      modeSchedule: mode
        ? {
            schedule_id: mode.schedule_id,
            mode_in_schedule: 'unlocked',
            mode_outside: 'locked',
            first_person_in_group_id: mode.first_person_in_group_id,
          }
        : null,
      schedule: mode ? { intervals: mode.intervals } : null,
      calendars: mode
        ? mode.calendar_ids.flatMap((id) => {
            const calendar = calendarOf.get(id)
            return calendar ? [calendar] : []
          })
        : [],
      snowDays: doorSnow,
      manual: doorManual.map((m) => ({
        kind: m.kind,
        id: m.override_id,
        mode: m.mode,
        from: dateOf(m.from_at),
        until: m.until === null ? null : dateOf(m.until),
      })),
      // Lockdowns start and end on the real clock (decision 056): one in force now holds the door
      // for the whole window; its release is the job's boundary of its own (decision 070).
      lockdowns: lockdown
        ? [{ lockdown_id: lockdown.lockdown_id, from: new Date(0), until: null }]
        : [],
      entries: doorEntries.map((e) => ({ at: dateOf(e.at), user_id: e.user_id })),
      names: {
        schedule: mode?.schedule_name ?? null,
        lockdowns: new Map(lockdown ? [[lockdown.lockdown_id, lockdown.scope_name]] : []),
        manual: new Map(
          doorManual.map((m) => [m.override_id, { reason: m.reason, by_email: m.set_by_email }]),
        ),
        snowDays: new Map(doorSnow.map((d) => [d.snow_day_id, d.reason])),
        openers: new Map(
          doorEntries.flatMap((e) => (e.email === null ? [] : [[e.user_id, e.email] as const])),
        ),
      },
    })
  }
  return answer
}

/** One owner's layers for [from, to]. */
export async function ownerLayers(
  q: Queryable,
  owner: ModeOwner,
  place: OwnerPlace,
  from: Date,
  to: Date,
): Promise<NamedDoorLayers> {
  const layers = (await ownersLayers(q, owner, [place], from, to)).get(place.id)
  if (!layers) throw new Error(`no layers for ${owner} ${place.id}`)
  return layers
}
