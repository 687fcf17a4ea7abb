import { describe, expect, it } from 'vitest'
import { emptySelection, extendTo, selectRange, toggleRow, type RowAt } from './selection'

// Rows 0–9 are loaded except row 5, whose window is still on its way.
const rowAt: RowAt<string> = (index) =>
  index >= 0 && index < 10 && index !== 5 ? { id: `r${index}`, row: `row ${index}` } : undefined

const ids = (selection: { rows: ReadonlyMap<string, string> }) => [...selection.rows.keys()]

describe('DataTable selection', () => {
  it('toggles a row in and out and remembers where', () => {
    const once = toggleRow(emptySelection<string>(), 2, rowAt)
    expect(ids(once)).toEqual(['r2'])
    expect(once.rows.get('r2')).toBe('row 2')
    expect(once.anchor).toBe(2)
    expect(ids(toggleRow(once, 2, rowAt))).toEqual([])
  })

  it('ignores a row that is not loaded yet', () => {
    const start = emptySelection<string>()
    expect(toggleRow(start, 5, rowAt)).toBe(start)
  })

  it('selects a range from the anchor in either direction, skipping rows not loaded', () => {
    const anchored = toggleRow(emptySelection<string>(), 3, rowAt)
    expect(ids(selectRange(anchored, 7, rowAt))).toEqual(['r3', 'r4', 'r6', 'r7'])
    expect(ids(selectRange(anchored, 1, rowAt)).sort()).toEqual(['r1', 'r2', 'r3'])
  })

  it('a range without an anchor toggles the row', () => {
    expect(ids(selectRange(emptySelection<string>(), 4, rowAt))).toEqual(['r4'])
  })

  it('extending selects the row left and the row reached, and keeps earlier ones', () => {
    const first = extendTo(emptySelection<string>(), 0, 1, rowAt)
    expect(ids(first)).toEqual(['r0', 'r1'])
    expect(ids(extendTo(first, 1, 2, rowAt))).toEqual(['r0', 'r1', 'r2'])
    expect(ids(extendTo(emptySelection<string>(), null, 0, rowAt))).toEqual(['r0'])
  })
})
