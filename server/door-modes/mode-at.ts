import { DateTime } from 'luxon'
import { wallMinutes, type CalendarException } from '../../src/contract/access-model'
import {
  exceptionCovers,
  scheduleAtClock,
  wallClock,
  type CalendarShape,
  type ScheduleShape,
} from '../access/schedule'
import { wallBoundaries } from './wall-instants'

// A door's mode at a moment (decision 069): one rule of layers, highest first — an active lockdown;
// a manual override until its end (a manual Lock/Unlock counts as one until the next boundary of
// the layers under it); a snow day or an exception of the schedule's calendars; the schedule, whose
// unlock may wait for the first person in; locked. Pure: the caller reads the rows, this decides.

export type DoorMode = 'locked' | 'unlocked'

export interface ModeScheduleShape {
  schedule_id: number
  mode_in_schedule: 'unlocked'
  mode_outside: 'locked'
  first_person_in_group_id?: number | null
}

/** A location's late opening or early closing on one date: the doors stay locked meanwhile. */
export interface SnowDayShape {
  snow_day_id: number
  date: string
  kind: 'open_late' | 'close_early'
  time: string
}

/** An override set through the API, or a manual command (its end is the next boundary). */
export interface ManualShape {
  kind: 'override' | 'command'
  id: number
  mode: DoorMode
  from: Date
  /** An override's end (or when it was ended early); a command's is computed. */
  until: Date | null
}

export interface LockdownShape {
  lockdown_id: number
  from: Date
  until: Date | null
}

/** A granted PIN entry by a member of the first-person-in group, at the door or its location. */
export interface EntryShape {
  at: Date
  user_id: number
}

export interface DoorLayers {
  zone: string
  modeSchedule: ModeScheduleShape | null
  schedule: ScheduleShape | null
  calendars: readonly CalendarShape[]
  snowDays: readonly SnowDayShape[]
  manual: readonly ManualShape[]
  lockdowns: readonly LockdownShape[]
  entries: readonly EntryShape[]
}

export type Layer =
  | { kind: 'lockdown'; mode: 'locked'; lockdown_id: number }
  | { kind: 'override' | 'command'; mode: DoorMode; id: number; until: Date | null }
  | { kind: 'snow_day'; mode: 'locked'; snow_day_id: number }
  | {
      kind: 'exception' | 'schedule'
      mode: DoorMode
      schedule_id: number
      /** The calendar exception's name, for kind exception. */
      exception?: string
      /** Waiting for the first person in (mode locked) or opened by them. */
      first_person_in?: { group_id: number; opened_by: number | null; opened_at: Date | null }
    }
  | { kind: 'default'; mode: 'locked' }

export interface ModeAnswer {
  mode: DoorMode
  layer: Layer
  /** The layers under the winning one that also speak at this moment, highest first. */
  under: Layer[]
}

export interface ModeChange {
  at: Date
  mode: DoorMode
  layer: Layer
}

/** How far a manual command looks for the next boundary; with none it lasts until replaced. */
const COMMAND_HORIZON_DAYS = 8

const active = (instant: Date, from: Date, until: Date | null) =>
  from.getTime() <= instant.getTime() && (until === null || instant.getTime() < until.getTime())

/** A snow day as a closing exception of its date: before its time (late) or after it (early). */
function snowException(day: SnowDayShape): CalendarException {
  return day.kind === 'open_late'
    ? { date: day.date, start: '00:00', end: day.time, effect: 'closed' }
    : { date: day.date, start: day.time, end: '24:00', effect: 'closed' }
}

/** The schedule's verdict alone (layers 3 and 4 without first person in), or null with none. */
function scheduled(layers: DoorLayers, instant: Date): Layer | null {
  const { modeSchedule, schedule } = layers
  if (!modeSchedule || !schedule) return null
  const clock = wallClock(instant, layers.zone)
  const snow = layers.snowDays.find((day) => exceptionCovers(snowException(day), clock))
  if (snow) return { kind: 'snow_day', mode: 'locked', snow_day_id: snow.snow_day_id }
  const verdict = scheduleAtClock(schedule, layers.calendars, clock)
  const base = { schedule_id: modeSchedule.schedule_id }
  if ('exception' in verdict && verdict.exception !== undefined) {
    const mode = verdict.open ? modeSchedule.mode_in_schedule : modeSchedule.mode_outside
    return { kind: 'exception', mode, exception: verdict.exception, ...base }
  }
  return {
    kind: 'schedule',
    mode: verdict.open ? modeSchedule.mode_in_schedule : modeSchedule.mode_outside,
    ...base,
  }
}

/** The wall-clock minutes at which the schedule's verdict may change. */
function boundaryMinutes(layers: DoorLayers): number[] {
  const minutes = [0]
  for (const interval of layers.schedule?.intervals ?? [])
    minutes.push(wallMinutes(interval.start), wallMinutes(interval.end))
  for (const calendar of layers.calendars)
    for (const exception of calendar.exceptions)
      for (const time of [exception.start, exception.end])
        if (time !== undefined) minutes.push(wallMinutes(time))
  for (const day of layers.snowDays) minutes.push(wallMinutes(day.time))
  return minutes
}

/** The first instant in (after, to] where the schedule's verdict differs from the one at `after`. */
function nextScheduleChange(layers: DoorLayers, after: Date, to: Date): Date | null {
  const mode = scheduled(layers, after)?.mode
  for (const at of wallBoundaries(boundaryMinutes(layers), after, to, layers.zone)) {
    if (at.getTime() > after.getTime() && scheduled(layers, at)?.mode !== mode) return at
  }
  return null
}

