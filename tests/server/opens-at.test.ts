import { describe, expect, it } from 'vitest'
import type { Repetition } from '../../src/contract/credentials'
import { useServer } from './helpers'

// When a credential opens (migration 016's opens_at, the one rule "Who can open this?" reads),
// on the database the suite runs on: PGlite here, PostgreSQL under scripts/with-postgres.sh.

const server = useServer()

interface Window {
  start_datetime: string
  end_datetime: string | null
  permanent: boolean
  repetition: Repetition | null
}

const window = (w: Partial<Window>): Window => ({
  start_datetime: '2026-11-02T08:00:00Z',
  end_datetime: '2026-11-30T17:00:00Z',
  permanent: false,
  repetition: null,
  ...w,
})

async function opensAt(w: Window, at: string, zone: string): Promise<boolean> {
  const [row] = await server().running.handle.services.db.query<{ open: boolean }>(
    'select opens_at($1, $2, $3, $4, $5, $6) as open',
    [
      w.start_datetime,
      w.end_datetime,
      w.permanent,
      w.repetition === null ? null : JSON.stringify(w.repetition),
      at,
      zone,
    ],
  )
  return row?.open === true
}

describe('opens_at', () => {
  it('opens inside the window: start inclusive, end exclusive, no end when permanent', async () => {
    const once = window({})
    expect(await opensAt(once, '2026-11-02T08:00:00Z', 'UTC')).toBe(true)
    expect(await opensAt(once, '2026-11-02T07:59:59Z', 'UTC')).toBe(false)
    expect(await opensAt(once, '2026-11-30T17:00:00Z', 'UTC')).toBe(false)
    expect(await opensAt(once, '2026-11-15T03:00:00Z', 'UTC')).toBe(true)
    const permanent = window({ permanent: true, end_datetime: null })
    expect(await opensAt(permanent, '2099-01-01T00:00:00Z', 'UTC')).toBe(true)
  })

  it('repeats the start and end times of day on the zone’s wall clock', async () => {
    // 08:00–17:00 UTC is 09:00–18:00 in Berlin in November.
    const daily = window({ repetition: { type: 'daily' } })
    const cases: [string, string, boolean][] = [
      ['2026-11-10T08:30:00Z', 'UTC', true],
      ['2026-11-10T07:30:00Z', 'UTC', false],
      ['2026-11-10T17:00:00Z', 'UTC', false],
      ['2026-11-10T08:30:00Z', 'Europe/Berlin', true],
      ['2026-11-10T16:30:00Z', 'Europe/Berlin', true],
      // In New York the window is 03:00–12:00.
      ['2026-11-10T08:30:00Z', 'America/New_York', true],
      ['2026-11-10T16:30:00Z', 'America/New_York', true],
      ['2026-11-10T17:30:00Z', 'America/New_York', false],
      ['2026-11-10T07:30:00Z', 'America/New_York', false],
    ]
    for (const [iso, zone, open] of cases)
      expect(await opensAt(daily, iso, zone), `${iso} ${zone}`).toBe(open)
    // Tuesday 10 November and Saturday 14 November.
    const weekdays = window({ repetition: { type: 'weekly', weekdays: ['mon', 'tue'] } })
    expect(await opensAt(weekdays, '2026-11-10T09:00:00Z', 'UTC')).toBe(true)
    expect(await opensAt(weekdays, '2026-11-14T09:00:00Z', 'UTC')).toBe(false)
    // The weekday is the zone's too: Monday 23:35 UTC is Tuesday 00:35 in Berlin, where the
    // window is 00:30–00:45.
    const late = window({
      start_datetime: '2026-11-02T23:30:00Z',
      end_datetime: '2026-11-30T23:45:00Z',
      repetition: { type: 'weekly', weekdays: ['tue'] },
    })
    expect(await opensAt(late, '2026-11-09T23:35:00Z', 'Europe/Berlin')).toBe(true)
    expect(await opensAt(late, '2026-11-09T23:35:00Z', 'UTC')).toBe(false)
  })

  it('runs an overnight window into the next morning, as the day it began', async () => {
    const night = window({
      start_datetime: '2026-11-02T22:00:00Z',
      end_datetime: '2026-11-30T06:00:00Z',
      repetition: { type: 'weekly', weekdays: ['fri'] },
    })
    expect(await opensAt(night, '2026-11-13T23:00:00Z', 'UTC')).toBe(true) // Friday night
    expect(await opensAt(night, '2026-11-14T05:00:00Z', 'UTC')).toBe(true) // into Saturday
    expect(await opensAt(night, '2026-11-14T23:00:00Z', 'UTC')).toBe(false) // Saturday night
    expect(await opensAt(night, '2026-11-13T05:00:00Z', 'UTC')).toBe(false) // Thursday's night
  })

  it('runs an open-ended repeating window from its start time to midnight', async () => {
    const open = window({ permanent: true, end_datetime: null, repetition: { type: 'daily' } })
    expect(await opensAt(open, '2026-12-24T23:59:00Z', 'UTC')).toBe(true)
    expect(await opensAt(open, '2026-12-24T07:59:00Z', 'UTC')).toBe(false)
  })
})
