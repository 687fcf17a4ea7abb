import type { ScheduleInterval } from '../../src/contract/access-model'
import type { CalendarShape } from '../access/schedule'
import type { Queryable } from '../db/database'
import type { DoorLayers, DoorMode, ManualShape, SnowDayShape } from './mode-at'

// A door's layers read from the database for `modeAt` (decision 069): its mode schedule with the
// schedule and calendars, its location's snow days, its overrides and manual commands, the
// lockdown over it now and the first-person-in entries, all for a window around a moment.

export interface DoorPlace {
  door_id: number
  organization_id: number
  location_id: number
  floor_id: number
  zone: string
}

export async function doorPlace(q: Queryable, doorId: number): Promise<DoorPlace | undefined> {
  const [row] = await q.query<DoorPlace>(
    `select d.door_id, d.organization_id, d.location_id, d.floor_id,
       coalesce(l.time_zone, o.time_zone) as zone
     from doors d join locations l using (location_id)
       join organizations o on o.organization_id = d.organization_id
     where d.door_id = $1`,
    [doorId],
  )
  return row
}

interface ModeRow {
  schedule_id: number
  first_person_in_group_id: number | null
  intervals: ScheduleInterval[]
  calendar_ids: number[]
}

const dateOf = (value: Date | string) => new Date(value)

/** Everything `modeAt` needs about the door for [from, to]; a lockdown is today's (real) state. */
export async function doorLayers(
  q: Queryable,
  place: DoorPlace,
  from: Date,
  to: Date,
): Promise<DoorLayers> {
  const [mode] = await q.query<ModeRow>(
    `select m.schedule_id, m.first_person_in_group_id, s.intervals, s.calendar_ids
     from door_modes m join schedules s using (schedule_id) where m.door_id = $1`,
    [place.door_id],
  )
  const calendars = mode
    ? await q.query<CalendarShape>(
        `select calendar_id, name, exceptions from calendars where calendar_id = any($1::int[])`,
        [mode.calendar_ids],
      )
    : []
  const snowDays = await q.query<SnowDayShape>(
    `select snow_day_id, to_char(date, 'YYYY-MM-DD') as date, kind, time from snow_days
     where location_id = $1 and date between ($2::timestamptz - interval '2 days')::date
       and ($3::timestamptz + interval '2 days')::date`,
    [place.location_id, from.toISOString(), to.toISOString()],
  )
  // A command's end is the next boundary, up to 8 days on: those set 9 days before still count.
  const manual = await q.query<{
    kind: ManualShape['kind']
    override_id: number
    mode: DoorMode
    from_at: Date | string
    until: Date | string | null
  }>(
    `select kind, override_id, mode, from_at,
       case when ended_at is null then until
         when until is null then ended_at else least(until, ended_at) end as until
     from door_overrides
     where door_id = $1 and from_at <= $3 and from_at > $2::timestamptz - interval '9 days'
       and (until is null or until > $2::timestamptz - interval '9 days')`,
    [place.door_id, from.toISOString(), to.toISOString()],
  )
  const [lockdown] = await q.query<{ lockdown_id: number }>(
    `select lockdown_id from lockdowns
     where released_at is null and lockdown_covers_place(scope_type, scope_id, organization_id,
       $1, $2, $3)
     order by lockdown_id limit 1`,
    [place.organization_id, place.location_id, place.floor_id],
  )
  const entries =
    mode?.first_person_in_group_id != null
      ? await q.query<{ at: Date | string; user_id: number }>(
          `select at, user_id from door_mode_entries
           where door_id = $1 and at > $2::timestamptz - interval '1 day' and at <= $3`,
          [place.door_id, from.toISOString(), to.toISOString()],
        )
      : []
  return {
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
    calendars,
    snowDays,
    manual: manual.map((m) => ({
      kind: m.kind,
      id: m.override_id,
      mode: m.mode,
      from: dateOf(m.from_at),
      until: m.until === null ? null : dateOf(m.until),
    })),
    // Lockdowns start and end on the real clock (decision 056): one in force now holds the door for
    // the whole window; its release is the job's boundary of its own (decision 070).
    lockdowns: lockdown
      ? [{ lockdown_id: lockdown.lockdown_id, from: new Date(0), until: null }]
      : [],
    entries: entries.map((e) => ({ at: dateOf(e.at), user_id: e.user_id })),
  }
}