/** A manual command lasts until the schedule next changes its mind, within the horizon. */
export function commandUntil(layers: DoorLayers, from: Date): Date | null {
  const horizon = DateTime.fromJSDate(from).plus({ days: COMMAND_HORIZON_DAYS }).toJSDate()
  return nextScheduleChange(layers, from, horizon)
}

/** The manual layer in force: the latest set of those active (a newer one replaces an older). */
function manualAt(layers: DoorLayers, instant: Date): Layer | null {
  let winner: Layer | null = null
  let since = -Infinity
  for (const manual of layers.manual) {
    const until = manual.kind === 'command' ? commandUntil(layers, manual.from) : manual.until
    if (!active(instant, manual.from, until) || manual.from.getTime() < since) continue
    since = manual.from.getTime()
    winner = { kind: manual.kind, mode: manual.mode, id: manual.id, until }
  }
  return winner
}

/**
 * First person in: an unlock by the schedule waits for a granted entry by a member of the group on
 * the same local date, while the schedule has been unlocking without a break since that entry.
 */
function firstPersonIn(layers: DoorLayers, layer: Layer, instant: Date): Layer {
  const groupId = layers.modeSchedule?.first_person_in_group_id
  if (groupId == null || layer.mode !== 'unlocked') return layer
  if (layer.kind !== 'schedule' && layer.kind !== 'exception') return layer
  const date = wallClock(instant, layers.zone).date
  const opener = [...layers.entries]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .find(
      (entry) =>
        entry.at.getTime() <= instant.getTime() &&
        wallClock(entry.at, layers.zone).date === date &&
        scheduled(layers, entry.at)?.mode === 'unlocked' &&
        nextScheduleChange(layers, entry.at, instant) === null,
    )
  return {
    ...layer,
    mode: opener ? 'unlocked' : 'locked',
    first_person_in: {
      group_id: groupId,
      opened_by: opener?.user_id ?? null,
      opened_at: opener?.at ?? null,
    },
  }
}

/** The door's mode at `instant`: the winning layer and those under it. */
export function modeAt(layers: DoorLayers, instant: Date): ModeAnswer {
  const stack: Layer[] = []
  const lockdown = layers.lockdowns.find((l) => active(instant, l.from, l.until))
  if (lockdown) stack.push({ kind: 'lockdown', mode: 'locked', lockdown_id: lockdown.lockdown_id })
  const manual = manualAt(layers, instant)
  if (manual) stack.push(manual)
  const schedule = scheduled(layers, instant)
  if (schedule) stack.push(firstPersonIn(layers, schedule, instant))
  stack.push({ kind: 'default', mode: 'locked' })
  const [layer = { kind: 'default', mode: 'locked' }, ...under] = stack
  return { mode: layer.mode, layer, under }
}

/** Every instant in [from, to] at which a layer may begin or end. */
function candidates(layers: DoorLayers, from: Date, to: Date): Date[] {
  const times = wallBoundaries(boundaryMinutes(layers), from, to, layers.zone).map((d) =>
    d.getTime(),
  )
  const add = (d: Date | null) => {
    if (d && d.getTime() >= from.getTime() && d.getTime() <= to.getTime()) times.push(d.getTime())
  }
  for (const lockdown of layers.lockdowns) {
    add(lockdown.from)
    add(lockdown.until)
  }
  for (const manual of layers.manual) {
    add(manual.from)
    add(manual.kind === 'command' ? commandUntil(layers, manual.from) : manual.until)
  }
  for (const e of layers.entries) add(e.at)
  return [...new Set(times)].sort((a, b) => a - b).map((t) => new Date(t))
}

/** The first instant in (after, to] at which a layer may begin or end, or null. */
export function nextCandidate(layers: DoorLayers, after: Date, to: Date): Date | null {
  return candidates(layers, after, to).find((at) => at.getTime() > after.getTime()) ?? null
}

/** The changes of mode in (from, to], each with the layer that wins from then on. */
export function modeChanges(layers: DoorLayers, from: Date, to: Date): ModeChange[] {
  return changesBy(layers, from, to, (answer) => answer.mode)
}

/** A scheduled unlock that waits for its first person in: locked, but not as the schedule is out. */
const waitsForFirstIn = (layer: Layer) =>
  layer.kind === 'schedule' && layer.first_person_in !== undefined && layer.mode === 'locked'

/**
 * The changes a person reads on the door's timeline: the mode's, and also where a scheduled unlock
 * starts or stops waiting for its first person in, which leaves the mode locked but is what the
 * door will do ("unlocks at the first entry of Reception team from 07:00").
 */
export function timelineChanges(layers: DoorLayers, from: Date, to: Date): ModeChange[] {
  return changesBy(layers, from, to, (answer) => `${answer.mode}:${waitsForFirstIn(answer.layer)}`)
}

function changesBy(
  layers: DoorLayers,
  from: Date,
  to: Date,
  keyOf: (answer: ModeAnswer) => string,
): ModeChange[] {
  const changes: ModeChange[] = []
  let key = keyOf(modeAt(layers, from))
  for (const at of candidates(layers, from, to)) {
    if (at.getTime() <= from.getTime()) continue
    const answer = modeAt(layers, at)
    const next = keyOf(answer)
    if (next === key) continue
    key = next
    changes.push({ at, mode: answer.mode, layer: answer.layer })
  }
  return changes
}

/** The start of the stretch of the current mode: the last change in the lookback, else null. */
export function modeSince(layers: DoorLayers, instant: Date, lookbackDays: number): Date | null {
  const from = DateTime.fromJSDate(instant).minus({ days: lookbackDays }).toJSDate()
  return modeChanges(layers, from, instant).at(-1)?.at ?? null
}
