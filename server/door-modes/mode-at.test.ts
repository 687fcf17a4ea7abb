import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import type { CalendarShape } from '../access/schedule'
import {
  commandUntil,
  modeAt,
  modeChanges,
  timelineChanges,
  type DoorLayers,
  type ModeChange,
} from './mode-at'
import { wallInstant } from './wall-instants'

const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

function door(zone: string, start = '07:00', end = '18:00', more: Partial<DoorLayers> = {}) {
  const layers: DoorLayers = {
    zone,
    modeSchedule: { schedule_id: 1, mode_in_schedule: 'unlocked', mode_outside: 'locked' },
    schedule: { intervals: [{ days: [...everyDay], start, end }] },
    calendars: [],
    snowDays: [],
    manual: [],
    lockdowns: [],
    entries: [],
    ...more,
  }
  return layers
}

const at = (iso: string) => new Date(iso)
const local = (change: ModeChange, zone: string) =>
  `${DateTime.fromJSDate(change.at, { zone }).toFormat('yyyy-MM-dd HH:mm ZZ')} ${change.mode}`

describe('a 07:00 unlock across the daylight-saving changes', () => {
  it.each([
    ['Europe/Berlin', '2027-03-26', '2027-03-30'],
    ['Europe/Berlin', '2027-10-29', '2027-11-02'],
    ['America/New_York', '2027-03-12', '2027-03-16'],
    ['America/New_York', '2027-11-05', '2027-11-09'],
  ])('in %s from %s: at 07:00 and 18:00 on the wall clock every day', (zone, from, to) => {
    const layers = door(zone)
    const changes = modeChanges(
      layers,
      DateTime.fromISO(from, { zone }).toJSDate(),
      DateTime.fromISO(to, { zone }).toJSDate(),
    )
    expect(changes).toHaveLength(8)
    for (const change of changes) {
      const wall = DateTime.fromJSDate(change.at, { zone }).toFormat('HH:mm')
      expect(wall).toBe(change.mode === 'unlocked' ? '07:00' : '18:00')
    }
  })

  it('unlocks Berlin at 06:00 UTC before spring forward and 05:00 UTC after', () => {
    const changes = modeChanges(
      door('Europe/Berlin'),
      at('2027-03-27T00:00Z'),
      at('2027-03-29T12:00Z'),
    )
    expect(changes.filter((c) => c.mode === 'unlocked').map((c) => c.at.toISOString())).toEqual([
      '2027-03-27T06:00:00.000Z',
      '2027-03-28T05:00:00.000Z',
      '2027-03-29T05:00:00.000Z',
    ])
  })
})

describe('hours that do not exist and hours that happen twice', () => {
  it('ends an override until 02:30 on the spring-forward night at the next moment that exists', () => {
    const zone = 'Europe/Berlin'
    const until = wallInstant('2027-03-28', '02:30', zone)
    expect(until.toISOString()).toBe('2027-03-28T01:00:00.000Z') // 03:00 CEST
    const layers = door(zone, '07:00', '18:00', {
      manual: [{ kind: 'override', id: 5, mode: 'unlocked', from: at('2027-03-27T21:00Z'), until }],
    })
    expect(modeAt(layers, at('2027-03-28T00:59Z')).layer).toMatchObject({ kind: 'override' })
    expect(modeAt(layers, at('2027-03-28T01:00Z'))).toMatchObject({
      mode: 'locked',
      layer: { kind: 'schedule' },
    })
    expect(
      modeChanges(layers, at('2027-03-28T00:00Z'), at('2027-03-28T04:00Z')).map((c) =>
        local(c, zone),
      ),
    ).toEqual(['2027-03-28 03:00 +02:00 locked'])
  })

  it('opens an interval inside the repeated hour both times it happens', () => {
    const zone = 'Europe/Berlin'
    const layers = door(zone, '02:15', '02:45')
    const changes = modeChanges(layers, at('2027-10-30T22:00Z'), at('2027-10-31T03:00Z'))
    expect(changes.map((c) => local(c, zone))).toEqual([
      '2027-10-31 02:15 +02:00 unlocked',
      '2027-10-31 02:45 +02:00 locked',
      '2027-10-31 02:15 +01:00 unlocked',
      '2027-10-31 02:45 +01:00 locked',
    ])
    expect(wallInstant('2027-10-31', '02:30', zone).toISOString()).toBe('2027-10-31T00:30:00.000Z')
  })

  it('begins an interval from a skipped time when the clock jumps (New York, 02:30)', () => {
    const zone = 'America/New_York'
    const changes = modeChanges(
      door(zone, '02:30', '05:00'),
      at('2027-03-14T05:00Z'),
      at('2027-03-14T12:00Z'),
    )
    expect(changes.map((c) => local(c, zone))).toEqual([
      '2027-03-14 03:00 -04:00 unlocked',
      '2027-03-14 05:00 -04:00 locked',
    ])
  })
})

