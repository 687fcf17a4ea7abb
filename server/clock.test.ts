import { describe, expect, it } from 'vitest'
import { settableClock } from './clock'

describe('the settable clock', () => {
  it('reads the moment set, and time flows on from it', () => {
    let real = Date.parse('2026-12-02T10:00:00Z')
    const clock = settableClock(() => real)
    expect(clock.now().toISOString()).toBe('2026-12-02T10:00:00.000Z')
    expect(clock.moved).toBe(false)
    clock.set(new Date('2027-06-09T08:00:00Z'))
    expect(clock.now().toISOString()).toBe('2027-06-09T08:00:00.000Z')
    real += 90_000
    expect(clock.now().toISOString()).toBe('2027-06-09T08:01:30.000Z')
    expect(clock.moved).toBe(true)
    clock.set(null)
    expect(clock.now().getTime()).toBe(real)
    expect(clock.moved).toBe(false)
  })
})
