import { describe, expect, it } from 'vitest'
import { ruleVerdict, rulesCovering, type AccessModel, type RuleRow } from './evaluate'
import { wallClock } from './schedule'

const rule: RuleRow = {
  rule_id: 1,
  name: 'Front desk — ground floor',
  group_ids: [7],
  targets: ['floor:3'],
  schedule_id: 2,
  valid_from: null,
  valid_until: '2027-07-01T00:00:00Z',
}
const model: AccessModel = {
  rules: [rule, { ...rule, rule_id: 2, group_ids: [8], targets: ['door:9'], schedule_id: null }],
  schedules: new Map([
    [
      2,
      {
        schedule_id: 2,
        name: 'Business hours',
        intervals: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' }],
        calendar_ids: [5],
      },
    ],
  ]),
  calendars: new Map([
    [
      5,
      { calendar_id: 5, name: 'Holidays', exceptions: [{ date: '2027-06-10', effect: 'closed' }] },
    ],
  ]),
}
type Window = { valid_from: string | null; valid_until: string | null }
const always: Window = { valid_from: null, valid_until: null }
const verdict = (iso: string, membership: Window = always, r: RuleRow = rule) =>
  ruleVerdict(r, model, membership, new Date(iso), wallClock(new Date(iso), 'Europe/Berlin'))

describe('a rule for one member at one moment', () => {
  it('opens in its schedule and names the interval', () => {
    expect(verdict('2027-06-09T08:00:00Z')).toEqual({
      opens: true,
      interval: model.schedules.get(2)?.intervals[0],
      exception: null,
    })
  })

  it('says why not: outside the schedule, a holiday, an ended rule or membership', () => {
    expect(verdict('2027-06-09T18:00:00Z')).toEqual({ opens: false, because: 'outside_schedule' })
    expect(verdict('2027-06-10T08:00:00Z')).toEqual({
      opens: false,
      because: 'holiday',
      exception: 'Holidays 2027-06-10',
    })
    expect(verdict('2027-07-01T08:00:00Z')).toEqual({ opens: false, because: 'expired' })
    const ended = { valid_from: null, valid_until: '2027-06-09T07:00:00Z' }
    expect(verdict('2027-06-09T08:00:00Z', ended)).toEqual({ opens: false, because: 'expired' })
    const later = { valid_from: '2027-06-09T09:00:00Z', valid_until: null }
    expect(verdict('2027-06-09T08:00:00Z', later)).toEqual({ opens: false, because: 'expired' })
  })

  it('opens at any time without a schedule', () => {
    const anyTime = model.rules[1]
    expect(verdict('2027-06-12T02:00:00Z', always, anyTime)).toMatchObject({ opens: true })
  })

  it('finds the rules covering a place through the groups asked about', () => {
    expect(rulesCovering(model, ['door:9', 'floor:3']).map((r) => r.rule_id)).toEqual([1, 2])
    expect(rulesCovering(model, ['door:9', 'floor:3'], new Set([7])).map((r) => r.rule_id)).toEqual(
      [1],
    )
    expect(rulesCovering(model, ['door:4'])).toEqual([])
  })
})
