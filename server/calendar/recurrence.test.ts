import { describe, expect, it } from 'vitest'
import { checkRecurrences } from './recurrence'

// What a calendar accepts as a recurring exception (docs/access-model.md): day rules that read,
// with at most 1,000 dates a year, found quickly.

const problem = (rrule: string, dtstart = '2027-01-01', thisYear = 2027) =>
  checkRecurrences([{ rrule, dtstart }], thisYear)?.problem ?? null

describe('recurrence rules a calendar accepts', () => {
  it('accepts day rules, yearly ones without an end too', () => {
    expect(problem('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25')).toBeNull()
    expect(problem('FREQ=WEEKLY;BYDAY=SA')).toBeNull()
    expect(problem('FREQ=MONTHLY;BYDAY=1MO')).toBeNull()
    expect(problem('FREQ=DAILY')).toBeNull()
  })

  it('refuses what does not read, is out of range, or names hours', () => {
    expect(problem('not a rule')).toMatchObject({ kind: 'invalid' })
    expect(problem('BYMONTH=3')).toMatchObject({ kind: 'invalid', message: /FREQ/ })
    expect(problem('DTSTART:20270101T000000Z\nRRULE:FREQ=DAILY')).toMatchObject({
      kind: 'invalid',
      message: /dtstart/,
    })
    expect(problem('FREQ=DAILY;BYHOUR=25')).toMatchObject({ kind: 'invalid', message: /BYHOUR/ })
    expect(problem('FREQ=DAILY;INTERVAL=0')).toMatchObject({ kind: 'invalid' })
    expect(problem('FREQ=DAILY;BYHOUR=3')).toMatchObject({ kind: 'invalid', message: /names days/ })
    expect(problem('FREQ=HOURLY;INTERVAL=24')).toMatchObject({ message: /names days/ })
  })

  it('refuses a rule with more than 1,000 dates in the year of its start or in this one', () => {
    expect(problem('FREQ=HOURLY')).toEqual({ kind: 'too_many', year: 2027 })
    expect(problem('FREQ=MINUTELY;COUNT=2000')).toEqual({ kind: 'too_many', year: 2027 })
    // From 24 December: 192 hours that year, 8,760 in the next, which is this one.
    expect(problem('FREQ=HOURLY', '2026-12-24', 2026)).toMatchObject({ message: /names days/ })
    expect(problem('FREQ=HOURLY', '2026-12-24', 2027)).toEqual({ kind: 'too_many', year: 2027 })
  })

  it('refuses a rule that never occurs within its time, and names the exception', () => {
    const started = performance.now()
    const refused = checkRecurrences(
      [
        { rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24', dtstart: '2027-12-24' },
        { rrule: 'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30', dtstart: '2027-01-01' },
      ],
      2027,
    )
    expect(refused).toMatchObject({ index: 1, problem: { kind: 'invalid', message: /too long/ } })
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
