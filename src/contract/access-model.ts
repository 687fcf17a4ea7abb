import {
  array,
  define,
  enums,
  integer,
  nullable,
  object,
  optional,
  partial,
  refine,
  string,
  type Infer,
} from './struct'
import { Weekday } from './credentials'
import { Id, IsoDateTime, optionalText, requiredText } from './fields'
import { listQuery } from './list'
import { fail, required } from './rules'

// Who may enter, when (decision 065): groups of people with members, schedules of wall-clock
// intervals read in a place's time zone, calendars of exceptions, and rules giving groups places on
// a schedule. These are the shapes both sides speak.

export const GROUPS_PATH = '/access/v1/groups'
export const SCHEDULES_PATH = '/access/v1/schedules'
export const CALENDARS_PATH = '/access/v1/calendars'
export const RULES_PATH = '/access/v1/rules'
export const HOLIDAY_REGIONS_PATH = '/access/v1/holiday-regions'

/** Members added or removed in one request. */
export const MAX_MEMBERS_PER_REQUEST = 1000
export const MAX_INTERVALS = 50
/** A calendar's exceptions: a year of dated ones for a few regions, with room to spare. */
export const MAX_EXCEPTIONS = 1000
/** An RRULE may yield at most this many dates in any one year (rules are expanded a year at a time). */
export const MAX_RRULE_DATES_PER_YEAR = 1000
export const MAX_RULE_TARGETS = 200
export const MAX_RULE_GROUPS = 50
export const MAX_SCHEDULE_CALENDARS = 20

/**
 * The path of `field` of a refined value: superstruct reports a refinement's failure at the path
 * it gives, so a refinement of a value inside a list names its field below the value's own path.
 */
const at = ({ path }: { path: readonly unknown[] }, field: string) => [
  ...(path as readonly (string | number)[]),
  field,
]

// ——— Times ———

/** A wall-clock time `HH:MM`, 00:00–23:59, or `24:00` for the end of the day. */
export const WallTime = define<string>(
  'wall_time',
  (v) =>
    (typeof v === 'string' && /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(v)) ||
    fail('invalid', 'Expected a time of day as HH:MM, e.g. 07:00.'),
)

/** Minutes since midnight of a valid WallTime. */
export function wallMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number)
  return (h ?? 0) * 60 + (m ?? 0)
}

/** A calendar date `YYYY-MM-DD` that exists. */
export const IsoDate = define<string>('iso_date', (v) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v))
    return fail('invalid', 'Expected a date as YYYY-MM-DD.')
  const [y, m, d] = v.split('-').map(Number)
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0))
  return (
    (date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d) ||
    fail('invalid', 'Expected a date as YYYY-MM-DD.')
  )
})

/**
 * On `days`, from `start` to `end` on the place's wall clock. An end at or before the start runs
 * past midnight into the next day (22:00–06:00); start and end equal would be 0 or 24 hours, so it
 * is refused, but 00:00–24:00 says which: the whole day. `start` cannot be 24:00.
 */
export const ScheduleInterval = refine(
  object({
    days: refine(array(Weekday), 'days', (d) => {
      if (d.length === 0) return required('weekdays')
      return new Set(d).size === d.length || fail('duplicate', 'Each weekday once.')
    }),
    start: WallTime,
    end: WallTime,
  }),
  'interval',
  (i, context) => {
    if (i.start === '24:00')
      return fail('invalid', 'An interval starts at 23:59 at the latest.', {}, at(context, 'start'))
    // 00:00–24:00 is the whole day; any other equal start and end would be 0 or 24 hours.
    if (i.end !== '24:00' && wallMinutes(i.start) === wallMinutes(i.end))
      return fail('end_before_start', 'The end must differ from the start.', {}, at(context, 'end'))
    return true
  },
)
export type ScheduleInterval = Infer<typeof ScheduleInterval>

const optionalWindow = {
  valid_from: optional(nullable(IsoDateTime)),
  valid_until: optional(nullable(IsoDateTime)),
}

