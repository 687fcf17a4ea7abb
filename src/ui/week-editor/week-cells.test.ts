import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { is } from 'superstruct'
import { ScheduleInterval } from '../../contract/access-model'
import {
  CELL_COUNT,
  cellIndex,
  cellsOf,
  closedWeek,
  intervalsOf,
  onHalfHours,
  slotTime,
  type WeekCells,
} from './week-cells'

/** The open cells as `day:slot` strings, easy to read in a failure. */
const openCells = (cells: WeekCells) =>
  cells.flatMap((open, index) => (open ? [`${Math.floor(index / 48)}:${index % 48}`] : []))

const range = (day: number, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `${day}:${from + i}`)

const withOpen = (...cells: [day: number, from: number, to: number][]) => {
  const week = [...closedWeek]
  for (const [day, from, to] of cells)
    for (let slot = from; slot < to; slot += 1) week[cellIndex(day, slot)] = true
  return week
}

describe('cellsOf', () => {
  it('opens the half hours of each day of an interval', () => {
    const cells = cellsOf([{ days: ['mon', 'fri'], start: '07:00', end: '09:00' }])
    expect(openCells(cells)).toEqual([...range(0, 14, 18), ...range(4, 14, 18)])
  })

  it('runs an interval across midnight into the next day: Fri 22:00–06:00', () => {
    const cells = cellsOf([{ days: ['fri'], start: '22:00', end: '06:00' }])
    expect(openCells(cells)).toEqual([...range(4, 44, 48), ...range(5, 0, 12)])
  })

  it('runs Sunday’s night into Monday morning', () => {
    const cells = cellsOf([{ days: ['sun'], start: '23:00', end: '01:00' }])
    expect(openCells(cells)).toEqual([...range(0, 0, 2), ...range(6, 46, 48)])
  })

  it('ends a day at 24:00 without touching the next', () => {
    const cells = cellsOf([{ days: ['sat'], start: '18:00', end: '24:00' }])
    expect(openCells(cells)).toEqual(range(5, 36, 48))
  })

  it('shows a time off the half hour by the whole cells it touches', () => {
    const intervals = [{ days: ['tue' as const], start: '07:15', end: '08:10' }]
    expect(openCells(cellsOf(intervals))).toEqual(range(1, 14, 17))
    expect(onHalfHours(intervals)).toBe(false)
    expect(onHalfHours([{ days: ['tue'], start: '07:30', end: '24:00' }])).toBe(true)
  })
})

describe('intervalsOf', () => {
  it('groups days with the same hours: Mon–Fri 07:00–19:00; Sat 09:00–13:00', () => {
    const cells = withOpen(
      [0, 14, 38],
      [1, 14, 38],
      [2, 14, 38],
      [3, 14, 38],
      [4, 14, 38],
      [5, 18, 26],
    )
    expect(intervalsOf(cells)).toEqual([
      { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' },
      { days: ['sat'], start: '09:00', end: '13:00' },
    ])
  })

  it('writes an evening that goes on into the next morning as one interval on the evening’s day', () => {
    expect(intervalsOf(withOpen([4, 44, 48], [5, 0, 12]))).toEqual([
      { days: ['fri'], start: '22:00', end: '06:00' },
    ])
    expect(intervalsOf(withOpen([6, 44, 48], [0, 0, 12]))).toEqual([
      { days: ['sun'], start: '22:00', end: '06:00' },
    ])
  })

  it('ends at 24:00 where the next morning is closed, or opens at 00:00 of its own', () => {
    expect(intervalsOf(withOpen([2, 40, 48]))).toEqual([
      { days: ['wed'], start: '20:00', end: '24:00' },
    ])
    // Whole days: neither can cross into the other.
    expect(intervalsOf(withOpen([2, 0, 48], [3, 0, 48]))).toEqual([
      { days: ['wed', 'thu'], start: '00:00', end: '24:00' },
    ])
    // The morning lasts past the evening's start: it is a day of its own.
    expect(intervalsOf(withOpen([2, 40, 48], [3, 0, 44]))).toEqual([
      { days: ['wed'], start: '20:00', end: '24:00' },
      { days: ['thu'], start: '00:00', end: '22:00' },
    ])
  })

  it('makes nightly shifts one interval for the whole week', () => {
    const nights = cellsOf([
      { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '22:00', end: '06:00' },
    ])
    expect(intervalsOf(nights)).toEqual([
      { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '22:00', end: '06:00' },
    ])
  })

  it('is empty for a closed week, and slot 48 reads 24:00', () => {
    expect(intervalsOf(closedWeek)).toEqual([])
    expect(slotTime(48)).toBe('24:00')
    expect(slotTime(15)).toBe('07:30')
  })

  // Any cells at all, and weeks of a few long runs, where evenings that go on past midnight and
  // whole days are common rather than rare.
  const anyCells = fc.array(fc.boolean(), { minLength: CELL_COUNT, maxLength: CELL_COUNT })
  const fewRuns = fc
    .array(fc.tuple(fc.nat(6), fc.nat(47), fc.integer({ min: 1, max: 96 })), { maxLength: 8 })
    .map((runs) => {
      const week = [...closedWeek]
      for (const [day, from, length] of runs)
        for (let at = day * 48 + from; at < Math.min(day * 48 + from + length, CELL_COUNT); at += 1)
          week[at] = true
      return week
    })

  it('gives back the same cells from its intervals, whatever the cells (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyCells, fewRuns), (cells) => {
        const intervals: ScheduleInterval[] = intervalsOf(cells)
        expect(cellsOf(intervals)).toEqual(cells)
        // Each interval is one the contract takes.
        for (const interval of intervals) expect(is(interval, ScheduleInterval)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})
