import type { RuleTargetType, ScheduleInterval } from '../../src/contract/access-model'
import type { DenialReason } from '../../src/contract/pin-entry'
import type { Prepared, Queryable } from '../db/database'
import {
  inWindow,
  scheduleAtClock,
  wallClock,
  type CalendarShape,
  type WallClock,
} from './schedule'

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

/** The model with its groups' names, for answers that name them. */
export interface NamedModel extends AccessModel {
  groups: Map<number, string>
}

/** The columns each kind is read with, now and (model-at.ts) as the journal rewinds it. */
export const modelColumns = {
  rules: 'rule_id, organization_id, name, group_ids, targets, schedule_id, valid_from, valid_until',
  schedules: 'schedule_id, organization_id, name, intervals, calendar_ids',
  calendars: 'calendar_id, organization_id, name, exceptions',
  groups: 'group_id, organization_id, name',
} as const

/** The model's rows as the statements answer them: one JSON array per kind. */
export interface ModelRows {
  rules: RuleRow[]
  schedules: ScheduleRow[]
  calendars: CalendarShape[]
  groups: { group_id: number; name: string }[]
}

export function namedModel(rows: ModelRows): NamedModel {
  return {
    rules: rows.rules,
    schedules: new Map(rows.schedules.map((s) => [s.schedule_id, s])),
    calendars: new Map(rows.calendars.map((c) => [c.calendar_id, c])),
    groups: new Map(rows.groups.map((g) => [g.group_id, g.name])),
  }
}

/**
 * Which rules to read: all of the organization's, those whose targets name any of the places
 * (`keys`, on the targets' GIN index), or those that name any of the groups.
 */
export type ModelScope = 'all' | { keys: readonly PlaceKey[] } | { groupIds: readonly number[] }

const ruleFilter = {
  all: 'true',
  keys: 'targets && $2::text[]',
  groups: 'group_ids && $2::int[]',
} as const

// One round trip: the rules, then only the schedules, calendars and groups they use.
const modelStatement = (scope: keyof typeof ruleFilter): Prepared => ({
  name: `access_model_${scope}`,
  text: `with r as (select ${modelColumns.rules} from access_rules
                    where organization_id = $1 and ${ruleFilter[scope]}),
      s as (select ${modelColumns.schedules} from schedules
            where schedule_id in (select schedule_id from r)),
      c as (select ${modelColumns.calendars} from calendars
            where calendar_id in (select unnest(calendar_ids) from s)),
      g as (select ${modelColumns.groups} from access_groups
            where group_id in (select unnest(group_ids) from r))
    select (select coalesce(json_agg(r order by rule_id), '[]') from r) as rules,
      (select coalesce(json_agg(s), '[]') from s) as schedules,
      (select coalesce(json_agg(c), '[]') from c) as calendars,
      (select coalesce(json_agg(g), '[]') from g) as groups`,
})
const modelStatements = {
  all: modelStatement('all'),
  keys: modelStatement('keys'),
  groups: modelStatement('groups'),
}

/** The organization's rules (those of `scope`), with their schedules, calendars and groups, as they are now. */
export async function modelNow(
  q: Queryable,
  organizationId: number,
  scope: ModelScope = 'all',
): Promise<NamedModel> {
  const [rows] =
    scope === 'all'
      ? await q.query<ModelRows>(modelStatements.all, [organizationId])
      : 'keys' in scope
        ? await q.query<ModelRows>(modelStatements.keys, [organizationId, scope.keys])
        : await q.query<ModelRows>(modelStatements.groups, [organizationId, scope.groupIds])
  if (!rows) throw new Error('the model statement answered no row')
  return namedModel(rows)
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
): RuleOpening {
  if (!inWindow(at, membership.valid_from, membership.valid_until))
    return { opens: false, because: 'expired' }
  return ruleOpens(rule, model, at, clock)
}

/** Why a rule does or does not open, with the calendar exception that closed it. */
export type RuleOpening =
  | Extract<RuleVerdict, { opens: true }>
  | (Extract<RuleVerdict, { opens: false }> & { exception?: string })

/**
 * Whether `rule` opens at `at` for whoever is a member then (the membership is the caller's to
 * check: "who can open" asks the database for the members of the groups of the rules that open):
 * in force, and its schedule open on the wall clock `clock` of the place.
 */
export function ruleOpens(
  rule: RuleRow,
  model: AccessModel,
  at: Date,
  clock: WallClock,
): RuleOpening {
  if (!inWindow(at, rule.valid_from, rule.valid_until)) return { opens: false, because: 'expired' }
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

// The nearest first: a rule naming the door and its building is shown through the door.
const nearness: readonly RuleTargetType[] = ['device', 'door', 'room', 'floor', 'location']

/** The rule's target that covers the place: of those among `keys`, the nearest. */
export function coveringTarget(rule: RuleRow, keys: ReadonlySet<string>): PlaceKey | null {
  let best: PlaceKey | null = null
  let bestRank = nearness.length
  for (const target of rule.targets) {
    if (!keys.has(target)) continue
    const rank = nearness.indexOf(target.slice(0, target.indexOf(':')) as RuleTargetType)
    if (rank < bestRank) {
      best = target as PlaceKey
      bestRank = rank
    }
  }
  return best
}

/** A rule that opens the place at the moment for the members of its groups, and through what. */
export interface OpenRule {
  rule: RuleRow
  via: PlaceKey
  interval: ScheduleInterval | null
  exception: string | null
}

/**
 * The rules covering the place (`keys`: it, what is above it and, for a building, what is in it)
 * that open at `at` on the wall clock of `zone`, for whoever is a member of their groups then.
 */
export function openRules(
  model: AccessModel,
  keys: readonly PlaceKey[],
  at: Date,
  zone: string,
): OpenRule[] {
  const places = new Set<string>(keys)
  const clock = wallClock(at, zone)
  const open: OpenRule[] = []
  for (const rule of rulesCovering(model, keys)) {
    const via = coveringTarget(rule, places)
    const verdict = ruleOpens(rule, model, at, clock)
    if (via !== null && verdict.opens)
      open.push({ rule, via, interval: verdict.interval, exception: verdict.exception })
  }
  return open
}
