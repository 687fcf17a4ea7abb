import { describe, expect, it } from 'vitest'
import { ratioInterval } from './grid-report'

describe('ratioInterval', () => {
  it('is a single point when every load took the same time', () => {
    expect(ratioInterval([90, 90, 90], [100, 100, 100])).toEqual([0.9, 0.9])
  })

  it('holds the ratio of medians and narrows as the loads grow', () => {
    const spread = (n: number) => {
      const ours = Array.from({ length: n }, (_, i) => 90 + ((i * 37) % 21) - 10)
      const theirs = Array.from({ length: n }, (_, i) => 100 + ((i * 53) % 21) - 10)
      const [low, high] = ratioInterval(ours, theirs)
      expect(low).toBeLessThanOrEqual(0.9)
      expect(high).toBeGreaterThanOrEqual(0.9)
      return high - low
    }
    expect(spread(45)).toBeLessThan(spread(9))
  })

  it('draws pairs together: a machine slowing both alike does not widen it', () => {
    // Each pair is slowed alike (the ratio is 0.9 in every pair), however much the pairs differ.
    const slowdowns = [1, 1.4, 0.8, 1.9, 1.1, 0.9, 1.6, 1.2, 1]
    const ours = slowdowns.map((s) => 90 * s)
    const theirs = slowdowns.map((s) => 100 * s)
    const [low, high] = ratioInterval(ours, theirs)
    expect(low).toBeCloseTo(0.9, 6)
    expect(high).toBeCloseTo(0.9, 6)
  })

  it('answers the same interval for the same loads', () => {
    const ours = [101, 95, 130, 88, 112, 99, 140, 93, 105]
    const theirs = [120, 118, 125, 140, 111, 133, 119, 150, 128]
    expect(ratioInterval(ours, theirs)).toEqual(ratioInterval(ours, theirs))
  })
})
