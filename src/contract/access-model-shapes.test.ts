import { describe, expect, it } from 'vitest'
import { validate } from 'superstruct'
import { CalendarException, ScheduleInterval } from './access-model'
import { problemOfFailure } from './rules'

const rule = (value: unknown) => {
  const [error] = validate(value, ScheduleInterval)
  const failure = error?.failures()[0]
  return failure ? [failure.refinement ?? failure.type, failure.path.join('.')] : null
}

describe('a schedule interval', () => {
  it('takes a day’s hours, an evening across midnight and the whole day', () => {
    expect(rule({ days: ['mon'], start: '07:00', end: '19:00' })).toBeNull()
    expect(rule({ days: ['fri'], start: '22:00', end: '06:00' })).toBeNull()
    expect(rule({ days: ['sat'], start: '18:00', end: '24:00' })).toBeNull()
    expect(rule({ days: ['sun'], start: '00:00', end: '24:00' })).toBeNull()
  })

  it('refuses an end equal to the start, a start at 24:00 and no days', () => {
    expect(rule({ days: ['mon'], start: '07:00', end: '07:00' })).toEqual(['interval', 'end'])
    expect(rule({ days: ['mon'], start: '00:00', end: '00:00' })).toEqual(['interval', 'end'])
    expect(rule({ days: ['mon'], start: '24:00', end: '06:00' })).toEqual(['interval', 'start'])
    expect(rule({ days: [], start: '07:00', end: '19:00' })).toEqual(['days', 'days'])
  })
})

describe('a calendar exception', () => {
  const problem = (value: unknown) => {
    const [error] = validate(value, CalendarException)
    const failure = error?.failures()[0]
    return failure ? [problemOfFailure(failure).rule, failure.path.join('.')] : null
  }

  it('is on a date or on a recurrence from a start date, all day or between two times', () => {
    expect(problem({ date: '2027-12-25', effect: 'closed' })).toBeNull()
    expect(
      problem({
        rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24',
        dtstart: '2026-12-24',
        effect: 'closed',
      }),
    ).toBeNull()
    expect(
      problem({ date: '2027-12-24', start: '12:00', end: '24:00', effect: 'closed' }),
    ).toBeNull()
  })

  it('names the field a person has to fix', () => {
    expect(problem({ effect: 'closed' })).toEqual(['required', 'date'])
    expect(problem({ date: '2027-12-25', rrule: 'FREQ=DAILY', effect: 'open' })).toEqual([
      'invalid',
      'date',
    ])
    expect(problem({ rrule: 'FREQ=DAILY', effect: 'open' })).toEqual(['required', 'dtstart'])
    expect(problem({ date: '2027-12-25', start: '12:00', effect: 'open' })).toEqual([
      'invalid',
      'end',
    ])
    expect(problem({ date: '2027-12-25', start: '12:00', end: '09:00', effect: 'open' })).toEqual([
      'end_before_start',
      'end',
    ])
  })
})
