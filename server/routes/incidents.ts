import {
  INCIDENT_COUNT_PATH,
  INCIDENTS_PATH,
  IncidentListQuery,
  IncidentResolve,
  incidentSortKeys,
  severities,
  type IncidentCount,
} from '../../src/contract/alerts'
import {
  findIncident,
  incidentColumns,
  incidentJournalRow,
  incidentOf,
  type IncidentRow,
} from '../alerts/incidents'
import type { App, Services } from '../context'
import { writeJournal } from '../db/journal'
import { conflict } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'

// Incidents (decision 079): a paged list filtered by state, severity and place; the bell's count;
// acknowledge (open → acknowledged) and resolve (open or acknowledged → resolved, with a note), each
// journaled in its transaction. Another organization's incident answers 404.

type SortKey = (typeof incidentSortKeys)[number]

const sortColumns: Record<SortKey, string> = {
  incident_id: 'i.incident_id',
  last_seen: 'i.last_seen',
  first_seen: 'i.first_seen',
  severity: `array_position(array['info', 'warning', 'critical'], i.severity)`,
}

function listSpec(limit: number | null, filters: IncidentListQuery): ListSpec<SortKey> {
  const where: string[] = []
  const params: unknown[] = []
  const add = (sql: string, value: unknown) => {
    params.push(value)
    where.push(sql.replace('$', `$${params.length}`))
  }
  if (limit !== null) add('i.organization_id = $', limit)
  if (filters.state !== undefined) add('i.state = $', filters.state)
  if (filters.severity !== undefined) add('i.severity = $', filters.severity)
  if (filters.location_id !== undefined) add('i.location_id = $', filters.location_id)
  return {
    select: incidentColumns,
    from: 'incidents i',
    where,
    params,
    searchColumns: ['i.rule_name', 'i.subject_name'],
    sortColumns,
    tiebreak: 'i.incident_id',
  }
}

export function registerIncidents(app: App, s: Services) {
  // Before /:id, which would take "count" for an id.
  app.get(INCIDENT_COUNT_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'incidents', 'read'), p)
    const rows = await s.db.query<{ severity: string; n: number }>(
      `select severity, count(*)::int as n from incidents
       where state <> 'resolved' and ($1::int is null or organization_id = $1)
       group by severity`,
      [limit],
    )
    const bySeverity = Object.fromEntries(
      severities.map((severity) => [severity, rows.find((r) => r.severity === severity)?.n ?? 0]),
    ) as IncidentCount['by_severity']
    const answer: IncidentCount = {
      open: Object.values(bySeverity).reduce((a, b) => a + b, 0),
      by_severity: bySeverity,
    }
    return c.json(answer)
  })

  app.get(INCIDENTS_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'incidents', 'read'), p)
    const filters = query(c, IncidentListQuery)
    const page = await listPage<SortKey, IncidentRow>(s.db, listSpec(limit, filters), filters)
    return c.json({ ...page, data: page.data.map(incidentOf) })
  })

  app.get(`${INCIDENTS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'incidents', 'read')
    return c.json(
      incidentOf(ensureInScope(scope, p, await findIncident(s.db, idParam(c)), 'Incident')),
    )
  })

  app.post(`${INCIDENTS_PATH}/:id/acknowledge`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'incidents', 'update')
    const id = idParam(c)
    const answer = await s.db.tx(async (q) => {
      const before = ensureInScope(scope, p, await findIncident(q, id, true), 'Incident')
      if (before.state !== 'open')
        throw conflict(`The incident is already ${before.state}.`, 'state', 'conflict', {
          state: before.state,
        })
      await q.query(
        `update incidents set state = 'acknowledged', acknowledged_by = $2,
           acknowledged_by_email = $3, acknowledged_at = $4
         where incident_id = $1`,
        [id, p.userId, p.email, s.clock.now().toISOString()],
      )
      await writeJournal(
        q,
        journalSource(c),
        incidentJournalRow(before, { state: ['open', 'acknowledged'] }),
      )
      return findIncident(q, id)
    })
    return c.json(answer && incidentOf(answer))
  })

  app.post(`${INCIDENTS_PATH}/:id/resolve`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'incidents', 'update')
    const id = idParam(c)
    const input = await jsonBody(c, IncidentResolve)
    const note = (input.note ?? '').trim()
    const answer = await s.db.tx(async (q) => {
      const before = ensureInScope(scope, p, await findIncident(q, id, true), 'Incident')
      if (before.state === 'resolved')
        throw conflict('The incident is already resolved.', 'state', 'conflict', {
          state: before.state,
        })
      await q.query(
        `update incidents set state = 'resolved', resolution = 'person', resolved_by = $2,
           resolved_by_email = $3, resolved_at = $4, note = $5
         where incident_id = $1`,
        [id, p.userId, p.email, s.clock.now().toISOString(), note],
      )
      await writeJournal(
        q,
        journalSource(c),
        incidentJournalRow(before, {
          state: [before.state, 'resolved'],
          resolution: [null, 'person'],
          note: [before.note, note],
        }),
      )
      return findIncident(q, id)
    })
    return c.json(answer && incidentOf(answer))
  })
}
