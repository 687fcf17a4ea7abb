import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closedWeek, intervalsOf } from './week-cells'
import {
  gridKey,
  isSelected,
  PAGE_SLOTS,
  selection,
  type GridKey,
  type GridState,
} from './week-grid-keys'

const start: GridState = { cells: closedWeek, cursor: { day: 0, slot: 0 }, anchor: null }

/** Presses each key in turn, as a person would; a key the grid leaves alone changes nothing. */
const press = (state: GridState, ...keys: GridKey[]) =>
  keys.reduce((current, key) => gridKey(current, key) ?? current, state)
const times = (n: number, key: GridKey) => Array.from({ length: n }, () => key)

const right = { key: 'ArrowRight' }
const down = { key: 'ArrowDown' }

describe('the week grid’s keys', () => {
  it('builds Mon–Fri 07:00–19:00 with arrows, Shift+arrows and Space', () => {
    const state = press(
      start,
      ...times(14, right),
      ...times(23, { key: 'ArrowRight', shift: true }),
      ...times(4, { key: 'ArrowDown', shift: true }),
      { key: ' ' },
    )
    expect(intervalsOf(state.cells)).toEqual([
      { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' },
    ])
    // The selection stays, so a second Space takes it back.
    expect(press(state, { key: ' ' }).cells).toEqual(closedWeek)
  })

  it('opens a selection that is partly open, and closes one that is all open', () => {
    const one = press(start, { key: ' ' })
    expect(one.cells[0]).toBe(true)
    const wider = press(one, { key: 'ArrowRight', shift: true }, { key: ' ' })
    expect([wider.cells[0], wider.cells[1]]).toEqual([true, true])
    const closed = press(wider, { key: ' ' })
    expect([closed.cells[0], closed.cells[1]]).toEqual([false, false])
  })

  it('moves within the week and stops at its edges', () => {
    expect(press(start, { key: 'ArrowLeft' }, { key: 'ArrowUp' }).cursor).toEqual({
      day: 0,
      slot: 0,
    })
    expect(press(start, { key: 'End' }).cursor).toEqual({ day: 0, slot: 47 })
    expect(press(start, { key: 'End' }, right).cursor).toEqual({ day: 0, slot: 47 })
    expect(press(start, { key: 'End', mod: true }).cursor).toEqual({ day: 6, slot: 47 })
    expect(press(start, ...times(9, down)).cursor).toEqual({ day: 6, slot: 0 })
    expect(press(start, { key: 'PageDown' }).cursor).toEqual({ day: 0, slot: PAGE_SLOTS })
    expect(press(start, { key: 'End' }, { key: 'Home' }).cursor).toEqual({ day: 0, slot: 0 })
    const far = press(start, { key: 'End', mod: true })
    expect(press(far, { key: 'Home', mod: true }).cursor).toEqual({ day: 0, slot: 0 })
  })

  it('closes the selection with Delete, selects the week with Ctrl+A, drops it with Escape', () => {
    const all = press(start, { key: 'a', mod: true })
    expect(selection(all)).toEqual({ days: [0, 6], slots: [0, 47] })
    const open = press(all, { key: ' ' })
    expect(open.cells.every(Boolean)).toBe(true)
    const cleared = press(open, { key: 'Delete' })
    expect(cleared.cells).toEqual(closedWeek)
    const dropped = gridKey(cleared, { key: 'Escape' })
    expect(dropped?.anchor).toBeNull()
    // With nothing selected, Escape is the form's (it cancels), as are Tab and Enter.
    expect(gridKey(start, { key: 'Escape' })).toBeNull()
    expect(gridKey(start, { key: 'Tab' })).toBeNull()
    expect(gridKey(start, { key: 'Enter' })).toBeNull()
  })
})

// A random walk over every key the grid knows: after each press the rules a person relies on hold.
const keys: fc.Arbitrary<GridKey> = fc.record({
  key: fc.constantFrom(
    'ArrowLeft',
    'ArrowRight',
    'ArrowUp',
    'ArrowDown',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    ' ',
    'Delete',
    'a',
    'Escape',
  ),
  shift: fc.boolean(),
  mod: fc.boolean(),
})

const moves = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
])

/** What the cells should be after `key`, worked out cell by cell from the selection's corners. */
function expectedCells(state: GridState, key: GridKey): readonly boolean[] {
  const from = state.anchor ?? state.cursor
  const inside = (index: number) => {
    const day = Math.floor(index / 48)
    const slot = index % 48
    const between = (v: number, a: number, b: number) => v >= Math.min(a, b) && v <= Math.max(a, b)
    return between(day, from.day, state.cursor.day) && between(slot, from.slot, state.cursor.slot)
  }
  const chosen = state.cells.map((_, index) => index).filter(inside)
  let value: boolean | null = null
  if (key.key === ' ' && !key.mod) value = !chosen.every((index) => state.cells[index])
  if (key.key === 'Delete') value = false
  if (value === null || moves.has(key.key)) return state.cells
  return state.cells.map((open, index) => (chosen.includes(index) ? (value ?? open) : open))
}

const selectedValues = (state: GridState) =>
  state.cells.filter((_, i) => isSelected(state, { day: Math.floor(i / 48), slot: i % 48 }))

describe('the week grid’s keys, walked at random', () => {
  it('keep the cursor in the week, change only the selection, and extend from where Shift began', () => {
    fc.assert(
      fc.property(fc.array(keys, { maxLength: 40 }), (walk) => {
        let state = start
        for (const key of walk) {
          const next = gridKey(state, key) ?? state
          const { day, slot } = next.cursor
          expect(day >= 0 && day <= 6 && slot >= 0 && slot <= 47).toBe(true)
          expect(next.cells).toEqual(expectedCells(state, key))
          if (moves.has(key.key))
            // Shift keeps the anchor where the selection began; a move without it drops the selection.
            expect(next.anchor).toEqual(key.shift ? (state.anchor ?? state.cursor) : null)
          if (key.key === ' ' && !key.mod) {
            // The selection is now all one way, so Space again turns it all the other way.
            const now = selectedValues(next)
            expect(new Set(now).size).toBe(1)
            expect(selectedValues(press(next, key))).toEqual(now.map((open) => !open))
          }
          state = next
        }
      }),
      { numRuns: 150 },
    )
  })
})
