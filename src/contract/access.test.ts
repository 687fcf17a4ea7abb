import { describe, expect, it } from 'vitest'
import { AccessQuery, opensAt, type AccessWindow } from './access'
import { validate } from './struct'

const window = (w: Partial<AccessWindow>): AccessWindow => ({
  start_datetime: '2026-11-02T08:00:00Z',
  end_datetime: '2026-11-30T17:00:00Z',
  permanent: false,
  repetition: null,
  ...w,
})
const at = (iso: string) => Date.parse(iso)

describe('opensAt', () => {
  it('opens inside the window: start inclusive, end exclusive, no end when permanent', () => {
    const once = window({})
    expect(opensAt(once, at('2026-11-02T08:00:00Z'), 'UTC')).toBe(true)
    expect(opensAt(once, at('2026-11-02T07:59:59Z'), 'UTC')).toBe(false)
    expect(opensAt(once, at('2026-11-30T17:00:00Z'), 'UTC')).toBe(false)
    expect(opensAt(once, at('2026-11-15T03:00:00Z'), 'UTC')).toBe(true)
    const permanent = window({ permanent: true, end_datetime: null })
    expect(opensAt(permanent, at('2099-01-01T00:00:00Z'), 'UTC')).toBe(true)
  })

  it('repeats the start and end times of day on the zone’s wall clock', () => {
    // 08:00–17:00 UTC is 09:00–18:00 in Berlin in November.
    const daily = window({ repetition: { type: 'daily' } })
    const cases: [string, string, boolean][] = [
      ['2026-11-10T08:30:00Z', 'UTC', true],
      ['2026-11-10T07:30:00Z', 'UTC', false],
      ['2026-11-10T17:00:00Z', 'UTC', false],
      ['2026-11-10T08:30:00Z', 'Europe/Berlin', true],
      ['2026-11-10T16:30:00Z', 'Europe/Berlin', true],
    ]
    for (const [iso, zone, open] of cases) expect(opensAt(daily, at(iso), zone), iso).toBe(open)
    // Tuesday 10 November and Saturday 14 November.
    const weekdays = window({ repetition: { type: 'weekly', weekdays: ['mon', 'tue'] } })
    expect(opensAt(weekdays, at('2026-11-10T09:00:00Z'), 'UTC')).toBe(true)
    expect(opensAt(weekdays, at('2026-11-14T09:00:00Z'), 'UTC')).toBe(false)
  })

  it('runs an overnight window into the next morning, as the day it began', () => {
    const night = window({
      start_datetime: '2026-11-02T22:00:00Z',
      end_datetime: '2026-11-30T06:00:00Z',
      repetition: { type: 'weekly', weekdays: ['fri'] },
    })
    expect(opensAt(night, at('2026-11-13T23:00:00Z'), 'UTC')).toBe(true) // Friday night
    expect(opensAt(night, at('2026-11-14T05:00:00Z'), 'UTC')).toBe(true) // into Saturday
    expect(opensAt(night, at('2026-11-14T23:00:00Z'), 'UTC')).toBe(false) // Saturday night
    expect(opensAt(night, at('2026-11-13T05:00:00Z'), 'UTC')).toBe(false) // Thursday's night
  })

  it('runs an open-ended repeating window from its start time to midnight', () => {
    const open = window({ permanent: true, end_datetime: null, repetition: { type: 'daily' } })
    expect(opensAt(open, at('2026-12-24T23:59:00Z'), 'UTC')).toBe(true)
    expect(opensAt(open, at('2026-12-24T07:59:00Z'), 'UTC')).toBe(false)
  })
})

describe('AccessQuery', () => {
  it('takes exactly one place, a moment and a known zone', () => {
    expect(validate({ door_id: '4' }, AccessQuery, { coerce: true })[0]).toBeUndefined()
    expect(validate({}, AccessQuery, { coerce: true })[0]).toBeDefined()
    expect(
      validate({ door_id: '4', device_id: '2' }, AccessQuery, { coerce: true })[0],
    ).toBeDefined()
    expect(
      validate({ door_id: '4', time_zone: 'Europe/Berlin' }, AccessQuery, { coerce: true })[0],
    ).toBeUndefined()
    expect(
      validate({ door_id: '4', time_zone: 'Nowhere/Else' }, AccessQuery, { coerce: true })[0],
    ).toBeDefined()
  })
})
