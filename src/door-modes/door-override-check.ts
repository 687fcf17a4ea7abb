import { DateTime } from 'luxon'
import type { FieldRefusal, OverrideEnding, Refusals } from '../../machines/door-override.machine'
import { OVERRIDE_MAX_DAYS, type ModeLayer, type ModeTimeline } from '../contract/door-modes'

// An override's end is a wall time of the door's place (decision 069): every reading of it goes
// through Luxon in the place's IANA zone, against the server's clock (the timeline's `at`), never
// the browser's zone or clock.

/** The longest reason the server takes (contract: requiredText('reason', 500)). */
export const REASON_MAX = 500

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/** A wall time of the place as an instant, or null when it is not a date and time. */
export function wallInstant(until: string, zone: string): DateTime | null {
  if (!WALL.test(until)) return null
  const at = DateTime.fromISO(until, { zone })
  return at.isValid ? at : null
}

/** The end a dialog starts with: today 18:00 at the place, or tomorrow's once 18:00 has passed. */
export function prefilledUntil(now: string, zone: string): string {
  const here = DateTime.fromISO(now, { zone })
  const today = here.set({ hour: 18, minute: 0, second: 0, millisecond: 0 })
  const end = today > here ? today : today.plus({ days: 1 })
  return end.toFormat("yyyy-MM-dd'T'HH:mm")
}

/** The date and time parts of a wall time, for the two inputs; '' where absent. */
export function wallParts(until: string): { date: string; time: string } {
  const [date = '', time = ''] = until.split('T')
  return { date, time }
}

function untilRefusal(until: string, now: DateTime, zone: string): FieldRefusal | null {
  if (until === '' || until === 'T') return 'required'
  const at = wallInstant(until, zone)
  if (at === null) return 'invalid'
  if (at <= now) return 'past'
  if (at > now.plus({ days: OVERRIDE_MAX_DAYS })) return 'tooFar'
  return null
}

function reasonRefusal(reason: string): FieldRefusal | null {
  if (reason.trim() === '') return 'required'
  return reason.length > REASON_MAX ? 'tooLong' : null
}

const ending = (layer: ModeLayer): OverrideEnding => ({
  mode: layer.mode,
  layer: layer.kind,
  name: layer.name ?? null,
})

/**
 * What decides the door at `at` without the new override: the last change of the week's timeline
 * at or before it, else what decides it now. An override set last wins while it lasts, so what
 * follows its end is what the layers under it say then (an older override still in force too).
 */
export function endingAt(timeline: ModeTimeline, at: DateTime): OverrideEnding {
  const before = timeline.changes.filter((change) => DateTime.fromISO(change.at) <= at)
  const last = before.at(-1)
  return ending(last === undefined ? timeline.layer : last.layer)
}

/**
 * The dialog's check of what was typed, on the place's clock as the server reads it now: the
 * refusals per field, or what the door does when the override ends.
 */
export function checkOverride(
  values: { until: string; reason: string },
  timeline: ModeTimeline,
): { refusals: Refusals } | { ending: OverrideEnding } {
  const zone = timeline.time_zone
  const now = DateTime.fromISO(timeline.at, { zone })
  const refusals: Refusals = {}
  const until = untilRefusal(values.until, now, zone)
  const reason = reasonRefusal(values.reason)
  if (until !== null) refusals.until = until
  if (reason !== null) refusals.reason = reason
  const at = wallInstant(values.until, zone)
  if (Object.keys(refusals).length > 0 || at === null) return { refusals }
  return { ending: endingAt(timeline, at) }
}

// The place's clock reads 18:00, as its schedules do, in either language.
const END_FORMAT = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const

/** An end as a person of the place reads it: weekday, date and time in the place's zone. */
export function untilText(until: string, zone: string, locale: string): string {
  const at = wallInstant(until, zone)
  return at === null ? until : at.setLocale(locale).toLocaleString(END_FORMAT)
}
