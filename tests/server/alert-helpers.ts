import { expect } from 'vitest'
import { AlertRule, Incident, IncidentCount } from '../../src/contract/alerts'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { alertsDemo, accessDemo } from '../../server/db/seed-data'
import { shaped, type TestServer } from './helpers'

// What the alerts' tests share (decision 079): the demo's reception door, its sensor and team;
// rules made through the API; a rule's incidents and their journal; the server's clock moved to a
// moment and the alert job stepped, never waited for.

/** The moment the tests set the clock to, plus seconds; it flows on from there. */
export const T0 = Date.parse('2026-06-01T08:00:00.000Z')

interface Place {
  location_id: number
  floor_id: number
  door_id: number
  group_id: number
}

export function alertKit(server: () => TestServer) {
  const services = () => server().running.handle.services
  const sql = <T extends object>(text: string, params: unknown[] = []) =>
    services().db.query<T>(text, params)
  async function one<T extends object>(text: string, params: unknown[] = []) {
    const [row] = await sql<T>(text, params)
    if (!row) throw new Error(`nothing for ${text}`)
    return row
  }
  return {
    sql,
    one,
    at: (seconds: number) => services().clock.set(new Date(T0 + seconds * 1000)),
    tick: () => services().alertJob.tick(),
    /** `iso` is within seconds after T0 + `seconds`: the clock flowed on a little. */
    near: (iso: string | null | undefined, seconds: number) => {
      const late = Date.parse(iso ?? '') - (T0 + seconds * 1000)
      expect(late).toBeGreaterThanOrEqual(0)
      expect(late).toBeLessThan(4000)
    },
    deviceId: async (name: string) =>
      (await one<{ device_id: number }>('select device_id from devices where name = $1', [name]))
        .device_id,
    sensorName: alertsDemo.sensor.name,
    simulate: (deviceId: number, event: string, extra: object = {}) =>
      server().request('POST', `/sbm/v1/devices/${deviceId}/simulate`, {
        json: { event, ...extra },
      }),
    demoPlace: (): Promise<Place> =>
      one<Place>(
        `select d.location_id, d.floor_id, d.door_id, g.group_id from doors d
         join locations l using (location_id), access_groups g
         where l.name = $1 and d.name = $2 and g.name = $3`,
        [accessDemo.location, accessDemo.door, accessDemo.group.name],
      ),
    createRule: async (token: string, rule: Record<string, unknown>) => {
      const reply = await server().request('POST', '/sbm/v1/alert-rules', {
        token,
        json: {
          severity: 'warning',
          recipients: { user_ids: [], group_ids: [] },
          channels: ['console'],
          ...rule,
        },
      })
      expect(reply.status, JSON.stringify(reply.body)).toBe(201)
      return shaped(reply.body, AlertRule)
    },
    incidentsOf: async (token: string, ruleName: string) => {
      const reply = await server().request(
        'GET',
        `/sbm/v1/incidents?search=${encodeURIComponent(ruleName)}&length=50`,
        { token },
      )
      expect(reply.status).toBe(200)
      // The search finds its words in any column: the rule's own incidents are those with its name.
      return shaped(reply.body, listOf(Incident)).data.filter((i) => i.rule_name === ruleName)
    },
    count: async (token: string) => {
      const reply = await server().request('GET', '/sbm/v1/incidents/count', { token })
      return shaped(reply.body, IncidentCount)
    },
    journalOf: async (token: string, incidentId: number) => {
      const reply = await server().request(
        'GET',
        `/org/v1/journal?target_type=incident&target_id=${incidentId}&order_direction=asc`,
        { token },
      )
      return shaped(reply.body, listOf(JournalEntry)).data
    },
  }
}
