import type { RuleTargetType, ScheduleInterval } from '../../src/contract/access-model'
import type { DenialReason } from '../../src/contract/pin-entry'
import type { Queryable } from '../db/database'
import { inWindow, scheduleAtClock, type CalendarShape, type WallClock } from './schedule'

// Whether a rule lets a member in at a moment (decision 065): the rule in force, its target covering
// the place, the membership valid, the schedule open on the place's wall clock. The model (rules,
// schedules, calendars) is read here as it is now; "who could open" rebuilds it as it was from the
// journal and asks the same questions of it.

/** A place as rules name it: 'door:12'. */
export type PlaceKey = `${RuleTargetType}:${number}`
export const placeKey = (type: RuleTargetType, id: number): PlaceKey => `${type}:${id}`

export interface RuleRow {
  rule_id: number
  name: string
  group_ids: number[]
  /** 'type:id', as stored. */
  targets: string[]
  schedule_id: number | null
  valid_from: Date | string | null
  valid_until: Date | string | null
}

export interface ScheduleRow {
  schedule_id: number
  name: string
  intervals: ScheduleInterval[]
  calendar_ids: number[]
}

/** Rules, schedules and calendars of one organization, at one moment. */
export interface AccessModel {
  rules: RuleRow[]
  schedules: Map<number, ScheduleRow>
  calendars: Map<number, CalendarShape>
}

/** The organization's rules, schedules and calendars as they are now. */
export async function modelNow(q: Queryable, organizationId: number): Promise<AccessModel> {
  const [rules, schedules, calendars] = await Promise.all([
    q.query<RuleRow>(
      {
        name: 'access_model_rules',
        text: `select rule_id, name, group_ids, targets, schedule_id, valid_from, valid_until
               from access_rules where organization_id = $1`,
      },
      [organizationId],
    ),
    q.query<ScheduleRow>(
      {
        name: 'access_model_schedules',
        text: `select schedule_id, name, intervals, calendar_ids from schedules
               where organization_id = $1`,
      },
      [organizationId],
    ),
    q.query<CalendarShape>(
      {
        name: 'access_model_calendars',
        text: 'select calendar_id, name, exceptions from calendars where organization_id = $1',
      },
      [organizationId],
    ),
  ])
  return {
    rules,
    schedules: new Map(schedules.map((s) => [s.schedule_id, s])),
    calendars: new Map(calendars.map((c) => [c.calendar_id, c])),
  }
}

/** A place with what covers it (itself and everything above it), its organization and zone. */
export interface Placed {
  keys: PlaceKey[]
  organizationId: number
  locationId: number
  /** The zone its schedules are read in: its location's, else its organization's. */
  zone: string
}

/**
 * What covers a device: itself, where it is mounted and that place's room, floor and location.
 * Null when there is no such device. Today's structure (places cannot move while they hold access).
 */
export async function placesOfDevice(q: Queryable, deviceId: number): Promise<Placed | null> {
  const [row] = await q.query<{
    organization_id: number
    assignment_type: RuleTargetType
    assignment_id: number
    location_id: number
    room_id: number | null
    floor_id: number | null
    zone: string
  }>(
    {
      name: 'access_places_of_device',
      text: `select d.organization_id, d.assignment_type, d.assignment_id, d.location_id,
          coalesce(dr.room_id, case when d.assignment_type = 'room' then d.assignment_id end) as room_id,
          coalesce(dr.floor_id, r.floor_id,
                   case when d.assignment_type = 'floor' then d.assignment_id end) as floor_id,
          coalesce(l.time_zone, o.time_zone) as zone
        from devices d
          join locations l on l.location_id = d.location_id
          join organizations o on o.organization_id = d.organization_id
          left join doors dr on d.assignment_type = 'door' and dr.door_id = d.assignment_id
          left join rooms r on d.assignment_type = 'room' and r.room_id = d.assignment_id
        where d.device_id = $1`,
    },
    [deviceId],
  )
  if (!row) return null
  const keys = new Set<PlaceKey>([
    placeKey('device', deviceId),
    placeKey(row.assignment_type, row.assignment_id),
    placeKey('location', row.location_id),
  ])
  if (row.room_id !== null) keys.add(placeKey('room', row.room_id))
  if (row.floor_id !== null) keys.add(placeKey('floor', row.floor_id))
  return {
    keys: [...keys],
    organizationId: row.organization_id,
    locationId: row.location_id,
    zone: row.zone,
  }
}

/** Why a rule does or does not let one of its members in at a moment (a holiday by its name). */
export type RuleVerdict =
  | { opens: true; interval: ScheduleInterval | null; exception: string | null }
  | {
      opens: false
      because: Extract<DenialReason, 'expired' | 'holiday' | 'outside_schedule'>
      exception?: string
    }

/**
 * Whether `rule` opens at `at` for a member with `membership`'s window, on the wall clock `clock`
 * of the place. A rule without a schedule opens at any time; a missing schedule (deleted meanwhile)
 * opens never; otherwise the schedule decides, its calendars first.
 */
export function ruleVerdict(
  rule: RuleRow,
  model: AccessModel,
  membership: { valid_from: Date | string | null; valid_until: Date | string | null },
  at: Date,
  clock: WallClock,
): RuleVerdict {
  if (!inWindow(at, rule.valid_from, rule.valid_until)) return { opens: false, because: 'expired' }
  if (!inWindow(at, membership.valid_from, membership.valid_until))
    return { opens: false, because: 'expired' }
  if (rule.schedule_id === null) return { opens: true, interval: null, exception: null }
  const schedule = model.schedules.get(rule.schedule_id)
  if (!schedule) return { opens: false, because: 'outside_schedule' }
  const calendars = schedule.calendar_ids.flatMap((id) => model.calendars.get(id) ?? [])
  const verdict = scheduleAtClock(schedule, calendars, clock)
  if (verdict.open)
    return { opens: true, interval: verdict.interval ?? null, exception: verdict.exception ?? null }
  return verdict.because === 'holiday'
    ? { opens: false, because: 'holiday', exception: verdict.exception }
    : { opens: false, because: verdict.because }
}

/** The rules whose targets cover any of `keys` and that name any of `groupIds`. */
export function rulesCovering(
  model: AccessModel,
  keys: readonly PlaceKey[],
  groupIds?: ReadonlySet<number>,
): RuleRow[] {
  const places = new Set<string>(keys)
  return model.rules.filter(
    (rule) =>
      rule.targets.some((t) => places.has(t)) &&
      (groupIds === undefined || rule.group_ids.some((g) => groupIds.has(g))),
  )
}
