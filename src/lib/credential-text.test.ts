import { describe, expect, it } from 'vitest'
import de from '../../i18n/de'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import {
  allowanceSentence,
  daysText,
  scheduleText,
  validityText,
  weekdayRuns,
  type AccessWindow,
} from './credential-text'

loadedLocales.en = en as Translations
loadedLocales.de = de
loadedFormatters.en = initFormatters('en')
loadedFormatters.de = initFormatters('de')

const LL = i18nObject('en')
const gb = { locale: 'en-GB', timeZone: 'UTC' }

const december: AccessWindow = {
  start: '2026-12-01T08:00:00Z',
  end: '2026-12-31T18:00:00Z',
  permanent: false,
  repetition: { type: 'weekly', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'] },
}

describe('weekdays in words', () => {
  it('groups consecutive days into runs in week order', () => {
    expect(weekdayRuns(['fri', 'mon', 'tue', 'wed'])).toEqual([['mon', 'tue', 'wed'], ['fri']])
  })

  it('writes runs of three or more with a dash and shorter ones day by day', () => {
    expect(daysText(LL, ['mon', 'tue', 'wed', 'thu', 'fri'])).toBe('Mon–Fri')
    expect(daysText(LL, ['mon', 'wed', 'fri'])).toBe('Mon, Wed, Fri')
    expect(daysText(LL, ['sat', 'sun', 'mon', 'tue', 'wed'])).toBe('Mon–Wed, Sat, Sun')
  })
})

describe('the list columns', () => {
  it('says the schedule with its daily window', () => {
    expect(scheduleText(LL, december, gb)).toBe('Mon–Fri, 08:00–18:00')
    expect(scheduleText(LL, { ...december, repetition: { type: 'daily' } }, gb)).toBe(
      'Daily, 08:00–18:00',
    )
    expect(scheduleText(LL, { ...december, repetition: null }, gb)).toBe('Once')
  })

  it('says the validity, or permanent without an end', () => {
    expect(validityText(LL, december, gb)).toBe('1 Dec 2026, 08:00 → 31 Dec 2026, 18:00')
    expect(validityText(LL, { ...december, permanent: true, end: null }, gb)).toBe('Permanent')
  })
})

describe('allowanceSentence', () => {
  it('says what a weekly credential allows', () => {
    expect(allowanceSentence(LL, 'Door 3', december, gb)).toBe(
      'Opens Door 3 on weekdays 08:00–18:00 from 1 Dec to 31 Dec',
    )
  })

  it('names the days when they are not the working week, and years when they differ', () => {
    const window = {
      ...december,
      end: '2027-01-31T18:00:00Z',
      repetition: { type: 'weekly' as const, weekdays: ['mon' as const, 'thu' as const] },
    }
    expect(allowanceSentence(LL, 'Main entrance', window, gb)).toBe(
      'Opens Main entrance on Mon, Thu 08:00–18:00 from 1 Dec 2026 to 31 Jan 2027',
    )
  })

  it('says a one-off window and an open-ended one', () => {
    expect(allowanceSentence(LL, 'Door 3', { ...december, repetition: null }, gb)).toBe(
      'Opens Door 3 from 1 Dec 2026, 08:00 to 31 Dec 2026, 18:00',
    )
    const forever = { ...december, permanent: true, end: null }
    expect(allowanceSentence(LL, 'Door 3', { ...forever, repetition: null }, gb)).toBe(
      'Opens Door 3 from 1 Dec 2026, 08:00, with no end',
    )
    expect(allowanceSentence(LL, 'Door 3', { ...forever, repetition: { type: 'daily' } }, gb)).toBe(
      'Opens Door 3 daily from 08:00, starting 1 Dec 2026, with no end',
    )
  })

  it('is silent until there is a target and a start', () => {
    expect(allowanceSentence(LL, '', december, gb)).toBeNull()
    expect(allowanceSentence(LL, 'Door 3', { ...december, start: '' }, gb)).toBeNull()
  })

  it('speaks German', () => {
    expect(
      allowanceSentence(i18nObject('de'), 'Tür 3', december, { locale: 'de', timeZone: 'UTC' }),
    ).toBe('Öffnet Tür 3 werktags 08:00–18:00 vom 1. Dez. bis 31. Dez.')
  })
})
