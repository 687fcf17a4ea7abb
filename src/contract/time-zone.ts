import { define } from './struct'
import { fail } from './rules'

// Every wall-clock time belongs to a place: its location's zone, else its organization's (decision
// 065). Here, not in access.ts, so that the organization and location forms need not load the
// "who can open" shapes.

// A zone's name, not an offset: "+05:00" or "GMT+5" mean east of Greenwich to Intl and west of it
// to PostgreSQL (POSIX), which reads the schedule. The tz database's own names agree in both.
const zoneName = /^(?:[A-Za-z_-]+(?:\/[A-Za-z_-]+)*|Etc\/GMT[+-]\d{1,2}|[A-Z]{3}\d[A-Z]{3})$/

/** An IANA zone this runtime knows ("Europe/Berlin", "UTC"): a schedule's times are read in it. */
export const TimeZone = define<string>('time_zone', (value) => {
  if (typeof value !== 'string' || value.length > 64 || !zoneName.test(value))
    return fail('invalid', 'Expected an IANA time zone such as Europe/Berlin.')
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return fail('invalid', 'Expected an IANA time zone such as Europe/Berlin.')
  }
})