describe('the layers, highest first', () => {
  const zone = 'Europe/Berlin'
  const noon = at('2027-06-09T10:00Z') // Wednesday 12:00 CEST, in the schedule
  const evening = at('2027-06-09T18:00Z') // 20:00, outside it

  it('locks under a lockdown whatever the override, and names the layers under it', () => {
    const layers = door(zone, '07:00', '18:00', {
      manual: [
        {
          kind: 'override',
          id: 1,
          mode: 'unlocked',
          from: at('2027-06-09T09:00Z'),
          until: at('2027-06-09T16:00Z'),
        },
      ],
      lockdowns: [{ lockdown_id: 3, from: at('2027-06-09T09:30Z'), until: null }],
    })
    const answer = modeAt(layers, noon)
    expect(answer.mode).toBe('locked')
    expect(answer.layer).toEqual({ kind: 'lockdown', mode: 'locked', lockdown_id: 3 })
    expect(answer.under.map((l) => `${l.kind}:${l.mode}`)).toEqual([
      'override:unlocked',
      'schedule:unlocked',
      'default:locked',
    ])
  })

  it('returns to the layered mode when a lockdown is released, not to unlocked', () => {
    const layers = door(zone, '07:00', '18:00', {
      lockdowns: [
        { lockdown_id: 3, from: at('2027-06-09T09:00Z'), until: at('2027-06-09T17:00Z') },
      ],
    })
    expect(
      modeChanges(layers, at('2027-06-09T08:00Z'), at('2027-06-09T20:00Z')).map((c) =>
        local(c, zone),
      ),
    ).toEqual(['2027-06-09 11:00 +02:00 locked'])
  })

  it('keeps an override over a closing exception, and the exception over the schedule', () => {
    const holiday: CalendarShape = {
      calendar_id: 9,
      name: 'Holidays',
      exceptions: [{ name: 'Staff day', date: '2027-06-09', effect: 'closed' }],
    }
    const closed = door(zone, '07:00', '18:00', { calendars: [holiday] })
    expect(modeAt(closed, noon).layer).toMatchObject({
      kind: 'exception',
      mode: 'locked',
      exception: 'Staff day',
    })
    const overridden = {
      ...closed,
      manual: [
        {
          kind: 'override' as const,
          id: 2,
          mode: 'unlocked' as const,
          from: at('2027-06-09T09:00Z'),
          until: at('2027-06-09T11:00Z'),
        },
      ],
    }
    expect(modeAt(overridden, noon).layer).toMatchObject({ kind: 'override', mode: 'unlocked' })
    expect(modeAt(overridden, at('2027-06-09T11:00Z')).layer).toMatchObject({ kind: 'exception' })
  })

  it('keeps the doors locked until a snow day opens late, and from an early close', () => {
    const layers = door(zone, '07:00', '18:00', {
      snowDays: [
        { snow_day_id: 1, date: '2027-06-09', kind: 'open_late', time: '10:00' },
        { snow_day_id: 2, date: '2027-06-10', kind: 'close_early', time: '15:00' },
      ],
    })
    expect(
      modeChanges(layers, at('2027-06-09T00:00Z'), at('2027-06-10T20:00Z')).map((c) =>
        local(c, zone),
      ),
    ).toEqual([
      '2027-06-09 10:00 +02:00 unlocked',
      '2027-06-09 18:00 +02:00 locked',
      '2027-06-10 07:00 +02:00 unlocked',
      '2027-06-10 15:00 +02:00 locked',
    ])
    expect(modeAt(layers, at('2027-06-09T06:00Z')).layer).toEqual({
      kind: 'snow_day',
      mode: 'locked',
      snow_day_id: 1,
    })
  })

  it('counts a manual command as an override until the next boundary', () => {
    const layers = door(zone, '07:00', '18:00', {
      manual: [{ kind: 'command', id: 4, mode: 'unlocked', from: evening, until: null }],
    })
    const until = commandUntil(layers, evening)
    expect(until?.toISOString()).toBe('2027-06-10T05:00:00.000Z') // 07:00 the next morning
    expect(modeAt(layers, at('2027-06-09T22:00Z')).layer).toMatchObject({
      kind: 'command',
      mode: 'unlocked',
    })
    // A lock in the schedule holds until its end, then the schedule speaks again.
    const locked = door(zone, '07:00', '18:00', {
      manual: [{ kind: 'command', id: 5, mode: 'locked', from: noon, until: null }],
    })
    expect(
      modeChanges(locked, at('2027-06-09T09:00Z'), at('2027-06-10T06:00Z')).map((c) =>
        local(c, zone),
      ),
    ).toEqual(['2027-06-09 12:00 +02:00 locked', '2027-06-10 07:00 +02:00 unlocked'])
  })

  it('lets a newer override replace an older one', () => {
    const layers = door(zone, '07:00', '18:00', {
      manual: [
        {
          kind: 'override',
          id: 1,
          mode: 'unlocked',
          from: at('2027-06-09T17:00Z'),
          until: at('2027-06-10T17:00Z'),
        },
        {
          kind: 'override',
          id: 2,
          mode: 'locked',
          from: at('2027-06-10T06:00Z'),
          until: at('2027-06-10T08:00Z'),
        },
      ],
    })
    expect(modeAt(layers, at('2027-06-10T07:00Z')).layer).toMatchObject({ id: 2, mode: 'locked' })
    expect(modeAt(layers, at('2027-06-10T09:00Z')).layer).toMatchObject({ id: 1, mode: 'unlocked' })
  })

  it('has no schedule without a mode schedule: locked unless someone says otherwise', () => {
    const layers: DoorLayers = { ...door(zone), modeSchedule: null, schedule: null }
    expect(modeAt(layers, noon)).toEqual({
      mode: 'locked',
      layer: { kind: 'default', mode: 'locked' },
      under: [],
    })
    expect(modeChanges(layers, noon, at('2027-06-16T10:00Z'))).toEqual([])
  })
})

