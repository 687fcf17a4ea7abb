export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second'

export type RelativeTime = { unit: RelativeUnit; count: number } | { unit: 'justNow' }

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

// Requirements R9.9: largest fitting unit; a year is 365 days and a month 30 days.
const units: readonly [RelativeUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
]

export function relativeTime(then: Date | number, now: Date | number): RelativeTime {
  const elapsed = Number(now) - Number(then)
  for (const [unit, size] of units) {
    if (elapsed >= size) return { unit, count: Math.floor(elapsed / size) }
  }
  return { unit: 'justNow' }
}
