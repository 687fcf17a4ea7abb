import { DateTime } from 'luxon'
import {
  wallMinutes,
  type CalendarException,
  type ScheduleInterval,
} from '../../src/contract/access-model'
import type { Weekday } from '../../src/contract/credentials'
import { recurrenceOf } from '../calendar/recurrence'

// When a schedule is open (decision 065): the one definition. A moment becomes the place's wall
// clock through Luxon (its date, weekday and minute of the day), the calendars' exceptions for that
// date decide first, then the intervals. The rule is about the wall clock read from the instant, so
// a time that does not exist (spring forward) is never read and one that happens twice is inside an
// interval both times.

const weekdayOf: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

export interface ScheduleShape {
  intervals: readonly ScheduleInterval[]
}

export interface CalendarShape {
  calendar_id: number
  name: string
  exceptions: readonly CalendarException[]
}

/** Why a schedule is open or closed at a moment. */
export type ScheduleVerdict =
  | { open: true; interval: ScheduleInterval; exception?: undefined }
  | { open: true; interval?: undefined; exception: string }
  | { open: false; because: 'holiday'; exception: string }
  | { open: false; because: 'outside_schedule' }

/** A moment on a place's wall clock. */
export interface WallClock {
  date: string
  weekday: Weekday
  /** The weekday of the date before: an interval across midnight began on it. */
  dayBefore: Weekday
  minute: number
}

/** The wall clock of `zone` at `instant` (an IANA zone the runtime knows). */
export function wallClock(instant: Date, zone: string): WallClock {
  const local = DateTime.fromJSDate(instant, { zone })
  if (!local.isValid) throw new RangeError(`Unknown time zone ${zone}`)
  const yesterday = local.minus({ days: 1 })
  return {
    date: local.toISODate() ?? '',
    weekday: weekdayOf[local.weekday - 1] ?? 'mon',
    dayBefore: weekdayOf[yesterday.weekday - 1] ?? 'sun',
    minute: local.hour * 60 + local.minute,
  }
}

/** Whether an interval covers the wall-clock moment; an end at or before the start runs overnight. */
export function intervalCovers(interval: ScheduleInterval, clock: WallClock): boolean {
  const start = wallMinutes(interval.start)
  const end = wallMinutes(interval.end)
  if (end > start) {
    return interval.days.includes(clock.weekday) && clock.minute >= start && clock.minute < end
  }
  // Overnight: the evening part is that day's, the early-morning part the day before's.
  return (
    (interval.days.includes(clock.weekday) && clock.minute >= start) ||
    (interval.days.includes(clock.dayBefore) && clock.minute < end)
  )
}

// ——— Recurrences ———

// Expanded a year at a time, so a yearly holiday without UNTIL costs one year's dates. Dates are
// floating (a calendar day, not an instant): computed at midnight UTC and read back as UTC dates.
const expanded = new Map<string, Set<string>>()
const EXPANDED_KEPT = 2000

function datesOfYear(rrule: string, dtstart: string, year: number): Set<string> {
  const key = `${rrule}|${dtstart}|${year}`
  const known = expanded.get(key)
  if (known) return known
  // Saved rules were checked (server/calendar/recurrence.ts); one that no longer reads has no dates.
  const rule = recurrenceOf(rrule, dtstart)
  const from = DateTime.utc(year, 1, 1)
  const dates = new Set(
    typeof rule === 'string'
      ? []
      : rule
          .between(from.toJSDate(), from.endOf('year').toJSDate(), true)
          .map((date) => DateTime.fromJSDate(date, { zone: 'utc' }).toISODate() ?? ''),
  )
  if (expanded.size >= EXPANDED_KEPT) expanded.clear()
  expanded.set(key, dates)
  return dates
}

/** Whether an exception falls on the wall clock's date and covers its minute. */
export function exceptionCovers(exception: CalendarException, clock: WallClock): boolean {
  const onDate =
    exception.date !== undefined
      ? exception.date === clock.date
      : exception.rrule !== undefined &&
        exception.dtstart !== undefined &&
        clock.date >= exception.dtstart &&
        datesOfYear(exception.rrule, exception.dtstart, Number(clock.date.slice(0, 4))).has(
          clock.date,
        )
  if (!onDate) return false
  if (exception.start === undefined || exception.end === undefined) return true
  return clock.minute >= wallMinutes(exception.start) && clock.minute < wallMinutes(exception.end)
}

const exceptionName = (calendar: CalendarShape, exception: CalendarException) =>
  exception.name?.trim() || `${calendar.name} ${exception.date ?? exception.rrule ?? ''}`.trim()

/**
 * Whether the schedule is open at `instant` on the wall clock of `zone`: an exception of its
 * calendars outranks the intervals, and where a closed and an open one both cover the moment, closed
 * wins.
 */
export function scheduleAt(
  schedule: ScheduleShape,
  calendars: readonly CalendarShape[],
  instant: Date,
  zone: string,
): ScheduleVerdict {
  return scheduleAtClock(schedule, calendars, wallClock(instant, zone))
}

export function scheduleAtClock(
  schedule: ScheduleShape,
  calendars: readonly CalendarShape[],
  clock: WallClock,
): ScheduleVerdict {
  let opening: string | null = null
  for (const calendar of calendars) {
    for (const exception of calendar.exceptions) {
      if (!exceptionCovers(exception, clock)) continue
      const name = exceptionName(calendar, exception)
      if (exception.effect === 'closed') return { open: false, because: 'holiday', exception: name }
      opening ??= name
    }
  }
  if (opening !== null) return { open: true, exception: opening }
  const interval = schedule.intervals.find((i) => intervalCovers(i, clock))
  return interval ? { open: true, interval } : { open: false, because: 'outside_schedule' }
}

/** Whether a window with optional ends holds the instant: from inclusive, until exclusive. */
export function inWindow(
  instant: Date,
  from: Date | string | null | undefined,
  until: Date | string | null | undefined,
): boolean {
  const t = instant.getTime()
  return (
    (from == null || new Date(from).getTime() <= t) &&
    (until == null || t < new Date(until).getTime())
  )
}