describe('first person in', () => {
  const zone = 'Europe/Berlin'
  const layers = (entries: DoorLayers['entries']) =>
    door(zone, '07:00', '18:00', {
      modeSchedule: {
        schedule_id: 1,
        mode_in_schedule: 'unlocked',
        mode_outside: 'locked',
        first_person_in_group_id: 7,
      },
      entries,
    })

  it('waits in the schedule until a member enters, then unlocks for the rest of it', () => {
    const door = layers([{ at: at('2027-06-09T06:40Z'), user_id: 42 }]) // 08:40
    expect(modeAt(door, at('2027-06-09T06:00Z'))).toMatchObject({
      mode: 'locked',
      layer: { kind: 'schedule', first_person_in: { group_id: 7, opened_by: null } },
    })
    expect(modeAt(door, at('2027-06-09T10:00Z'))).toMatchObject({
      mode: 'unlocked',
      layer: { first_person_in: { opened_by: 42 } },
    })
    expect(
      modeChanges(door, at('2027-06-09T00:00Z'), at('2027-06-10T12:00Z')).map((c) =>
        local(c, zone),
      ),
    ).toEqual(['2027-06-09 08:40 +02:00 unlocked', '2027-06-09 18:00 +02:00 locked'])
  })

  it('does not count an entry before the schedule opens or one of the day before', () => {
    const door = layers([
      { at: at('2027-06-09T04:00Z'), user_id: 42 }, // 06:00, before the unlock
      { at: at('2027-06-08T08:00Z'), user_id: 42 }, // yesterday
    ])
    expect(modeAt(door, at('2027-06-09T08:00Z')).mode).toBe('locked')
  })

  it('shows on the timeline where a scheduled unlock starts waiting, though the mode stays locked', () => {
    const waiting = layers([])
    const from = at('2027-06-09T00:00Z')
    const to = at('2027-06-10T12:00Z')
    expect(modeChanges(waiting, from, to)).toEqual([])
    const changes = timelineChanges(waiting, from, to)
    expect(changes.map((c) => local(c, zone))).toEqual([
      '2027-06-09 07:00 +02:00 locked',
      '2027-06-09 18:00 +02:00 locked',
      '2027-06-10 07:00 +02:00 locked',
    ])
    expect(changes[0]?.layer).toMatchObject({
      kind: 'schedule',
      first_person_in: { group_id: 7, opened_by: null },
    })
    // Outside its hours the schedule itself says locked, with nobody to wait for.
    expect(changes[1]?.layer).toEqual({ kind: 'schedule', mode: 'locked', schedule_id: 1 })
    // Once a member has opened the day, the timeline and the job see the same changes.
    const opened = layers([{ at: at('2027-06-09T06:40Z'), user_id: 42 }])
    expect(
      timelineChanges(opened, from, at('2027-06-09T20:00Z')).map((c) => local(c, zone)),
    ).toEqual([
      '2027-06-09 07:00 +02:00 locked',
      '2027-06-09 08:40 +02:00 unlocked',
      '2027-06-09 18:00 +02:00 locked',
    ])
  })
})
