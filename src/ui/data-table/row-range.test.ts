import { describe, expect, it } from 'vitest'
import { BLOCK_ROWS, blockCount, rowItems, rowsInBlock, visibleRows } from './row-range'

const geometry = { count: 1_000_000, rowHeight: 36, headerHeight: 40 }

describe('visibleRows', () => {
  it('starts at the first row with the header on top', () => {
    expect(visibleRows(0, 400, geometry)).toEqual({ first: 0, last: 9 })
  })

  it('counts a row cut at either edge and leaves out one that only touches it', () => {
    // Row 10 spans [400, 436): at offset 400 it is the first; at 401 row 10 is cut, row 11 too.
    expect(visibleRows(400, 360, geometry)).toEqual({ first: 10, last: 19 })
    expect(visibleRows(401, 360, geometry)).toEqual({ first: 10, last: 20 })
  })

  it('ends at the last row at the bottom of the list', () => {
    const end = 40 + 1_000_000 * 36 - 400
    expect(visibleRows(end, 400, geometry)).toEqual({ first: 999_988, last: 999_999 })
  })

  it('shows nothing without rows or room', () => {
    expect(visibleRows(0, 400, { ...geometry, count: 0 })).toBeNull()
    expect(visibleRows(0, 0, geometry)).toBeNull()
  })

  it('keeps a short list within its rows', () => {
    expect(visibleRows(0, 900, { ...geometry, count: 3 })).toEqual({ first: 0, last: 2 })
  })
})

describe('rowItems', () => {
  it('widens the range by the overscan within the list, each row at its own top', () => {
    const items = rowItems({ first: 2, last: 4 }, 3, { ...geometry, count: 6 })
    expect(items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4, 5])
    expect(items[5]).toEqual({ index: 5, start: 40 + 5 * 36 })
  })
})

describe('blocks', () => {
  it('cover every row once, the last one holding the remainder', () => {
    const count = 2 * BLOCK_ROWS + 7
    expect(blockCount(count)).toBe(3)
    expect([0, 1, 2].map((block) => rowsInBlock(block, count))).toEqual([BLOCK_ROWS, BLOCK_ROWS, 7])
  })
})
