import type { ScheduleInterval } from '../../src/contract/access-model'
import type { CalendarShape } from '../access/schedule'
import type { Queryable } from '../db/database'
import type { DoorLayers, DoorMode, ManualShape, SnowDayShape } from './mode-at'

// Doors' layers read from the database for `modeAt` (decision 069): each door's mode schedule with
// the schedule and calendars, its location's snow days, its overrides and manual commands, the
// lockdown over it now and the first-person-in entries, all for a window around a moment. One query
// per kind of layer for any number of doors (the location tree asks for 100 at a time), with the
// names a person reads for each layer read in the same queries.

export interface DoorPlace {
  door_id: number
  organization_id: number
  location_id: number
  floor_id: number
  zone: string
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

interface ModeRow {
  door_id: number
  schedule_id: number
  schedule_name: string
  first_person_in_group_id: number | null
  intervals: ScheduleInterval[]
  calendar_ids: number[]
}

interface ManualRow {
  door_id: number
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
export async function doorsLayers(
  q: Queryable,
  places: readonly DoorPlace[],
  from: Date,
  to: Date,
): Promise<Map<number, NamedDoorLayers>> {
  const doorIds = places.map((p) => p.door_id)
  const window = [from.toISOString(), to.toISOString()]
  const modes = await q.query<ModeRow>(
    `select m.door_id, m.schedule_id, s.name as schedule_name, m.first_person_in_group_id,
       s.intervals, s.calendar_ids
     from door_modes m join schedules s using (schedule_id) where m.door_id = any($1::int[])`,
    [doorIds],
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
    `select door_id, kind, override_id, mode, from_at, reason, set_by_email,
       case when ended_at is null then until
         when until is null then ended_at else least(until, ended_at) end as until
     from door_overrides
     where door_id = any($1::int[]) and from_at <= $3
       and from_at > $2::timestamptz - interval '9 days'
       and (until is null or until > $2::timestamptz - interval '9 days')`,
    [doorIds, ...window],
  )
  const lockdowns = await q.query<{ door_id: number; lockdown_id: number; scope_name: string }>(
    `select distinct on (p.door_id) p.door_id, l.lockdown_id, l.scope_name
     from unnest($1::int[], $2::int[], $3::int[], $4::int[]) as p(door_id, org, loc, floor)
       join lockdowns l on l.released_at is null
         and lockdown_covers_place(l.scope_type, l.scope_id, l.organization_id, p.org, p.loc,
           p.floor)
     order by p.door_id, l.lockdown_id`,
    [
      doorIds,
      places.map((p) => p.organization_id),
      places.map((p) => p.location_id),
      places.map((p) => p.floor_id),
    ],
  )
  const withGroup = modes.filter((m) => m.first_person_in_group_id !== null).map((m) => m.door_id)
  const entries = withGroup.length
    ? await q.query<{ door_id: number; at: Date | string; user_id: number; email: string | null }>(
        `select e.door_id, e.at, e.user_id, u.email from door_mode_entries e
           left join users u using (user_id)
         where e.door_id = any($1::int[]) and e.at > $2::timestamptz - interval '1 day'
           and e.at <= $3`,
        [withGroup, ...window],
      )
    : []
  const modeOf = new Map(modes.map((m) => [m.door_id, m]))
  const calendarOf = new Map(calendars.map((c) => [c.calendar_id, c]))
  const snowOf = grouped(snowDays, (day) => day.location_id)
  const manualOf = grouped(manual, (m) => m.door_id)
  const lockdownOf = new Map(lockdowns.map((l) => [l.door_id, l]))
  const entriesOf = grouped(entries, (e) => e.door_id)
  const answer = new Map<number, NamedDoorLayers>()
  for (const place of places) {
    const mode = modeOf.get(place.door_id)
    const doorSnow = snowOf.get(place.location_id) ?? []
    const doorManual = manualOf.get(place.door_id) ?? []
    const lockdown = lockdownOf.get(place.door_id)
    const doorEntries = entriesOf.get(place.door_id) ?? []
    answer.set(place.door_id, {
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

/** One door's layers for [from, to]. */
export async function doorLayers(
  q: Queryable,
  place: DoorPlace,
  from: Date,
  to: Date,
): Promise<NamedDoorLayers> {
  const layers = (await doorsLayers(q, [place], from, to)).get(place.door_id)
  if (!layers) throw new Error(`no layers for door ${place.door_id}`)
  return layers
}
