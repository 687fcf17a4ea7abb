import { describe, expect, it } from 'vitest'
import type { ModeTimeline } from '../contract/door-modes'
import { checkOverride, prefilledUntil } from './door-override-check'

const schedule = { kind: 'schedule', mode: 'locked', schedule_id: 1 } as const
const timeline: ModeTimeline = {
  door_id: 2,
  device_id: null,
  time_zone: 'Europe/Berlin',
  // 10:00 in Berlin, a Wednesday in June (UTC+2).
  at: '2027-06-09T08:00:00.000Z',
  mode: 'unlocked',
  layer: { ...schedule, mode: 'unlocked' },
  under: [],
  changes: [
    { at: '2027-06-09T16:00:00.000Z', mode: 'locked', layer: schedule },
    { at: '2027-06-10T05:00:00.000Z', mode: 'unlocked', layer: { ...schedule, mode: 'unlocked' } },
  ],
  not_reached: [],
}

describe('door override check', () => {
  it('prefills today 18:00 of the place, or tomorrow once it has passed there', () => {
    expect(prefilledUntil('2027-06-09T08:00:00Z', 'Europe/Berlin')).toBe('2027-06-09T18:00')
    // 19:30 in Berlin, 17:30 UTC.
    expect(prefilledUntil('2027-06-09T17:30:00Z', 'Europe/Berlin')).toBe('2027-06-10T18:00')
  })

  it('names the refused fields on the place’s clock', () => {
    expect(checkOverride({ until: '2027-06-09T09:59', reason: ' ' }, timeline)).toEqual({
      refusals: { until: 'past', reason: 'required' },
    })
    expect(checkOverride({ until: '2027-06-16T10:01', reason: 'x' }, timeline)).toEqual({
      refusals: { until: 'tooFar' },
    })
    expect(checkOverride({ until: '2027-06-09T', reason: 'x' }, timeline)).toEqual({
      refusals: { until: 'invalid' },
    })
  })

  it('says what decides the door at the end: the timeline’s last change at or before it', () => {
    expect(checkOverride({ until: '2027-06-09T18:00', reason: 'x' }, timeline)).toEqual({
      ending: { mode: 'locked', layer: 'schedule', name: null },
    })
    expect(checkOverride({ until: '2027-06-09T17:00', reason: 'x' }, timeline)).toEqual({
      ending: { mode: 'unlocked', layer: 'schedule', name: null },
    })
  })
})
