import { DateTime } from 'luxon'
import {
  CALENDARS_PATH,
  CalendarInput,
  CalendarListQuery,
  CalendarUpdate,
  HOLIDAY_REGIONS_PATH,
  HolidayRegionQuery,
  HolidaysInput,
  MAX_EXCEPTIONS,
  MAX_RRULE_DATES_PER_YEAR,
  calendarSortKeys,
  type Calendar,
  type CalendarException,
} from '../../src/contract/access-model'
import { inScope } from '../../src/contract/permissions'
import type { App, Services } from '../context'
import { holidayRegions, publicHolidays } from '../calendar/holidays'
import { checkRecurrences } from '../calendar/recurrence'
import type { Queryable } from '../db/database'
import { byName, changeRow, writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { badField, conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'

// Calendars of exceptions (decision 065): dated or recurring days on which a schedule is closed or
// open, the public holidays of a region among them.

const select = `k.calendar_id, k.organization_id, k.name, k.exceptions, k.created_at, k.updated_at`

async function findCalendar(q: Queryable, id: number) {
  const [row] = await q.query<Calendar>(
    `select ${select} from calendars k where k.calendar_id = $1`,
    [id],
  )
  return row
}

const sortColumns: Record<(typeof calendarSortKeys)[number], string> = {
  calendar_id: 'k.calendar_id',
  name: 'lower(k.name)',
  created_at: 'k.created_at',
}

const calendarListSpec = (limit: number | null): ListSpec<(typeof calendarSortKeys)[number]> => ({
  select,
  from: 'calendars k',
  where: limit === null ? [] : ['k.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['k.name'],
  sortColumns,
  tiebreak: 'k.calendar_id',
})

/**
 * 400 at `exceptions.<i>.rrule` (with `index` in the parameters) for the first recurrence rule
 * that may not be saved (server/calendar/recurrence.ts), in the year of its start or the one of
 * `now` (the server's clock): a rule is expanded a year at a time, so a yearly one without an end
 * is fine.
 */
function checkExceptions(exceptions: readonly CalendarException[], now: Date) {
  const refused = checkRecurrences(exceptions, DateTime.fromJSDate(now, { zone: 'utc' }).year)
  if (refused === null) return
  const { index, problem } = refused
  const field = `exceptions.${index}.rrule`
  if (problem.kind === 'invalid') throw badField(field, problem.message, 'invalid', { index })
  throw badField(
    field,
    `The recurrence rule has more than ${MAX_RRULE_DATES_PER_YEAR} dates in ${problem.year}.`,
    'too_many',
    { index, max: MAX_RRULE_DATES_PER_YEAR, year: problem.year },
  )
}

/** The exceptions with `added` appended, less the dates the calendar already has; 400 past the limit. */
function withHolidays(
  exceptions: readonly CalendarException[],
  added: readonly CalendarException[],
): CalendarException[] {
  const dates = new Set(exceptions.flatMap((e) => (e.date === undefined ? [] : [e.date])))
  const merged = [...exceptions]
  for (const holiday of added) {
    if (holiday.date === undefined || dates.has(holiday.date)) continue
    dates.add(holiday.date)
    merged.push(holiday)
  }
  if (merged.length > MAX_EXCEPTIONS)
    throw badField('exceptions', `At most ${MAX_EXCEPTIONS} exceptions.`, 'too_many', {
      max: MAX_EXCEPTIONS,
    })
  return merged
}

async function writeExceptions(
  q: Queryable,
  id: number,
  name: string,
  exceptions: readonly CalendarException[],
) {
  await q.query(
    `update calendars set name = $2, exceptions = $3, updated_at = now() where calendar_id = $1`,
    [id, name, JSON.stringify(exceptions)],
  )
}

export function registerCalendars(app: App, s: Services) {
  app.get(HOLIDAY_REGIONS_PATH, (c) => {
    requireScope(c.get('principal'), 'schedules', 'read')
    const { country, language } = query(c, HolidayRegionQuery)
    const regions = holidayRegions(country, language ?? 'en')
    if (regions === null)
      throw badField('country', `No holidays are known for the country ${country}.`)
    return c.json(regions)
  })

  app.get(CALENDARS_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'schedules', 'read'), p)
    return c.json(await listPage(s.db, calendarListSpec(limit), query(c, CalendarListQuery)))
  })

  app.get(`${CALENDARS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'read')
    return c.json(ensureInScope(scope, p, await findCalendar(s.db, idParam(c)), 'Calendar'))
  })

  app.post(CALENDARS_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'create')
    const input = await jsonBody(c, CalendarInput)
    const organizationId = input.organization_id ?? p.organizationId
    if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
    const exceptions = input.exceptions ?? []
    checkExceptions(exceptions, s.clock.now())
    const created = await s.db.tx(async (q) => {
      const [row] = await q.query<{ calendar_id: number }>(
        `insert into calendars (organization_id, name, exceptions)
         select organization_id, $2, $3 from organizations where organization_id = $1
         returning calendar_id`,
        [organizationId, input.name.trim(), JSON.stringify(exceptions)],
      )
      if (!row) throw notFound('Organization')
      const calendar = (await findCalendar(q, row.calendar_id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow('calendar', row.calendar_id, null, calendar, byName),
      )
      return calendar
    })
    return c.json(created, 201)
  })

  app.put(`${CALENDARS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, CalendarUpdate)
    if (patch.exceptions) checkExceptions(patch.exceptions, s.clock.now())
    const updated = await s.db.tx(async (q) => {
      // Locked first: two edits take turns (neither loses the other's change), a DELETE waits.
      await lockRow(q, 'calendars', id, 'update')
      const calendar = ensureInScope(scope, p, await findCalendar(q, id), 'Calendar')
      const name = (patch.name ?? calendar.name).trim()
      await writeExceptions(q, id, name, patch.exceptions ?? calendar.exceptions)
      const after = (await findCalendar(q, id)) ?? null
      await writeJournal(q, journalSource(c), changeRow('calendar', id, calendar, after, byName))
      return after
    })
    return c.json(updated)
  })

  app.post(`${CALENDARS_PATH}/:id/holidays`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'update')
    const id = idParam(c)
    const { region, year, language } = await jsonBody(c, HolidaysInput)
    const holidays = publicHolidays(region, year, language ?? 'en')
    if (holidays === null)
      throw badField('region', `No holidays are known for the region ${region}.`)
    const updated = await s.db.tx(async (q) => {
      await lockRow(q, 'calendars', id, 'update')
      const calendar = ensureInScope(scope, p, await findCalendar(q, id), 'Calendar')
      await writeExceptions(q, id, calendar.name, withHolidays(calendar.exceptions, holidays))
      const after = (await findCalendar(q, id)) ?? null
      await writeJournal(q, journalSource(c), changeRow('calendar', id, calendar, after, byName))
      return after
    })
    return c.json(updated)
  })

  app.delete(`${CALENDARS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first: a schedule taking it up (which locks it `for key share`) is counted below,
      // or waits and then finds it gone.
      await lockRow(q, 'calendars', id, 'update')
      const calendar = ensureInScope(scope, p, await findCalendar(q, id), 'Calendar')
      const [used] = await q.query<{ n: number }>(
        'select count(*)::int as n from schedules where calendar_ids @> array[$1::int]',
        [id],
      )
      const schedules = used?.n ?? 0
      if (schedules > 0)
        throw conflict(`${schedules} schedule(s) still use this calendar.`, undefined, 'in_use', {
          subject: 'calendar',
          schedules,
        })
      await q.query('delete from calendars where calendar_id = $1', [id])
      await writeJournal(q, journalSource(c), changeRow('calendar', id, calendar, null, byName))
    })
    return c.body(null, 204)
  })
}
