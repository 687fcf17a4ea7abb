import { beforeAll, describe, expect, it } from 'vitest'
import { i18nObject } from '../../i18n/i18n-util'
import { loadLocale } from '../../i18n/i18n-util.sync'
import type { PinEntryReason } from '../contract/pin-entry'
import {
  closestRuleText,
  memberText,
  pinEntryText,
  validText,
  weekSummary,
  whenText,
} from './access-text'

beforeAll(() => {
  loadLocale('en')
  loadLocale('de')
})

const en = () => i18nObject('en')
const de = () => i18nObject('de')
const gb = { locale: 'en-GB', timeZone: 'Europe/Berlin' }
const workweek = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
const business = { days: [...workweek], start: '07:00', end: '19:00' }

const ruleReason: PinEntryReason = {
  rule_id: 4,
  rule_name: 'Business hours front desk',
  group_id: 9,
  group_name: 'Front desk',
  schedule_id: 2,
  interval: business,
}

describe('a schedule in words', () => {
  it('names the schedule, the exception that decided, or says at any time', () => {
    expect(whenText(en(), { schedule_name: 'Business hours', intervals: [business] })).toBe(
      'Business hours: Mon–Fri 07:00–19:00',
    )
    expect(
      whenText(en(), { schedule_name: 'Business hours', intervals: null, exception: 'Open day' }),
    ).toBe('Business hours: by the exception Open day')
    expect(whenText(en(), { schedule_name: null, intervals: null })).toBe('at any time')
    expect(whenText(de(), { intervals: null })).toBe('jederzeit')
  })
})

describe('a membership and a window in words', () => {
  it('says since, until, both or nothing, on the place’s calendar', () => {
    // 23:30 UTC on 2 January is already 3 January in Berlin.
    expect(memberText(en(), '2027-01-02T23:30:00Z', null, gb)).toBe('(member since 3 Jan 2027)')
    expect(memberText(en(), null, '2027-06-30T12:00:00Z', gb)).toBe('(member until 30 Jun 2027)')
    expect(memberText(en(), '2027-01-02T23:30:00Z', '2027-06-30T12:00:00Z', gb)).toBe(
      '(member from 3 Jan 2027 until 30 Jun 2027)',
    )
    expect(memberText(en(), null, null, gb)).toBe('')
    expect(validText(en(), '2027-01-04T08:00:00Z', null, gb)).toBe('from 4 Jan 2027')
    expect(validText(en(), null, null, gb)).toBe('')
  })
})

describe('a keypad’s answer in words', () => {
  it('names the person, the group, the rule and the interval of a granted PIN', () => {
    expect(
      pinEntryText(en(), { granted: true, user_id: 7, reason: ruleReason }, 'Pia Neumann'),
    ).toBe(
      'Granted: Pia Neumann through Front desk, rule Business hours front desk, Mon–Fri 07:00–19:00',
    )
    expect(
      pinEntryText(de(), { granted: true, user_id: 7, reason: ruleReason }, 'Pia Neumann'),
    ).toBe(
      'Gewährt: Pia Neumann über Front desk, Regel Business hours front desk, Mo–Fr 07:00–19:00',
    )
  })

  it('says an exception that opened, a rule without a schedule, a credential, an unknown name', () => {
    const opened = { ...ruleReason, interval: undefined, exception: 'Open day' }
    expect(pinEntryText(en(), { granted: true, user_id: 7, reason: opened }, 'Pia')).toBe(
      'Granted: Pia through Front desk, rule Business hours front desk, by the exception Open day',
    )
    const always = { ...ruleReason, schedule_id: null, interval: undefined }
    expect(pinEntryText(en(), { granted: true, user_id: 7, reason: always }, 'Pia')).toBe(
      'Granted: Pia through Front desk, rule Business hours front desk, at any time',
    )
    expect(
      pinEntryText(en(), { granted: true, user_id: 7, reason: { credential_id: 31 } }, undefined),
    ).toBe('Granted: user #7 by credential #31')
  })

  it('says why a PIN was denied, a holiday by its name', () => {
    const denied = (reason: PinEntryReason) =>
      pinEntryText(en(), { granted: false, reason }, undefined)
    expect(denied({ denied_because: 'unknown_pin' })).toBe('Denied: the PIN is nobody’s')
    expect(denied({ ...ruleReason, interval: undefined, denied_because: 'outside_schedule' })).toBe(
      'Denied: outside the schedule',
    )
    expect(denied({ denied_because: 'holiday', exception: 'Christmas Day' })).toBe(
      'Denied: closed for a holiday (Christmas Day)',
    )
    expect(denied({ denied_because: 'holiday' })).toBe('Denied: closed for a holiday')
    expect(
      pinEntryText(
        de(),
        { granted: false, reason: { denied_because: 'holiday', exception: '1. Weihnachtstag' } },
        undefined,
      ),
    ).toBe('Abgelehnt: wegen eines Feiertags geschlossen (1. Weihnachtstag)')
  })

  it('names the rule a denial came closest through, and none for an unknown PIN', () => {
    expect(closestRuleText(en(), { ...ruleReason, denied_because: 'outside_schedule' })).toBe(
      'Rule Business hours front desk through Front desk',
    )
    expect(closestRuleText(en(), { denied_because: 'unknown_pin' })).toBeNull()
    expect(closestRuleText(en(), ruleReason)).toBeNull()
  })
})

describe('a week in words', () => {
  const week = [
    { days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const, start: '07:00', end: '19:00' },
    { days: ['sat'] as const, start: '09:00', end: '13:00' },
  ].map((i) => ({ ...i, days: [...i.days] }))

  it('reads “Mon–Fri 07:00–19:00; Sat 09:00–13:00” in English and German', () => {
    expect(weekSummary(i18nObject('en'), week)).toBe('Mon–Fri 07:00–19:00; Sat 09:00–13:00')
    expect(weekSummary(i18nObject('de'), week)).toBe('Mo–Fr 07:00–19:00; Sa 09:00–13:00')
  })

  it('joins the hours of the same days and says when the week is closed', () => {
    expect(
      weekSummary(i18nObject('en'), [
        { days: ['mon', 'wed'], start: '08:00', end: '12:00' },
        { days: ['fri'], start: '22:00', end: '06:00' },
        { days: ['mon', 'wed'], start: '13:00', end: '17:15' },
      ]),
    ).toBe('Mon, Wed 08:00–12:00, 13:00–17:15; Fri 22:00–06:00')
    expect(weekSummary(i18nObject('en'), [])).toBe('Closed all week')
    expect(weekSummary(i18nObject('de'), [])).toBe('Die ganze Woche geschlossen')
  })
})
