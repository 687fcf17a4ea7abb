import { runInNewContext } from 'node:vm'
import * as rrule from 'rrule'
import { DateTime } from 'luxon'
import type { Options, RRule as Rule } from 'rrule'
import { MAX_RRULE_DATES_PER_YEAR } from '../../src/contract/access-model'

// A calendar exception's recurrence (RFC 5545 RRULE, decision 065), read by the rrule package and
// expanded a year at a time. rrule's dates are "floating": a UTC Date whose fields are the wall
// clock's, here the date of the place's calendar.

// rrule ships an ES module build (what esbuild and vitest load) and a UMD one (what node loads for
// tsx), whose names node cannot see: the UMD build's exports arrive as its default.
const lib = (rrule as unknown as { default?: typeof rrule }).default ?? rrule

/** Why a rule is refused; `too_many` with the year that has more dates than allowed. */
export type RecurrenceProblem =
  { kind: 'invalid'; message: string } | { kind: 'too_many'; year: number }

/**
 * The values RFC 5545 allows each part. rrule takes any number and then loops without end (an
 * hour of 25) or looks for a date that cannot come until the year 9999: out-of-range values are
 * refused before anything is expanded.
 */
const ranges: Partial<Record<keyof Options, [number, number]>> = {
  interval: [1, 1000],
  count: [1, 100_000],
  bysetpos: [-366, 366],
  bymonth: [1, 12],
  bymonthday: [-31, 31],
  byyearday: [-366, 366],
  byweekno: [-53, 53],
  byhour: [0, 23],
  byminute: [0, 59],
  bysecond: [0, 59],
  byeaster: [-366, 366],
}

const numbersOf = (value: unknown): unknown[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]

function outOfRange(options: Partial<Options>): string | null {
  for (const [part, [min, max]] of Object.entries(ranges) as [keyof Options, [number, number]][]) {
    const bad = numbersOf(options[part]).find(
      (n) =>
        typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max || (min < 0 && n === 0),
    )
    if (bad !== undefined) return `${part.toUpperCase()}=${JSON.stringify(bad)} is out of range.`
  }
  const weekdays = options.byweekday
  for (const day of Array.isArray(weekdays) ? weekdays : weekdays ? [weekdays] : []) {
    const n = typeof day === 'object' ? day.n : undefined
    if (n !== undefined && (n === 0 || n < -53 || n > 53))
      return `BYDAY's ordinal ${n} is out of range.`
  }
  return null
}

/**
 * Whether a rule names days, as an exception means: its hours are the exception's `start` and
 * `end`, so an hourly rule or one with BYHOUR, BYMINUTE or BYSECOND says nothing it could use.
 */
const namesDays = ({ origOptions: o }: Rule) =>
  o.freq !== undefined &&
  o.freq <= lib.Frequency.DAILY &&
  o.byhour == null &&
  o.byminute == null &&
  o.bysecond == null

/**
 * The rule `text` (`FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24`) from the date `dtstart`
 * (`YYYY-MM-DD`), or why it cannot be read. Its start is the exception's `dtstart`, and its zone
 * the place's: a DTSTART or TZID inside the rule is refused.
 */
export function recurrenceOf(text: string, dtstart: string): Rule | string {
  let options: Partial<Options>
  try {
    options = lib.RRule.parseString(text)
  } catch (error) {
    return `The recurrence rule cannot be read: ${(error as Error).message}`
  }
  if (options.freq === undefined) return 'The recurrence rule needs a FREQ.'
  if (options.dtstart || options.tzid)
    return 'Give the start as dtstart, without DTSTART or TZID in the rule.'
  const range = outOfRange(options)
  if (range) return range
  const start = DateTime.fromISO(dtstart, { zone: 'utc' })
  try {
    return new lib.RRule({ ...options, dtstart: start.toJSDate() })
  } catch (error) {
    return `The recurrence rule cannot be read: ${(error as Error).message}`
  }
}

/** The rule's dates in `year`, counted up to `max + 1` (then it stops: one too many is enough). */
export function countInYear(rule: Rule, year: number, max: number): number {
  const from = DateTime.utc(year, 1, 1)
  let count = 0
  rule.between(from.toJSDate(), from.endOf('year').toJSDate(), true, () => ++count <= max)
  return count
}

/**
 * How long one year of a rule may take to expand, and all of a calendar's rules together. A rule
 * that never occurs (BYMONTH=2;BYMONTHDAY=30) sends rrule looking for its next date until the
 * year 9999 (from a tenth of a second to minutes, on the server's one thread); a rule that does
 * occur takes a few milliseconds, some tens on a busy machine's first call.
 */
export const EXPANSION_MS = 250
export const CALENDAR_EXPANSION_MS = 1000

/** The years a rule is checked in: that of its start, and this one when it is later. */
const yearsOf = (dtstart: string, thisYear: number) => {
  const first = DateTime.fromISO(dtstart, { zone: 'utc' }).year
  return [...new Set([first, Math.max(first, thisYear)])]
}

/** The rule's dates in `year`, counted within `ms`, or why it could not be expanded. */
function expandWithin(rule: Rule, year: number, ms: number): number | RecurrenceProblem {
  try {
    // A context of its own only for its timeout: the expansion is stopped where it stands.
    return runInNewContext(
      'expand()',
      { expand: () => countInYear(rule, year, MAX_RRULE_DATES_PER_YEAR) },
      { timeout: Math.max(1, Math.floor(ms)) },
    ) as number
  } catch (error) {
    const late = (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT'
    return {
      kind: 'invalid',
      message: late
        ? `Expanding the recurrence rule over ${year} took too long: does it ever occur?`
        : `The recurrence rule cannot be expanded: ${(error as Error).message}`,
    }
  }
}

/**
 * The first of `exceptions` whose rule may not be saved, with why: it does not read, or the year
 * of its start or `thisYear` has more than MAX_RRULE_DATES_PER_YEAR of its dates, or that year
 * takes longer than EXPANSION_MS to expand, or the calendar's rules so far longer than
 * CALENDAR_EXPANSION_MS, or it names hours rather than days. The dates are counted first, so
 * FREQ=HOURLY is refused for its 8,760 a year. Null when every rule may be saved.
 */
export function checkRecurrences(
  exceptions: readonly { rrule?: string; dtstart?: string }[],
  thisYear: number,
): { index: number; problem: RecurrenceProblem } | null {
  const deadline = performance.now() + CALENDAR_EXPANSION_MS
  for (const [index, exception] of exceptions.entries()) {
    if (exception.rrule === undefined || exception.dtstart === undefined) continue
    const rule = recurrenceOf(exception.rrule, exception.dtstart)
    if (typeof rule === 'string') return { index, problem: { kind: 'invalid', message: rule } }
    for (const year of yearsOf(exception.dtstart, thisYear)) {
      const left = Math.min(EXPANSION_MS, deadline - performance.now())
      const count = left <= 0 ? null : expandWithin(rule, year, left)
      if (count === null)
        return {
          index,
          problem: {
            kind: 'invalid',
            message: `The calendar's recurrence rules take longer than ${CALENDAR_EXPANSION_MS} ms to expand.`,
          },
        }
      if (typeof count !== 'number') return { index, problem: count }
      if (count > MAX_RRULE_DATES_PER_YEAR) return { index, problem: { kind: 'too_many', year } }
    }
    if (!namesDays(rule))
      return {
        index,
        problem: {
          kind: 'invalid',
          message:
            'A recurrence names days (yearly, monthly, weekly or daily): give the hours as the exception’s start and end.',
        },
      }
  }
  return null
}
