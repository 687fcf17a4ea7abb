import { describe, expect, it } from 'vitest'
import { JITTER, RETRY_DELAYS_MS, nextAttemptAt } from './schedule'

describe('nextAttemptAt', () => {
  const now = new Date('2026-06-01T08:00:00Z')
  it('waits about 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, within the jitter, then gives up', () => {
    const expected = [5, 300, 1800, 7200, 18_000, 36_000].map((s) => s * 1000)
    expect(RETRY_DELAYS_MS).toEqual(expected)
    expected.forEach((delay, i) => {
      for (const random of [0, 0.5, 0.999]) {
        const wait = (nextAttemptAt(now, i + 1, random)?.getTime() ?? 0) - now.getTime()
        expect(wait).toBeGreaterThanOrEqual(delay * (1 - JITTER))
        expect(wait).toBeLessThanOrEqual(delay * (1 + JITTER))
      }
      expect((nextAttemptAt(now, i + 1, 0.5)?.getTime() ?? 0) - now.getTime()).toBe(delay)
    })
    expect(nextAttemptAt(now, expected.length + 1)).toBeNull()
  })
})
