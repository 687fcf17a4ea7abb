import { DateTime } from 'luxon'
import {
  SNOW_DAYS_PATH,
  SnowDayInput,
  type SnowDay,
  type SnowDayPlan,
} from '../../src/contract/door-modes'
import type { Scope } from '../../src/contract/permissions'
import type { App, Principal, Services } from '../context'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { snowDayEffect } from '../door-modes/snow-day-plan'
import { badField, conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam, jsonBody } from '../http/validate'

// Snow days (decision 071): a place's doors open late or close early on one date. Door modes only,
// never who may enter; kept apart from access calendars. Setting one needs what a door's mode needs
// (devices:update or :org, the place in scope); a dry run answers the doors it would change and
// saves nothing. The database keeps one snow day of a kind per place and date.

const snowDaySelect = `snow_day_id, location_id, organization_id, to_char(date, 'YYYY-MM-DD') as date,
  kind, time, reason, created_at`

interface Place {
  location_id: number
  organization_id: number
  name: string
  zone: string
}

type SnowDayRow = SnowDay & { organization_id: number }

async function place(q: Queryable, scope: Scope, p: Principal, locationId: number) {
  const [row] = await q.query<Place>(
    `select l.location_id, l.organization_id, l.name, coalesce(l.time_zone, o.time_zone) as zone
     from locations l join organizations o using (organization_id) where l.location_id = $1`,
    [locationId],
  )
  return ensureInScope(scope, p, row, 'Location')
}

/** The place's date today, on its clock. */
const todayAt = (now: Date, zone: string) => DateTime.fromJSDate(now, { zone }).toISODate() ?? ''

const duplicate = (input: SnowDayInput) =>
  conflict(`The place already has a snow day of this kind on ${input.date}.`, 'date', 'duplicate', {
    date: input.date,
  })

const PLACE_SNOW_DAYS = '/sbm/v1/locations/:id/snow-days'

const answerOf = (day: SnowDayRow): SnowDay => ({
  snow_day_id: day.snow_day_id,
  location_id: day.location_id,
  date: day.date,
  kind: day.kind,
  time: day.time,
  reason: day.reason,
  created_at: day.created_at,
})

export function registerSnowDays(app: App, s: Services) {
  app.post(PLACE_SNOW_DAYS, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const dryRunParam = c.req.query('dry_run')
    if (dryRunParam !== undefined && dryRunParam !== 'true' && dryRunParam !== 'false')
      throw badField('dry_run', 'Expected true or false.')
    const dryRun = dryRunParam === 'true'
    const input = await jsonBody(c, SnowDayInput)
    const reason = input.reason.trim()
    if (input.time === '24:00')
      throw badField('time', 'A snow day’s time is within the day, 00:00 to 23:59.')
    const now = s.clock.now()
    const answer = await s.db.tx(async (q) => {
      const at = await place(q, scope, p, id)
      if (input.date < todayAt(now, at.zone))
        throw badField('date', 'A snow day is today or later on the place’s clock.', 'invalid', {
          today: todayAt(now, at.zone),
        })
      let saved: SnowDayRow | undefined
      if (dryRun) {
        const [taken] = await q.query(
          'select 1 from snow_days where location_id = $1 and date = $2 and kind = $3',
          [id, input.date, input.kind],
        )
        if (taken) throw duplicate(input)
      } else {
        // The unique (location, date, kind) decides a race: the second insert writes nothing.
        ;[saved] = await q.query<SnowDayRow>(
          `insert into snow_days (organization_id, location_id, date, kind, time, reason, created_by)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (location_id, date, kind) do nothing
           returning ${snowDaySelect}`,
          [at.organization_id, id, input.date, input.kind, input.time, reason, p.userId],
        )
        if (!saved) throw duplicate(input)
        await writeJournal(
          q,
          journalSource(c),
          changeRow('snow_day', saved.snow_day_id, null, saved, () => `${at.name} ${input.date}`),
        )
      }
      const effect = await snowDayEffect(q, id, input, at.zone, saved?.snow_day_id ?? null)
      return {
        dry_run: dryRun,
        snow_day: saved ? answerOf(saved) : null,
        time_zone: at.zone,
        ...effect,
      } satisfies SnowDayPlan
    })
    if (dryRun) return c.json(answer)
    s.doorModeJob.wake()
    return c.json(answer, 201)
  })

  app.get(PLACE_SNOW_DAYS, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const id = idParam(c)
    await place(s.db, scope, p, id)
    const rows = await s.db.query<SnowDayRow>(
      `select ${snowDaySelect} from snow_days where location_id = $1 order by date, kind`,
      [id],
    )
    return c.json({ items: rows.map(answerOf) })
  })

  app.delete(`${SNOW_DAYS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const now = s.clock.now()
    await s.db.tx(async (q) => {
      const [row] = await q.query<SnowDayRow>(
        `select ${snowDaySelect} from snow_days where snow_day_id = $1 for update`,
        [id],
      )
      const day = ensureInScope(scope, p, row, 'Snow day')
      const at = await place(q, scope, p, day.location_id)
      // A day gone by is what the doors did: the mode job's past boundaries stand on it.
      if (day.date < todayAt(now, at.zone))
        throw conflict('A snow day that has passed stays.', 'date', 'conflict', { date: day.date })
      const gone = await q.query('delete from snow_days where snow_day_id = $1 returning 1', [id])
      if (gone.length === 0) throw notFound('Snow day')
      await writeJournal(
        q,
        journalSource(c),
        changeRow('snow_day', id, day, null, () => `${at.name} ${day.date}`),
      )
    })
    s.doorModeJob.wake()
    return c.body(null, 204)
  })
}
