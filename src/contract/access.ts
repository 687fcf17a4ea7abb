import {
  array,
  boolean,
  define,
  enums,
  nullable,
  object,
  optional,
  refine,
  string,
  type Infer,
} from './struct'
import { CredentialAssignmentType, Repetition, weekdays, type Weekday } from './credentials'
import { Id, IdParam, IsoDateTime } from './fields'
import { fail } from './rules'

// "Who can open this?" (docs/journal.md, decision 052): the people whose credentials open a door,
// a location or a device, now or at a past moment reconstructed from the journal.

export const ACCESS_PATH = '/access/v1/access'

/** What is asked about: exactly one place. */
export const accessTargetTypes = ['door', 'location', 'device'] as const
export type AccessTargetType = (typeof accessTargetTypes)[number]

/** An IANA zone this runtime knows ("Europe/Berlin", "UTC"): a schedule's times are read in it. */
export const TimeZone = define<string>('time_zone', (value) => {
  if (typeof value !== 'string' || value.length > 64)
    return fail('invalid', 'Expected a time zone.')
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return fail('invalid', 'Expected an IANA time zone such as Europe/Berlin.')
  }
})

export const AccessQuery = refine(
  object({
    door_id: optional(IdParam),
    location_id: optional(IdParam),
    device_id: optional(IdParam),
    /** The moment asked about; now when absent. */
    at: optional(IsoDateTime),
    /** The zone a repeating schedule's times of day are read in; UTC when absent. */
    time_zone: optional(TimeZone),
  }),
  'one_target',
  (q) =>
    [q.door_id, q.location_id, q.device_id].filter((id) => id !== undefined).length === 1 ||
    fail('invalid', 'Give exactly one of door_id, location_id and device_id.', {}, ['door_id']),
)
export type AccessQuery = Infer<typeof AccessQuery>

/** One credential that opens the place at the moment, with the place it is on. */
export const AccessGrant = object({
  credential_id: Id,
  via_type: CredentialAssignmentType,
  via_id: Id,
  /** The place's name today; '' when it is gone. */
  via_name: string(),
  start_datetime: IsoDateTime,
  end_datetime: nullable(IsoDateTime),
  permanent: boolean(),
  repetition: nullable(Repetition),
})
export type AccessGrant = Infer<typeof AccessGrant>

/** A person who can open it, named as they were at the moment, with every credential that does. */
export const AccessPerson = object({
  user_id: Id,
  email: string(),
  first_name: string(),
  last_name: string(),
  grants: array(AccessGrant),
})
export type AccessPerson = Infer<typeof AccessPerson>

export const AccessAnswer = object({
  target_type: enums(accessTargetTypes),
  target_id: Id,
  at: IsoDateTime,
  time_zone: string(),
  /** The earliest moment the journal can answer for: before it, a past moment is refused. */
  journal_since: nullable(IsoDateTime),
  people: array(AccessPerson),
})
export type AccessAnswer = Infer<typeof AccessAnswer>

/** When a credential opens: its window and its repetition (the credential form's fields). */
export interface AccessWindow {
  start_datetime: string
  end_datetime: string | null
  permanent: boolean
  repetition: Repetition | null
}

const MINUTES_PER_DAY = 24 * 60

/** The weekday and minute of the day of an instant, on the wall clock of `timeZone`. */
function wallClock(instant: number, timeZone: string): { day: Weekday; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const day = part('weekday').toLowerCase().slice(0, 3) as Weekday
  return { day, minute: Number(part('hour')) * 60 + Number(part('minute')) }
}

const previousDay = (day: Weekday): Weekday =>
  weekdays[(weekdays.indexOf(day) + weekdays.length - 1) % weekdays.length] ?? day

/**
 * Whether the credential opens at `instant` (ms): inside its window (start inclusive, end
 * exclusive; a permanent one has no end) and, when it repeats, inside that day's times — from the
 * start's time of day to the end's on the wall clock of `timeZone` (the console shows them so: see
 * credential-text.ts). A window whose end time is not after its start time runs overnight and
 * belongs to the day it starts on; an open-ended repeating one runs from its start time to midnight.
 */
export function opensAt(window: AccessWindow, instant: number, timeZone: string): boolean {
  const start = Date.parse(window.start_datetime)
  const end = window.permanent || !window.end_datetime ? null : Date.parse(window.end_datetime)
  if (instant < start || (end !== null && instant >= end)) return false
  const { repetition } = window
  if (!repetition) return true
  const now = wallClock(instant, timeZone)
  const from = wallClock(start, timeZone).minute
  const to = end === null ? MINUTES_PER_DAY : wallClock(end, timeZone).minute
  const days = repetition.type === 'weekly' ? repetition.weekdays : weekdays
  if (from < to) return days.includes(now.day) && now.minute >= from && now.minute < to
  // Overnight: the evening part is today's, the early-morning part yesterday's.
  if (now.minute >= from) return days.includes(now.day)
  return now.minute < to && days.includes(previousDay(now.day))
}
