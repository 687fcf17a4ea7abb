import { describe, expect, it } from 'vitest'
import { validate } from 'superstruct'
import { ScheduleInterval } from './access-model'

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
