import {
  ACCESS_PATH,
  AccessQuery,
  GRANTS_SHOWN,
  type AccessAnswer,
} from '../../src/contract/access'
import type { App, Services } from '../context'
import { writtenIn } from '../access/written-in'
import { placeAt, targetNow, whoCanOpen, type AccessTarget } from '../db/access-at'
import { lockdownAt } from '../db/lockdowns'
import { answerFromOneSnapshot, askedMoment } from '../http/access-question'
import { ensureInScope, requireScope } from '../http/scope'
import { query } from '../http/validate'

const what = { door: 'Door', location: 'Location', device: 'Device' } as const

/**
 * GET /access/v1/access?door_id|location_id|device_id=…&at=…&time_zone=…: who can open the place,
 * by a credential or a rule through a group, now or at a past moment (docs/journal.md, decision
 * 067). Schedules are read on the place's wall clock; `time_zone` is the zone the answer's instants
 * are written in, the place's when absent. Reading credentials is enough for now; a past moment is
 * read from the journal, so it needs the journal's permission as well.
 */
export function registerAccess(app: App, s: Services) {
  app.get(ACCESS_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'read')
    const { door_id, location_id, device_id, at, time_zone, start, length } = query(c, AccessQuery)
    if (at !== undefined) requireScope(p, 'journal', 'read')
    const type = door_id !== undefined ? 'door' : location_id !== undefined ? 'location' : 'device'
    const id = door_id ?? location_id ?? device_id ?? 0
    const answer = await s.db.tx(async (q) => {
      await answerFromOneSnapshot(q)
      const target: AccessTarget = { type, id }
      const row = ensureInScope(scope, p, await targetNow(q, target), what[type])
      // Read after the snapshot began: every change it holds was journaled before this moment.
      const { moment, since } = await askedMoment(q, at, s.clock.now())
      const place = await placeAt(q, target, row, moment, at !== undefined)
      const zone = time_zone ?? place.zone
      // While a lockdown covers the place, its doors are closed to every credential and rule.
      const lockdown = (await lockdownAt(q, target, at === undefined ? null : moment)) ?? null
      const found = lockdown
        ? { people_count: 0, people: [] }
        : await whoCanOpen(
            q,
            place,
            moment,
            { start, length, grants: GRANTS_SHOWN },
            at !== undefined,
            zone,
          )
      const body: AccessAnswer = {
        target_type: type,
        target_id: id,
        at: writtenIn(moment, zone),
        time_zone: zone,
        place_time_zone: place.zone,
        journal_since: since === null ? null : writtenIn(since, zone),
        people_count: found.people_count,
        start,
        people: found.people,
        lockdown: lockdown && { ...lockdown, started_at: writtenIn(lockdown.started_at, zone) },
      }
      return body
    })
    return c.json(answer)
  })
}