const windowInOrder = (
  w: { valid_from?: string | null; valid_until?: string | null },
  context: { path: readonly unknown[] },
) =>
  w.valid_from == null ||
  w.valid_until == null ||
  Date.parse(w.valid_until) > Date.parse(w.valid_from) ||
  fail('end_before_start', 'The end must be after the start.', {}, at(context, 'valid_until'))

// ——— Groups ———

export const Group = object({
  group_id: Id,
  organization_id: Id,
  name: string(),
  description: string(),
  member_count: integer(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Group = Infer<typeof Group>

/** The users CSV lists a person's groups separated by `;` (docs/csv.md): a name cannot hold one. */
const GroupName = refine(
  requiredText('name', 200),
  'group_name',
  (name) =>
    !name.includes(';') ||
    fail('invalid', 'A group name cannot hold ";": the users CSV separates groups with it.'),
)

export const GroupInput = object({
  name: GroupName,
  description: optional(optionalText(2000)),
  /** Create only; an organization administrator's is their own. */
  organization_id: optional(Id),
})
export type GroupInput = Infer<typeof GroupInput>

export const GroupUpdate = object({
  name: optional(GroupName),
  description: optional(optionalText(2000)),
})
export type GroupUpdate = Infer<typeof GroupUpdate>

export const groupSortKeys = ['group_id', 'name', 'created_at'] as const
export const GroupListQuery = listQuery(groupSortKeys, 'name', 'asc')

/** A person in a group, between `valid_from` and `valid_until` (each optional). */
export const Member = object({
  member_id: Id,
  group_id: Id,
  user_id: Id,
  email: string(),
  first_name: string(),
  last_name: string(),
  valid_from: nullable(IsoDateTime),
  valid_until: nullable(IsoDateTime),
  created_at: IsoDateTime,
})
export type Member = Infer<typeof Member>

export const memberSortKeys = ['email', 'created_at'] as const
export const MemberListQuery = listQuery(memberSortKeys, 'email', 'asc')

/** A membership's window alone: what a form that sets it for one or many people checks. */
export const MemberWindow = refine(object(optionalWindow), 'window', windowInOrder)
export type MemberWindow = Infer<typeof MemberWindow>

const MemberAdd = refine(object({ user_id: Id, ...optionalWindow }), 'window', windowInOrder)

/** POST …/groups/{id}/members: adds people, or sets the window of those already in it. */
export const MembersAdd = object({
  members: refine(array(MemberAdd), 'members', (m) => {
    if (m.length === 0) return required('user')
    if (m.length > MAX_MEMBERS_PER_REQUEST)
      return fail('too_many', `At most ${MAX_MEMBERS_PER_REQUEST} members a request.`, {
        max: MAX_MEMBERS_PER_REQUEST,
      })
    return (
      new Set(m.map((x) => x.user_id)).size === m.length || fail('duplicate', 'Each person once.')
    )
  }),
})
export type MembersAdd = Infer<typeof MembersAdd>

/** DELETE …/groups/{id}/members: removes people (those not in it are skipped). */
export const MembersRemove = object({
  user_ids: refine(array(Id), 'user_ids', (ids) => {
    if (ids.length === 0) return required('user')
    return (
      ids.length <= MAX_MEMBERS_PER_REQUEST ||
      fail('too_many', `At most ${MAX_MEMBERS_PER_REQUEST} members a request.`, {
        max: MAX_MEMBERS_PER_REQUEST,
      })
    )
  }),
})
export type MembersRemove = Infer<typeof MembersRemove>

export const MembersChanged = object({ added: integer(), updated: integer(), removed: integer() })
export type MembersChanged = Infer<typeof MembersChanged>

// ——— Schedules ———

const Intervals = refine(
  array(ScheduleInterval),
  'intervals',
  (list) =>
    list.length <= MAX_INTERVALS ||
    fail('too_many', `At most ${MAX_INTERVALS} intervals.`, { max: MAX_INTERVALS }),
)

/** The calendars whose exceptions outrank the schedule, each once. */
const CalendarIds = refine(array(Id), 'calendar_ids', (ids) => {
  if (ids.length > MAX_SCHEDULE_CALENDARS)
    return fail('too_many', `At most ${MAX_SCHEDULE_CALENDARS} calendars.`, {
      max: MAX_SCHEDULE_CALENDARS,
    })
  return new Set(ids).size === ids.length || fail('duplicate', 'Each calendar once.')
})

export const Schedule = object({
  schedule_id: Id,
  organization_id: Id,
  name: string(),
  intervals: array(ScheduleInterval),
  calendar_ids: array(Id),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Schedule = Infer<typeof Schedule>

export const ScheduleInput = object({
  name: requiredText('name', 200),
  intervals: Intervals,
  calendar_ids: optional(CalendarIds),
  organization_id: optional(Id),
})
export type ScheduleInput = Infer<typeof ScheduleInput>

export const ScheduleUpdate = partial(
  object({ name: requiredText('name', 200), intervals: Intervals, calendar_ids: CalendarIds }),
)
export type ScheduleUpdate = Infer<typeof ScheduleUpdate>

export const scheduleSortKeys = ['schedule_id', 'name', 'created_at'] as const
export const ScheduleListQuery = listQuery(scheduleSortKeys, 'name', 'asc')

// ——— Calendars ———

export const exceptionEffects = ['closed', 'open'] as const
export const ExceptionEffect = enums(exceptionEffects)
export type ExceptionEffect = Infer<typeof ExceptionEffect>

/**
 * One exception: on a `date`, or on each date of an RFC 5545 `rrule` (e.g. `FREQ=YEARLY;BYMONTH=12;
 * BYMONTHDAY=24`) from `dtstart`; the whole day, or from `start` to `end` on the wall clock.
 */
export const CalendarException = refine(
  object({
    name: optional(optionalText(200)),
    date: optional(IsoDate),
    rrule: optional(optionalText(500)),
    dtstart: optional(IsoDate),
    start: optional(WallTime),
    end: optional(WallTime),
    effect: ExceptionEffect,
  }),
  'exception',
  (e, context) => {
    if (e.date === undefined && e.rrule === undefined)
      return { ...required('date'), path: at(context, 'date') }
    if (e.date !== undefined && e.rrule !== undefined)
      return fail('invalid', 'Give a date or a recurrence rule, not both.', {}, at(context, 'date'))
    if (e.rrule !== undefined && e.dtstart === undefined)
      return { ...required('date'), path: at(context, 'dtstart') }
    if ((e.start === undefined) !== (e.end === undefined))
      return fail('invalid', 'Give both a start and an end, or neither.', {}, at(context, 'end'))
    if (e.start !== undefined && e.end !== undefined && wallMinutes(e.end) <= wallMinutes(e.start))
      return fail('end_before_start', 'The end must be after the start.', {}, at(context, 'end'))
    return true
  },
)
export type CalendarException = Infer<typeof CalendarException>

const Exceptions = refine(
  array(CalendarException),
  'exceptions',
  (list) =>
    list.length <= MAX_EXCEPTIONS ||
    fail('too_many', `At most ${MAX_EXCEPTIONS} exceptions.`, { max: MAX_EXCEPTIONS }),
)

export const Calendar = object({
  calendar_id: Id,
  organization_id: Id,
  name: string(),
  exceptions: array(CalendarException),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Calendar = Infer<typeof Calendar>

export const CalendarInput = object({
  name: requiredText('name', 200),
  exceptions: optional(Exceptions),
  organization_id: optional(Id),
})
export type CalendarInput = Infer<typeof CalendarInput>

export const CalendarUpdate = partial(
  object({ name: requiredText('name', 200), exceptions: Exceptions }),
)
export type CalendarUpdate = Infer<typeof CalendarUpdate>

export const calendarSortKeys = ['calendar_id', 'name', 'created_at'] as const
export const CalendarListQuery = listQuery(calendarSortKeys, 'name', 'asc')

/** A language as ISO 639-1 (`en`, `de`): holidays and regions are named in it where the library can. */
const HolidayLanguage = define<string>(
  'language',
  (v) =>
    (typeof v === 'string' && /^[a-z]{2}$/.test(v)) ||
    fail('invalid', 'Expected a language such as en or de.'),
)

/** POST …/calendars/{id}/holidays: adds a region's public holidays of a year as closed days. */
export const HolidaysInput = object({
  /** ISO 3166 country, optionally with its subdivision: `DE`, `DE-BE`. */
  region: define<string>(
    'region',
    (v) =>
      (typeof v === 'string' && /^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/.test(v)) ||
      fail('invalid', 'Expected a region such as DE-BE.'),
  ),
  /** The holidays' names; English when absent. */
  language: optional(HolidayLanguage),
  year: refine(
    integer(),
    'year',
    (y) => (y >= 1970 && y <= 2100) || fail('invalid', 'Expected a year from 1970 to 2100.'),
  ),
})
export type HolidaysInput = Infer<typeof HolidaysInput>

/** GET /access/v1/holiday-regions: one country's regions (itself and its subdivisions), or all. */
export const HolidayRegionQuery = object({
  country: optional(
    define<string>(
      'country',
      (v) =>
        (typeof v === 'string' && /^[A-Z]{2}$/.test(v)) ||
        fail('invalid', 'Expected a country such as DE.'),
    ),
  ),
  language: optional(HolidayLanguage),
})
export type HolidayRegionQuery = Infer<typeof HolidayRegionQuery>

/** `DE` "Germany", `DE-BE` "Berlin, Germany": a region the holidays can be added for. */
export const HolidayRegion = object({ code: string(), name: string() })
export const HolidayRegions = array(HolidayRegion)
export type HolidayRegion = Infer<typeof HolidayRegion>

// ——— Rules ———

export const ruleTargetTypes = ['location', 'floor', 'room', 'door', 'device'] as const
export const RuleTargetType = enums(ruleTargetTypes)
export type RuleTargetType = Infer<typeof RuleTargetType>

export const RuleTargetInput = object({ type: RuleTargetType, id: Id })
export type RuleTargetInput = Infer<typeof RuleTargetInput>

/** A rule's target as answered: with its name today ('' when it is gone). */
export const RuleTarget = object({ type: RuleTargetType, id: Id, name: string() })
export type RuleTarget = Infer<typeof RuleTarget>

export const AccessRule = object({
  rule_id: Id,
  organization_id: Id,
  name: string(),
  group_ids: array(Id),
  targets: array(RuleTarget),
  /** null: at any time. */
  schedule_id: nullable(Id),
  valid_from: nullable(IsoDateTime),
  valid_until: nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type AccessRule = Infer<typeof AccessRule>

const ruleFields = {
  name: requiredText('name', 200),
  group_ids: refine(array(Id), 'group_ids', (ids) => {
    if (ids.length === 0) return required('group')
    if (ids.length > MAX_RULE_GROUPS)
      return fail('too_many', `At most ${MAX_RULE_GROUPS} groups.`, { max: MAX_RULE_GROUPS })
    return new Set(ids).size === ids.length || fail('duplicate', 'Each group once.')
  }),
  targets: refine(array(RuleTargetInput), 'targets', (t) => {
    if (t.length === 0) return required('target')
    if (t.length > MAX_RULE_TARGETS)
      return fail('too_many', `At most ${MAX_RULE_TARGETS} places.`, { max: MAX_RULE_TARGETS })
    return (
      new Set(t.map((x) => `${x.type}:${x.id}`)).size === t.length ||
      fail('duplicate', 'Each place once.')
    )
  }),
  schedule_id: optional(nullable(Id)),
  ...optionalWindow,
}

export const AccessRuleInput = refine(
  object({ ...ruleFields, organization_id: optional(Id) }),
  'window',
  windowInOrder,
)
export type AccessRuleInput = Infer<typeof AccessRuleInput>

/** PATCH/PUT: any subset; the server checks the merged rule's window. */
export const AccessRuleUpdate = partial(object(ruleFields))
export type AccessRuleUpdate = Infer<typeof AccessRuleUpdate>

export const ruleSortKeys = ['rule_id', 'name', 'created_at'] as const
export const AccessRuleListQuery = listQuery(ruleSortKeys, 'name', 'asc')
