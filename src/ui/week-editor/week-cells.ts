import { Duration } from 'luxon'
import type { ScheduleInterval } from '../../contract/access-model'
import { weekdays, type Weekday } from '../../contract/credentials'

// A week as 7 days × 48 half-hour cells, Monday first, and back to a schedule's intervals. Pure, so
// every case (an interval across midnight, a day ending at 24:00, hours not on the half hour) is
// unit-tested without a screen.

export const SLOT_MINUTES = 30
export const SLOTS_PER_DAY = 48
export const DAYS = weekdays.length
export const CELL_COUNT = DAYS * SLOTS_PER_DAY
export const DAY_MINUTES = SLOTS_PER_DAY * SLOT_MINUTES

/** One flag per cell, day-major: cell `day * 48 + slot` is open when true. */
export type WeekCells = readonly boolean[]

export const cellIndex = (day: number, slot: number) => day * SLOTS_PER_DAY + slot

export const closedWeek: WeekCells = Array.from({ length: CELL_COUNT }, () => false)

/** Minutes since midnight of a wall time (`24:00` is 1440), read by Luxon. */
export function minutesOf(time: string): number {
  return Duration.fromISOTime(time).as('minutes')
}

/** `HH:MM` of minutes since midnight; 1440 is `24:00`, the end of the day. */
export function timeOf(minutes: number): string {
  return Duration.fromObject({ minutes }).toFormat('hh:mm')
}

/** The wall time a half-hour boundary stands for: slot 14 is 07:00, slot 48 is 24:00. */
export const slotTime = (slot: number) => timeOf(slot * SLOT_MINUTES)

/** Whether every start and end lies on a half hour, so the grid shows the intervals exactly. */
export function onHalfHours(intervals: readonly ScheduleInterval[]): boolean {
  return intervals.every(
    (i) => minutesOf(i.start) % SLOT_MINUTES === 0 && minutesOf(i.end) % SLOT_MINUTES === 0,
  )
}

/**
 * The cells the intervals open. An interval whose end is at or before its start runs past
 * midnight and belongs to the day it starts on: Friday 22:00–06:00 opens Friday's last four cells
 * and Saturday's first twelve (Sunday's runs into Monday). A time off the half hour opens the
 * whole cell it touches, so the grid shows it rounded outwards.
 */
export function cellsOf(intervals: readonly ScheduleInterval[]): WeekCells {
  const cells = [...closedWeek]
  const open = (day: number, from: number, to: number) => {
    const first = Math.floor(from / SLOT_MINUTES)
    const end = Math.ceil(to / SLOT_MINUTES)
    for (let slot = first; slot < end; slot += 1) cells[cellIndex(day % DAYS, slot)] = true
  }
  for (const interval of intervals) {
    const start = minutesOf(interval.start)
    const end = minutesOf(interval.end)
    for (const day of interval.days) {
      const index = weekdays.indexOf(day)
      if (end > start) open(index, start, end)
      else {
        open(index, start, DAY_MINUTES)
        open(index + 1, 0, end)
      }
    }
  }
  return cells
}

interface Run {
  day: number
  /** Half-hour slots: from `start` up to (not including) `end`; an `end` below `start` crosses midnight. */
  start: number
  end: number
}

function runsOfDay(cells: WeekCells, day: number): Run[] {
  const runs: Run[] = []
  let start = -1
  for (let slot = 0; slot <= SLOTS_PER_DAY; slot += 1) {
    const on = slot < SLOTS_PER_DAY && cells[cellIndex(day, slot)] === true
    if (on && start < 0) start = slot
    if (!on && start >= 0) {
      runs.push({ day, start, end: slot })
      start = -1
    }
  }
  return runs
}

/**
 * The intervals the cells open, the fewest a person would write: a run to midnight that goes on
 * into the next morning, ending before it began, is one interval across midnight on the day it
 * starts (Fri 22:00–06:00); a run to midnight otherwise ends at 24:00; days with the same hours
 * share one interval (Mon–Fri 07:00–19:00). Ordered by their first day, then by start.
 */
export function intervalsOf(cells: WeekCells): ScheduleInterval[] {
  const days = weekdays.map((_, day) => runsOfDay(cells, day))
  const pieces: Run[] = []
  const taken = new Set<Run>()
  for (const [day, runs] of days.entries()) {
    for (const run of runs) {
      if (taken.has(run)) continue
      const morning = days[(day + 1) % DAYS]?.[0]
      const crosses =
        run.end === SLOTS_PER_DAY &&
        run.start > 0 &&
        morning !== undefined &&
        morning.start === 0 &&
        morning.end < run.start &&
        !taken.has(morning)
      if (crosses) {
        taken.add(morning)
        pieces.push({ day, start: run.start, end: morning.end })
      } else pieces.push(run)
    }
  }
  // A morning taken by the day before was pushed already when its own day came round: drop it.
  const kept = pieces.filter((piece) => !taken.has(piece))
  const byHours = new Map<string, { start: number; end: number; days: Weekday[] }>()
  for (const piece of kept) {
    const key = `${piece.start}-${piece.end}`
    const day = weekdays[piece.day]
    if (day === undefined) continue
    const found = byHours.get(key)
    if (found) found.days.push(day)
    else byHours.set(key, { start: piece.start, end: piece.end, days: [day] })
  }
  return [...byHours.values()]
    .map((group) => ({
      first: weekdays.indexOf(group.days[0] ?? 'mon'),
      interval: {
        days: weekdays.filter((d) => group.days.includes(d)),
        start: slotTime(group.start),
        end: slotTime(group.end),
      },
    }))
    .sort((a, b) => a.first - b.first || minutesOf(a.interval.start) - minutesOf(b.interval.start))
    .map(({ interval }) => interval)
}
