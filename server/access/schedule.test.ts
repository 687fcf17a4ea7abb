import { describe, expect, it } from 'vitest'
import type { CalendarShape, ScheduleShape } from './schedule'
import { scheduleAt, wallClock } from './schedule'

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
const business: ScheduleShape = {
  intervals: [{ days: [...weekdays], start: '07:00', end: '19:00' }],
}
const night: ScheduleShape = { intervals: [{ days: ['fri'], start: '22:00', end: '06:00' }] }
const verdict = (s: ScheduleShape, iso: string, zone: string, calendars: CalendarShape[] = []) =>
  scheduleAt(s, calendars, new Date(iso), zone)
const open = (s: ScheduleShape, iso: string, zone: string, calendars: CalendarShape[] = []) =>
  verdict(s, iso, zone, calendars).open
const sunday = (start: string, end: string): ScheduleShape => ({
  intervals: [{ days: ['sun'], start, end }],
})

const holidays: CalendarShape = {
  calendar_id: 1,
  name: 'Holidays',
  exceptions: [
    { name: 'Christmas Eve', date: '2027-12-24', effect: 'closed' },
    {
      name: 'Boxing Day',
      rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=26',
      dtstart: '2020-01-01',
      effect: 'closed',
    },
    { name: 'Late opening', date: '2027-12-23', start: '07:00', end: '10:00', effect: 'closed' },
    { name: 'Open Saturday', date: '2027-12-18', start: '09:00', end: '13:00', effect: 'open' },
  ],
}

describe('a schedule on the wall clock of its place', () => {
  it('opens Mon–Fri 07:00–19:00 Berlin time in summer and in winter', () => {
    expect(open(business, '2027-06-09T08:00:00Z', 'Europe/Berlin')).toBe(true) // Wed 10:00 CEST
    expect(open(business, '2027-06-09T18:00:00Z', 'Europe/Berlin')).toBe(false) // 20:00
    expect(open(business, '2027-01-13T05:59:00Z', 'Europe/Berlin')).toBe(false) // 06:59 CET
    expect(open(business, '2027-01-13T06:00:00Z', 'Europe/Berlin')).toBe(true) // 07:00
    expect(open(business, '2027-01-13T17:59:59Z', 'Europe/Berlin')).toBe(true) // 18:59:59
    expect(open(business, '2027-01-13T18:00:00Z', 'Europe/Berlin')).toBe(false) // 19:00
    expect(open(business, '2027-06-12T08:00:00Z', 'Europe/Berlin')).toBe(false) // Saturday
    // The same instant is 04:00 in New York.
    expect(open(business, '2027-06-09T08:00:00Z', 'America/New_York')).toBe(false)
  })

  it('runs an interval across midnight as part of the day it starts', () => {
    expect(open(night, '2027-06-10T21:00:00Z', 'Europe/Berlin')).toBe(false) // Thu 23:00
    expect(open(night, '2027-06-11T19:59:00Z', 'Europe/Berlin')).toBe(false) // Fri 21:59
    expect(open(night, '2027-06-11T20:00:00Z', 'Europe/Berlin')).toBe(true) // Fri 22:00
    expect(open(night, '2027-06-12T01:00:00Z', 'Europe/Berlin')).toBe(true) // Sat 03:00
    expect(open(night, '2027-06-12T04:00:00Z', 'Europe/Berlin')).toBe(false) // Sat 06:00
    expect(open(night, '2027-06-13T01:00:00Z', 'Europe/Berlin')).toBe(false) // Sun 03:00
  })

  it('names the interval that opens and the reason it is closed', () => {
    expect(verdict(business, '2027-06-09T08:00:00Z', 'Europe/Berlin')).toEqual({
      open: true,
      interval: business.intervals[0],
    })
    expect(verdict(business, '2027-06-09T18:00:00Z', 'Europe/Berlin')).toEqual({
      open: false,
      because: 'outside_schedule',
    })
  })
})

