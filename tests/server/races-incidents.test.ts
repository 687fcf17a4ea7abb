import { describe, expect, it } from 'vitest'
import { AlertRule, Incident } from '../../src/contract/alerts'
import { listOf } from '../../src/contract/list'
import { SYSTEM_SOURCE, recordEvent } from '../../server/alerts/events'
import { alertsDemo } from '../../server/db/seed-data'
import { ORGADMIN, shaped, useServer } from './helpers'
import { race, tally } from './race-helpers'

// One open incident per rule and subject (decision 079, the partial unique index
// incidents_one_open): 50 events about one subject at once, through the simulate route and as 50
// transactions of their own, make exactly one open incident that counts them all. On PostgreSQL
// the transactions meet in the database.
const N = 50
const server = useServer()
const services = () => server().running.handle.services

async function incidents(token: string, ruleName: string) {
  const reply = await server().request(
    'GET',
    `/sbm/v1/incidents?search=${encodeURIComponent(ruleName)}&length=100`,
    { token },
  )
  return shaped(reply.body, listOf(Incident)).data.filter((i) => i.rule_name === ruleName)
}

async function rule(token: string, name: string, scope: { kind: string; id: number }) {
  const reply = await server().request('POST', '/sbm/v1/alert-rules', {
    token,
    json: {
      name,
      event_types: ['door.forced_open'],
      scope,
      severity: 'critical',
      recipients: { user_ids: [], group_ids: [] },
      channels: ['console'],
    },
  })
  return shaped(reply.body, AlertRule)
}

describe('incidents under concurrency', () => {
  it('50 reports of a forced door at once make one open incident counting 50', async () => {
    const token = await server().login(ORGADMIN)
    const [sensor] = await services().db.query<{ device_id: number; organization_id: number }>(
      'select device_id, organization_id from devices where name = $1',
      [alertsDemo.sensor.name],
    )
    if (!sensor) throw new Error('no demo sensor')
    const watching = await rule(token, 'Forced anywhere at Acme', {
      kind: 'organization',
      id: sensor.organization_id,
    })
    const replies = await race(N, () =>
      server().request('POST', `/sbm/v1/devices/${sensor.device_id}/simulate`, {
        json: { event: 'door_forced_open' },
      }),
    )
    expect(tally(replies)).toEqual({ 200: N })
    const found = await incidents(token, watching.name)
    expect(found.map((i) => [i.state, i.count])).toEqual([['open', N]])
  })

  it('50 events in transactions of their own, about one door, make one open incident', async () => {
    const token = await server().login(ORGADMIN)
    const [door] = await services().db.query<{ door_id: number; organization_id: number }>(
      `select d.door_id, d.organization_id from doors d join locations l using (location_id)
       where l.name = 'Acme HQ' order by door_id desc limit 1`,
    )
    if (!door) throw new Error('no door at Acme HQ')
    const watching = await rule(token, 'Forced at the last door', {
      kind: 'door',
      id: door.door_id,
    })
    await Promise.all(
      Array.from({ length: N }, () =>
        services().db.tx((q) =>
          recordEvent(q, SYSTEM_SOURCE, {
            type: 'door.forced_open',
            subject: { kind: 'door', id: door.door_id },
            at: services().clock.now(),
          }),
        ),
      ),
    )
    const found = await incidents(token, watching.name)
    expect(found.map((i) => [i.state, i.count])).toEqual([['open', N]])
    const [events] = await services().db.query<{ n: number }>(
      `select count(*)::int as n from events where subject_type = 'door' and subject_id = $1
         and event_type = 'door.forced_open'`,
      [door.door_id],
    )
    expect(events?.n).toBe(N)
  })
})
