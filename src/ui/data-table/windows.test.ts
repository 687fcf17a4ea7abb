import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  byVisibleShare,
  countMemory,
  isContinuous,
  joinWindows,
  sameStarts,
  windowJoiner,
  windowStartsFor,
} from './windows'

describe('windowStartsFor', () => {
  it('covers the visible rows plus overscan with aligned windows', () => {
    expect(windowStartsFor({ first: 120, last: 140 }, 1000, 100, 10)).toEqual([100])
    expect(windowStartsFor({ first: 120, last: 195 }, 1000, 100, 10)).toEqual([100, 200])
    expect(windowStartsFor({ first: 5, last: 30 }, 1000, 100, 10)).toEqual([0])
  })

  it('never asks beyond the total', () => {
    expect(windowStartsFor({ first: 990, last: 999 }, 1000, 100, 50)).toEqual([900])
    expect(windowStartsFor({ first: 0, last: 30 }, 0, 100, 10)).toEqual([])
    expect(windowStartsFor({ first: 0, last: 30 }, 12, 100, 10)).toEqual([0])
  })

  it('reaches the last window of a million rows', () => {
    expect(windowStartsFor({ first: 999_980, last: 999_999 }, 1_000_000, 100, 20)).toEqual([
      999_900,
    ])
  })

  it('always contains every wanted row exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.nat(4999),
        fc.nat(60),
        fc.nat(40),
        (total, size, first, span, overscan) => {
          const from = Math.min(first, total - 1)
          const to = Math.min(from + span, total - 1)
          const starts = windowStartsFor({ first: from, last: to }, total, size, overscan)
          for (let index = from; index <= to; index++) {
            expect(starts.filter((s) => index >= s && index < s + size)).toHaveLength(1)
          }
          expect(starts.every((s) => s % size === 0 && s < total)).toBe(true)
        },
      ),
    )
  })
})

describe('isContinuous', () => {
  it('treats neighbouring windows as a continuous scroll', () => {
    expect(isContinuous([100, 200], [200, 300], 100)).toBe(true)
    expect(isContinuous([100], [0], 100)).toBe(true)
  })

  it('treats a far move, or nothing requested yet, as a jump', () => {
    expect(isContinuous([100], [900_000], 100)).toBe(false)
    expect(isContinuous([100], [300], 100)).toBe(false)
    expect(isContinuous([], [0], 100)).toBe(false)
  })
})

describe('byVisibleShare', () => {
  it('puts the window with most rows on screen first', () => {
    // A jump to row 900,000 with two rows of the window before it at the top of the screen.
    expect(byVisibleShare([899_900, 900_000], { first: 899_998, last: 900_022 }, 100)).toEqual([
      900_000, 899_900,
    ])
  })

  it('keeps index order for the overscan windows and for ties', () => {
    expect(byVisibleShare([0, 100, 200], { first: 150, last: 160 }, 100)).toEqual([100, 0, 200])
    expect(byVisibleShare([0, 100], { first: 90, last: 109 }, 100)).toEqual([0, 100])
  })
})

describe('sameStarts', () => {
  it('compares in order', () => {
    expect(sameStarts([0, 100], [0, 100])).toBe(true)
    expect(sameStarts([0, 100], [100, 0])).toBe(false)
    expect(sameStarts([0], [0, 100])).toBe(false)
  })
})

describe('joinWindows', () => {
  it('maps absolute indexes to positions in the joined data', () => {
    const joined = joinWindows([
      { start: 300, rows: ['d', 'e'] },
      { start: 100, rows: ['a', 'b', 'c'] },
    ])
    expect(joined.data).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(joined.locate(100)).toBe(0)
    expect(joined.locate(102)).toBe(2)
    expect(joined.locate(103)).toBe(-1)
    expect(joined.locate(301)).toBe(4)
    expect(joined.data[joined.locate(301)]).toBe('e')
    expect(joined.locate(0)).toBe(-1)
    expect(joined.indexAt(4)).toBe(301)
    expect(joined.indexAt(2)).toBe(102)
    expect(joined.indexAt(9)).toBe(-1)
  })
})

describe('windowJoiner', () => {
  it('keeps the joined rows while the windows are the same, and joins anew when one changes', () => {
    const join = windowJoiner<string>()
    const first = ['a', 'b']
    const second = ['c']
    const joined = join([
      { start: 0, rows: first },
      { start: 2, rows: second },
    ])
    expect(joined.data).toEqual(['a', 'b', 'c'])
    expect(
      join([
        { start: 0, rows: first },
        { start: 2, rows: second },
      ]),
    ).toBe(joined)
    const refetched = join([
      { start: 0, rows: ['a', 'B'] },
      { start: 2, rows: second },
    ])
    expect(refetched).not.toBe(joined)
    expect(refetched.data).toEqual(['a', 'B', 'c'])
    expect(refetched.locate(1)).toBe(1)
  })
})

describe('countMemory', () => {
  it('answers the loaded count and keeps it for the same view while nothing is loaded', () => {
    const count = countMemory()
    expect(count('a', null, false)).toEqual({ total: null, capped: false })
    expect(count('a', 1_000_000, false)).toEqual({ total: 1_000_000, capped: false })
    expect(count('a', null, false)).toEqual({ total: 1_000_000, capped: false })
    expect(count('a', 5_000, true)).toEqual({ total: 5_000, capped: true })
    expect(count('a', null, false)).toEqual({ total: 5_000, capped: true })
  })

  it('forgets the count of another view', () => {
    const count = countMemory()
    count('a', 1_000_000, false)
    expect(count('b', null, false)).toEqual({ total: null, capped: false })
    expect(count('b', 12, false)).toEqual({ total: 12, capped: false })
    expect(count('a', null, false)).toEqual({ total: null, capped: false })
  })
})
