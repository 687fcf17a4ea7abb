import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import { dateText, exceptionForm, newException, type ExceptionValues } from './exception-form-model'

const check = (values: Partial<ExceptionValues>) =>
  validateValues(exceptionForm, { ...newException, ...values })

/** Each field's broken rule. */
function rules(values: Partial<ExceptionValues>) {
  const result = check(values)
  return result.ok
    ? result
    : Object.fromEntries(Object.entries(result.problems).map(([field, p]) => [field, p?.rule]))
}

describe('the exception form model', () => {
  it('sends a closed whole day on a date, its name trimmed, nothing of the other kind', () => {
    expect(check({ name: ' Company party ', date: '2027-06-18', rrule: 'FREQ=DAILY' })).toEqual({
      ok: true,
      input: { name: 'Company party', date: '2027-06-18', effect: 'closed' },
    })
  })

  it('sends a recurrence from its start date, open between two times', () => {
    expect(
      check({
        kind: 'rrule',
        date: '2027-06-18',
        rrule: ' FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24 ',
        dtstart: '2026-12-24',
        wholeDay: false,
        start: '08:00',
        end: '12:00',
        effect: 'open',
      }),
    ).toEqual({
      ok: true,
      input: {
        rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24',
        dtstart: '2026-12-24',
        start: '08:00',
        end: '12:00',
        effect: 'open',
      },
    })
  })

  it('names the field to fix', () => {
    expect(rules({})).toEqual({ date: 'required' })
    expect(rules({ kind: 'rrule', dtstart: '2027-01-01' })).toEqual({ date: 'required' })
    expect(rules({ kind: 'rrule', rrule: 'FREQ=DAILY' })).toEqual({ dtstart: 'required' })
    expect(rules({ date: '2027-02-30' })).toEqual({ date: 'invalid' })
    expect(rules({ date: '2027-06-18', wholeDay: false, start: '12:00' })).toEqual({
      end: 'invalid',
    })
    expect(rules({ date: '2027-06-18', wholeDay: false, start: '12:00', end: '09:00' })).toEqual({
      end: 'end_before_start',
    })
  })

  it('writes a date in the reader’s language', () => {
    expect(dateText('2027-12-25', 'en')).toBe('Sat, Dec 25, 2027')
    expect(dateText('2027-12-25', 'de')).toBe('Sa., 25. Dez. 2027')
  })
})
