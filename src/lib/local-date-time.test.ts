import { describe, expect, it } from 'vitest'
import { isoFromLocal, localParts, offsetOf, zoneLabel } from './local-date-time'

describe('local date and time', () => {
  it('writes the offset the zone has on that day', () => {
    const winter = isoFromLocal({ date: '2026-01-15', time: '08:30' })
    const summer = isoFromLocal({ date: '2026-07-15', time: '08:30' })
    expect(winter).toBe(`2026-01-15T08:30:00${offsetOf(new Date(2026, 0, 15, 8, 30))}`)
    expect(summer).toBe(`2026-07-15T08:30:00${offsetOf(new Date(2026, 6, 15, 8, 30))}`)
    expect(Date.parse(winter)).toBe(new Date(2026, 0, 15, 8, 30).getTime())
  })

  it('keeps the seconds of a field that steps by seconds', () => {
    const iso = isoFromLocal({ date: '2026-01-15', time: '02:14:30' })
    expect(Date.parse(iso)).toBe(new Date(2026, 0, 15, 2, 14, 30).getTime())
    expect(isoFromLocal({ date: '2026-01-15', time: '02:14:3' })).toBe('')
  })

  it('gives nothing until both parts are there', () => {
    expect(isoFromLocal({ date: '2026-01-15', time: '' })).toBe('')
    expect(isoFromLocal({ date: '', time: '08:30' })).toBe('')
  })

  it('reads an instant back as the local clock shows it', () => {
    const iso = isoFromLocal({ date: '2026-03-01', time: '23:45' })
    expect(localParts(iso)).toEqual({ date: '2026-03-01', time: '23:45' })
    expect(localParts('')).toEqual({ date: '', time: '' })
    expect(localParts('nonsense')).toEqual({ date: '', time: '' })
  })

  it('formats offsets with sign, hours and minutes', () => {
    const at = new Date(2026, 0, 1)
    expect(offsetOf(at)).toMatch(/^[+-]\d{2}:\d{2}$/)
    expect(zoneLabel(at)).toContain(`(UTC${offsetOf(at)})`)
  })
})
