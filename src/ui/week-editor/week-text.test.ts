import { beforeAll, describe, expect, it } from 'vitest'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import { parseWeek, problemWords } from './week-text'

beforeAll(() => {
  loadLocale('en')
  loadLocale('de')
})

const workweek = ['mon', 'tue', 'wed', 'thu', 'fri']
const everyDay = [...workweek, 'sat', 'sun']

describe('parseWeek', () => {
  it('reads “mo-fr 7-19; sa 9-13”', () => {
    expect(parseWeek('mo-fr 7-19; sa 9-13')).toEqual({
      ok: true,
      intervals: [
        { days: workweek, start: '07:00', end: '19:00' },
        { days: ['sat'], start: '09:00', end: '13:00' },
      ],
    })
  })

  it('reads German and typeset forms alike', () => {
    const expected = { ok: true, intervals: [{ days: workweek, start: '07:00', end: '19:00' }] }
    expect(parseWeek('Mo–Fr 07:00–19:00')).toEqual(expected)
    expect(parseWeek('montag bis freitag 7 bis 19 Uhr')).toEqual(expected)
    expect(parseWeek('Mon-Fri 7.00-19.00')).toEqual(expected)
    expect(parseWeek('mo-fr 0700-1900')).toEqual(expected)
    expect(parseWeek('Di, Do 8-12, 13-17')).toEqual({
      ok: true,
      intervals: [
        { days: ['tue', 'thu'], start: '08:00', end: '12:00' },
        { days: ['tue', 'thu'], start: '13:00', end: '17:00' },
      ],
    })
  })

  it('runs 22-6 past midnight, every day when no day is named', () => {
    expect(parseWeek('22-6')).toEqual({
      ok: true,
      intervals: [{ days: everyDay, start: '22:00', end: '06:00' }],
    })
    expect(parseWeek('fr 22-6')).toEqual({
      ok: true,
      intervals: [{ days: ['fri'], start: '22:00', end: '06:00' }],
    })
  })

  it('starts a new part at a day after hours, wraps a range round the week, ends a day at 24', () => {
    expect(parseWeek('mo-fr 7:30-19 sa 9-13\nfr-mo 20-24')).toEqual({
      ok: true,
      intervals: [
        { days: workweek, start: '07:30', end: '19:00' },
        { days: ['sat'], start: '09:00', end: '13:00' },
        { days: ['mon', 'fri', 'sat', 'sun'], start: '20:00', end: '24:00' },
      ],
    })
    expect(parseWeek('täglich 0-24')).toEqual({
      ok: true,
      intervals: [{ days: everyDay, start: '00:00', end: '24:00' }],
    })
    expect(parseWeek('  ')).toEqual({ ok: true, intervals: [] })
  })

  it('names what it did not understand', () => {
    expect(parseWeek('mo-fr 7-19; xy 9-13')).toEqual({
      ok: false,
      problem: { code: 'unknown', text: 'xy' },
    })
    expect(parseWeek('mo 7-25')).toEqual({ ok: false, problem: { code: 'bad_time', text: '25' } })
    expect(parseWeek('mo 7:75-9')).toEqual({
      ok: false,
      problem: { code: 'bad_time', text: '7:75' },
    })
    expect(parseWeek('mo 24-6')).toEqual({ ok: false, problem: { code: 'bad_time', text: '24' } })
    expect(parseWeek('mo-fr 7')).toEqual({ ok: false, problem: { code: 'no_end', text: '7' } })
    expect(parseWeek('sa 9-13; mo-fr')).toEqual({
      ok: false,
      problem: { code: 'no_hours', text: 'mo-fr' },
    })
    expect(parseWeek('mo 7-7')).toEqual({ ok: false, problem: { code: 'same_time', text: '7-7' } })
    expect(parseWeek('mo -7')).toEqual({ ok: false, problem: { code: 'misplaced', text: '-' } })
    expect(parseWeek('mo 7-19 @')).toEqual({ ok: false, problem: { code: 'unknown', text: '@' } })
  })

  it('words a problem in the reader’s language', () => {
    const problem = { code: 'unknown', text: 'xy' } as const
    expect(problemWords(i18nObject('en'), problem)).toBe('“xy” is neither a day nor a time.')
    expect(problemWords(i18nObject('de'), problem)).toBe(
      '„xy“ ist weder ein Tag noch eine Uhrzeit.',
    )
  })
})