describe('exceptions outrank the schedule', () => {
  const cal = [holidays]
  it('closes a whole dated day, and a day of a yearly recurrence in any year', () => {
    expect(verdict(business, '2027-12-24T09:00:00Z', 'Europe/Berlin', cal)).toEqual({
      open: false,
      because: 'holiday',
      exception: 'Christmas Eve',
    })
    // 2028-12-26 is a Tuesday; the RRULE has no UNTIL and is expanded for 2028 when asked.
    expect(verdict(business, '2028-12-26T09:00:00Z', 'Europe/Berlin', cal)).toMatchObject({
      open: false,
      exception: 'Boxing Day',
    })
    expect(open(business, '2028-12-27T09:00:00Z', 'Europe/Berlin', cal)).toBe(true)
  })

  it('closes only between its hours, and opens a day the schedule does not', () => {
    expect(open(business, '2027-12-23T08:00:00Z', 'Europe/Berlin', cal)).toBe(false) // 09:00
    expect(open(business, '2027-12-23T10:00:00Z', 'Europe/Berlin', cal)).toBe(true) // 11:00
    expect(verdict(business, '2027-12-18T09:00:00Z', 'Europe/Berlin', cal)).toEqual({
      open: true,
      exception: 'Open Saturday',
    })
    expect(open(business, '2027-12-18T13:00:00Z', 'Europe/Berlin', cal)).toBe(false) // 14:00
  })

  it('reads the exception’s date on the place’s wall clock', () => {
    // 2027-12-23T23:30Z is already 24 December in Berlin, still the 23rd in New York.
    const allDay: ScheduleShape = {
      intervals: [{ days: [...weekdays], start: '00:00', end: '24:00' }],
    }
    expect(open(allDay, '2027-12-23T23:30:00Z', 'Europe/Berlin', cal)).toBe(false)
    expect(open(allDay, '2027-12-23T23:30:00Z', 'America/New_York', cal)).toBe(true)
  })

  it('lets a closed exception win over an open one on the same moment', () => {
    const both: CalendarShape = {
      calendar_id: 2,
      name: 'Both',
      exceptions: [
        { name: 'Open', date: '2027-06-09', effect: 'open' },
        { name: 'Closed', date: '2027-06-09', effect: 'closed' },
      ],
    }
    expect(verdict(business, '2027-06-09T08:00:00Z', 'Europe/Berlin', [both])).toMatchObject({
      open: false,
      exception: 'Closed',
    })
  })
})

describe('hours that do not exist and hours that happen twice', () => {
  it('Berlin spring forward (28 Mar 2027, 02:00 → 03:00): an interval from 02:30 begins at 03:00', () => {
    expect(wallClock(new Date('2027-03-28T00:59:00Z'), 'Europe/Berlin').minute).toBe(119) // 01:59
    expect(wallClock(new Date('2027-03-28T01:00:00Z'), 'Europe/Berlin').minute).toBe(180) // 03:00
    expect(open(sunday('02:30', '05:00'), '2027-03-28T00:59:00Z', 'Europe/Berlin')).toBe(false)
    expect(open(sunday('02:30', '05:00'), '2027-03-28T01:00:00Z', 'Europe/Berlin')).toBe(true)
    // One ending at 02:30 ends when 02:00 is skipped.
    expect(open(sunday('01:00', '02:30'), '2027-03-28T00:59:00Z', 'Europe/Berlin')).toBe(true)
    expect(open(sunday('01:00', '02:30'), '2027-03-28T01:00:00Z', 'Europe/Berlin')).toBe(false)
  })

  it('Berlin fall back (31 Oct 2027, 03:00 → 02:00): 02:30 is inside 02:00–03:00 both times', () => {
    const twice = sunday('02:00', '03:00')
    expect(open(twice, '2027-10-31T00:30:00Z', 'Europe/Berlin')).toBe(true) // 02:30 CEST
    expect(open(twice, '2027-10-31T01:30:00Z', 'Europe/Berlin')).toBe(true) // 02:30 CET
    expect(open(twice, '2027-10-31T02:00:00Z', 'Europe/Berlin')).toBe(false) // 03:00 CET
    expect(open(twice, '2027-10-30T23:59:00Z', 'Europe/Berlin')).toBe(false) // 01:59 CEST
  })

  it('New York spring forward (14 Mar 2027)', () => {
    expect(open(sunday('02:30', '04:00'), '2027-03-14T06:59:00Z', 'America/New_York')).toBe(false)
    expect(open(sunday('02:30', '04:00'), '2027-03-14T07:00:00Z', 'America/New_York')).toBe(true)
  })

  it('Lord Howe’s half-hour shift (3 Oct 2027, 02:00 → 02:30): 02:00–02:30 never opens that day', () => {
    const gap = sunday('02:00', '02:30')
    expect(wallClock(new Date('2027-10-02T15:29:00Z'), 'Australia/Lord_Howe').minute).toBe(119)
    expect(wallClock(new Date('2027-10-02T15:30:00Z'), 'Australia/Lord_Howe').minute).toBe(150)
    expect(open(gap, '2027-10-02T15:29:00Z', 'Australia/Lord_Howe')).toBe(false)
    expect(open(gap, '2027-10-02T15:30:00Z', 'Australia/Lord_Howe')).toBe(false)
    // A week later the half hour exists.
    expect(open(gap, '2027-10-09T15:15:00Z', 'Australia/Lord_Howe')).toBe(true)
  })
})
