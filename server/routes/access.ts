import {
  ACCESS_PATH,
  AccessQuery,
  GRANTS_SHOWN,
  type AccessAnswer,
} from '../../src/contract/access'
import type { App, Services } from '../context'
import { whoCanOpen } from '../db/access-at'
import { lockdownAt } from '../db/lockdowns'
import { HttpError, notFound } from '../http/errors'
import { ensureInScope, requireScope } from '../http/scope'
import { query } from '../http/validate'

// PostgreSQL's invalid_parameter_value: `time zone "…" not recognized`.
const UNKNOWN_ZONE = '22023'

const targets = {
  door: { table: 'doors', key: 'door_id', what: 'Door' },
  location: { table: 'locations', key: 'location_id', what: 'Location' },
  device: { table: 'devices', key: 'device_id', what: 'Device' },
} as const

/**
 * GET /access/v1/access?door_id|location_id|device_id=…&at=…&time_zone=…: who can open the place,
 * now or at a past moment (docs/journal.md). Reading credentials is enough for now; a past moment
 * is read from the journal, so it needs the journal's permission as well.
 */
export function registerAccess(app: App, s: Services) {
  app.get(ACCESS_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'read')
    const {
      door_id,
      location_id,
      device_id,
      at,
      time_zone = 'UTC',
      start,
      length,
    } = query(c, AccessQuery)
    if (at !== undefined) requireScope(p, 'journal', 'read')
    const type = door_id !== undefined ? 'door' : location_id !== undefined ? 'location' : 'device'
    const id = door_id ?? location_id ?? device_id
    if (id === undefined) throw notFound(targets[type].what)
    const answer = await s.db.tx(async (q) => {
      // One snapshot: the journal's rows and today's tables must agree. The statements prepared
      // for this answer keep one generic plan: planning the people's statement costs more than
      // running it (server/db/access-at.ts). PostgreSQL's JIT, drawn in by the rewind's row
      // estimates, spent 3.4 s compiling a query that runs in 0.1 s. A year's rewind sorts
      // 100,000 journal rows: in memory, not on disk. One round trip (no parameters: a simple
      // query, which may hold several statements).
      await q.query(`set transaction isolation level repeatable read;
        set local plan_cache_mode = force_generic_plan; set local jit = off;
        set local work_mem = '32MB'`)
      const { table, key, what } = targets[type]
      // Named statements, each planned once per connection (planning costs PGlite 2–8 ms).
      const [row] = await q.query<{ organization_id: number }>(
        {
          name: `access_target_${type}`,
          text: `select organization_id from ${table} where ${key} = $1`,
        },
        [id],
      )
      ensureInScope(scope, p, row, what)
      const [anchor] = await q.query<{ since: Date; now: Date }>({
        name: 'access_anchor',
        text: 'select since, now() as now from journal_anchor',
      })
      const moment = new Date(at ?? anchor?.now ?? Date.now())
      const since = anchor ? new Date(anchor.since) : null
      if (at !== undefined && since !== null && moment < since) {
        throw new HttpError(
          409,
          'conflict',
          `The journal reaches back to ${since.toISOString()}: ask about a later moment.`,
          'at',
          {},
          { rule: 'before_journal', params: { since: since.toISOString() } },
        )
      }
      // While a lockdown covers the place, its doors are closed to every credential.
      const lockdown = (await lockdownAt(q, { type, id }, at === undefined ? null : moment)) ?? null
      const { people_count, people } = lockdown
        ? { people_count: 0, people: [] }
        : await whoCanOpen(
            q,
            { type, id },
            moment,
            time_zone,
            { start, length, grants: GRANTS_SHOWN },
            at !== undefined,
          ).catch((error: unknown) => {
            // A zone this runtime's Intl knows and the database's time zone files do not.
            if ((error as { code?: unknown }).code !== UNKNOWN_ZONE) throw error
            throw new HttpError(
              400,
              'validation',
              'Expected a time zone the server knows.',
              'time_zone',
              {},
              {
                rule: 'invalid',
                params: {},
              },
            )
          })
      const body: AccessAnswer = {
        target_type: type,
        target_id: id,
        at: moment.toISOString(),
        time_zone,
        journal_since: since?.toISOString() ?? null,
        people_count,
        start,
        people,
        lockdown,
      }
      return body
    })
    return c.json(answer)
  })
}
