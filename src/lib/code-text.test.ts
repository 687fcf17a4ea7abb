import { describe, expect, it } from 'vitest'
import { wallTime, zoneCity } from './code-text'

describe('an offline code’s window as read at its lock', () => {
  it('names the zone by its city and shows the wall clock there', () => {
    expect(zoneCity('Europe/Berlin')).toBe('Berlin')
    expect(zoneCity('America/New_York')).toBe('New York')
    expect(zoneCity('UTC')).toBe('UTC')
    expect(wallTime('2026-12-01T08:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-01 09:00')
    expect(wallTime('2026-07-01T08:00:00.000Z', 'Europe/Berlin')).toBe('2026-07-01 10:00')
  })
})
