import { describe, expect, it } from 'vitest'
import { chunked } from './chunked'

describe('chunked', () => {
  it('keeps the order and puts at most `size` in each run', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunked([], 1000)).toEqual([])
    const runs = chunked(
      Array.from({ length: 2500 }, (_, i) => i),
      1000,
    )
    expect(runs.map((run) => run.length)).toEqual([1000, 1000, 500])
    expect(runs[2]?.[0]).toBe(2000)
  })
})
