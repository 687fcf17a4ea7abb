import Holidays from 'date-holidays'
import { DateTime } from 'luxon'
import type { CalendarException, HolidayRegion } from '../../src/contract/access-model'

// A region's public holidays, from the date-holidays package (its countries, their ISO 3166-2
// subdivisions and their rules), never a table of our own (decision 065).

const library = new Holidays()

/** Every region the library knows in `language`, by code: countries and their subdivisions. */
const regionsIn = new Map<string, HolidayRegion[]>()

function allRegions(language: string): HolidayRegion[] {
  let regions = regionsIn.get(language)
  if (regions) return regions
  regions = []
  const countries = library.getCountries(language)
  for (const [country, countryName] of Object.entries(countries)) {
    regions.push({ code: country, name: countryName })
    const states = library.getStates(country, language) ?? {}
    for (const [state, stateName] of Object.entries(states))
      regions.push({ code: `${country}-${state}`, name: `${stateName}, ${countryName}` })
  }
  regions.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
  regionsIn.set(language, regions)
  return regions
}

/**
 * The regions of `country` (the country itself first, then its subdivisions), or of every
 * country when it is absent; null for a country the library does not know.
 */
export function holidayRegions(country: string | undefined, language: string) {
  const regions = allRegions(language)
  if (country === undefined) return regions
  const own = regions.filter((r) => r.code === country || r.code.startsWith(`${country}-`))
  return own.length === 0 ? null : own
}

const known = (region: string) => allRegions('en').some((r) => r.code === region)

// "2027-12-24 14:00:00" starts at a time of day; "2027-03-09 00:00:00 -0600" is a day that
// begins at the evening before (an Islamic holiday): its date is the day, taken whole.
const partialDay = /^\d{4}-\d{2}-\d{2} (\d{2}:\d{2}):\d{2}$/

/**
 * The public holidays of `region` (`DE`, `DE-BE`) in `year` as closed exceptions named after
 * them, one a day: a holiday of several days gives each of its dates, one that starts in the
 * afternoon closes from then to the end of the day. Null for a region the library does not know.
 */
export function publicHolidays(
  region: string,
  year: number,
  language: string,
): CalendarException[] | null {
  if (!known(region)) return null
  const [country = '', state] = region.split('-')
  const holidays = new Holidays(state === undefined ? { country } : { country, state }, {
    languages: [language],
    types: ['public'],
  })
  return holidays
    .getHolidays(year, language)
    .filter((holiday) => holiday.type === 'public')
    .flatMap((holiday): CalendarException[] => {
      const date = holiday.date.slice(0, 10)
      const from = partialDay.exec(holiday.date)?.[1]
      if (from !== undefined && from !== '00:00')
        return [{ name: holiday.name, date, start: from, end: '24:00', effect: 'closed' }]
      const length = DateTime.fromJSDate(holiday.end).diff(DateTime.fromJSDate(holiday.start))
      const days = Math.max(1, Math.round(length.as('days')))
      const first = DateTime.fromISO(date, { zone: 'utc' })
      return Array.from({ length: days }, (_, i) => ({
        name: holiday.name,
        date: first.plus({ days: i }).toISODate() ?? date,
        effect: 'closed' as const,
      }))
    })
}
