import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoFromPostgres } from './timestamps'

/** What the driver did before: every form through Date. */
const throughDate = (v: string) =>
  new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString()

/** PostgreSQL's text for a timestamptz in UTC: microseconds, trailing zeros and all dropped. */
function postgresText(at: Date, micros: number): string {
  const [date, time = ''] = at.toISOString().replace('Z', '').split('T')
  const whole = time.slice(0, 8)
  const fraction =
    `${String(at.getUTCMilliseconds()).padStart(3, '0')}${String(micros).padStart(3, '0')}`.replace(
      /0+$/,
      '',
    )
  return `${date} ${whole}${fraction ? `.${fraction}` : ''}+00`
}

describe('isoFromPostgres', () => {
  it('answers as Date does for every UTC timestamp in the driver’s form', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        (at, micros) => {
          const text = postgresText(at, micros)
          expect(isoFromPostgres(text)).toBe(throughDate(text))
          expect(isoFromPostgres(text)).toBe(at.toISOString())
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('takes other offsets and forms (to_json’s) through Date', () => {
    expect(isoFromPostgres('2026-01-31 09:30:00.5+01')).toBe('2026-01-31T08:30:00.500Z')
    expect(isoFromPostgres('2026-01-31T03:00:00-05:00')).toBe('2026-01-31T08:00:00.000Z')
    expect(isoFromPostgres('2026-01-31 08:00:00+00')).toBe('2026-01-31T08:00:00.000Z')
    for (const text of [
      '2026-01-31T08:00:00+00:00',
      '2026-01-31T08:00:00.1+00:00',
      '2026-01-31T08:00:00.12+00:00',
      '2026-01-31T08:00:00.123999+00:00',
      '2026-01-31T08:00:00.5+02:00',
    ])
      expect(isoFromPostgres(text)).toBe(new Date(text).toISOString())
  })
})
