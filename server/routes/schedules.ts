import {
  SCHEDULES_PATH,
  ScheduleInput,
  ScheduleListQuery,
  ScheduleUpdate,
  scheduleSortKeys,
  type Schedule,
} from '../../src/contract/access-model'
import { inScope } from '../../src/contract/permissions'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { byName, changeRow, writeJournal } from '../db/journal'
import { lockOwnRows, lockRow } from '../db/locks'
import { conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'

// Schedules (decision 065): wall-clock intervals of the week, read in the zone of the place a rule
// is asked about, with the calendars whose exceptions outrank them.

const select = `s.schedule_id, s.organization_id, s.name, s.intervals, s.calendar_ids, s.created_at,
  s.updated_at`

async function findSchedule(q: Queryable, id: number) {
  const [row] = await q.query<Schedule>(
    `select ${select} from schedules s where s.schedule_id = $1`,
    [id],
  )
  return row
}

const sortColumns: Record<(typeof scheduleSortKeys)[number], string> = {
  schedule_id: 's.schedule_id',
  name: 'lower(s.name)',
  created_at: 's.created_at',
}

const scheduleListSpec = (limit: number | null): ListSpec<(typeof scheduleSortKeys)[number]> => ({
  select,
  from: 'schedules s',
  where: limit === null ? [] : ['s.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['s.name'],
  sortColumns,
  tiebreak: 's.schedule_id',
})

/** 409 naming `calendar_ids` unless each is a calendar of the organization (locked until commit). */
async function checkCalendars(q: Queryable, organizationId: number, ids: readonly number[]) {
  const missing = await lockOwnRows(q, 'calendars', ids, organizationId)
  if (missing.length > 0)
    throw conflict(
      `These are not calendars of the schedule's organization: ${missing.join(', ')}.`,
      'calendar_ids',
      'conflict',
      { subject: 'calendar', calendar_ids: missing.join(', ') },
    )
}

export function registerSchedules(app: App, s: Services) {
  app.get(SCHEDULES_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'schedules', 'read'), p)
    return c.json(await listPage(s.db, scheduleListSpec(limit), query(c, ScheduleListQuery)))
  })

  app.get(`${SCHEDULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'read')
    return c.json(ensureInScope(scope, p, await findSchedule(s.db, idParam(c)), 'Schedule'))
  })

  app.post(SCHEDULES_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'create')
    const input = await jsonBody(c, ScheduleInput)
    const organizationId = input.organization_id ?? p.organizationId
    if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
    const created = await s.db.tx(async (q) => {
      const calendarIds = input.calendar_ids ?? []
      await checkCalendars(q, organizationId, calendarIds)
      const [row] = await q.query<{ schedule_id: number }>(
        `insert into schedules (organization_id, name, intervals, calendar_ids)
         select organization_id, $2, $3, $4 from organizations where organization_id = $1
         returning schedule_id`,
        [organizationId, input.name.trim(), JSON.stringify(input.intervals), calendarIds],
      )
      if (!row) throw notFound('Organization')
      const schedule = (await findSchedule(q, row.schedule_id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow('schedule', row.schedule_id, null, schedule, byName),
      )
      return schedule
    })
    return c.json(created, 201)
  })

  app.put(`${SCHEDULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, ScheduleUpdate)
    const updated = await s.db.tx(async (q) => {
      // Locked first: two edits take turns (neither loses the other's change), a DELETE waits.
      await lockRow(q, 'schedules', id, 'update')
      const schedule = ensureInScope(scope, p, await findSchedule(q, id), 'Schedule')
      if (patch.calendar_ids) await checkCalendars(q, schedule.organization_id, patch.calendar_ids)
      await q.query(
        `update schedules set name = $2, intervals = $3, calendar_ids = $4, updated_at = now()
         where schedule_id = $1`,
        [
          id,
          (patch.name ?? schedule.name).trim(),
          JSON.stringify(patch.intervals ?? schedule.intervals),
          patch.calendar_ids ?? schedule.calendar_ids,
        ],
      )
      const after = (await findSchedule(q, id)) ?? null
      await writeJournal(q, journalSource(c), changeRow('schedule', id, schedule, after, byName))
      return after
    })
    return c.json(updated)
  })

  app.delete(`${SCHEDULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'schedules', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first: a rule taking it up (its foreign key holds the row in key share) is counted
      // below, or waits and then finds it gone.
      await lockRow(q, 'schedules', id, 'update')
      const schedule = ensureInScope(scope, p, await findSchedule(q, id), 'Schedule')
      const [used] = await q.query<{ n: number }>(
        'select count(*)::int as n from access_rules where schedule_id = $1',
        [id],
      )
      const rules = used?.n ?? 0
      if (rules > 0)
        throw conflict(`${rules} access rule(s) still use this schedule.`, undefined, 'in_use', {
          subject: 'schedule',
          rules,
        })
      await q.query('delete from schedules where schedule_id = $1', [id])
      await writeJournal(q, journalSource(c), changeRow('schedule', id, schedule, null, byName))
    })
    return c.body(null, 204)
  })
}
