import { describe, expect, it } from 'vitest'
import { Group } from '../../src/contract/access-model'
import { ErrorBody } from '../../src/contract/errors'
import { LOCKDOWNS_PATH, Lockdown } from '../../src/contract/lockdowns'
import { accessDemo } from '../../server/db/seed-data'
import { alertKit } from './alert-helpers'
import { ADMIN, GLOBEX, ORGADMIN, shaped, useServer } from './helpers'

// Alert rules' refusals and the events that come from elsewhere than a door (decision 079): denied
// PINs in a burst, a lockdown; incidents the job resolves as idle after 7 days; /metrics.

const server = useServer()
const { one, at, tick, simulate, demoPlace, createRule, incidentsOf, count, journalOf } =
  alertKit(server)

describe('a rule refuses bad input, naming the field', () => {
  it('unknown event types, a threshold over a day or without a lasting condition, strangers', async () => {
    const token = await server().login(ORGADMIN)
    const place = await demoPlace()
    const globexGroup = await server().request('POST', '/access/v1/groups', {
      token: await server().login(GLOBEX),
      json: { name: 'Globex desk' },
    })
    const globexGroupId = shaped(globexGroup.body, Group).group_id
    const globexPlace = await one<{ location_id: number }>(
      `select location_id from locations l join organizations o using (organization_id)
       where o.name = 'Globex' limit 1`,
    )
    const good = {
      name: 'A rule',
      event_types: ['door.held_open'],
      scope: { kind: 'location', id: place.location_id },
      threshold_s: 60,
      severity: 'warning',
      recipients: { user_ids: [], group_ids: [] },
      channels: ['console'],
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ event_types: ['door.exploded'] }, 'event_types.0'],
      [{ event_types: [] }, 'event_types'],
      [{ threshold_s: 86_401 }, 'threshold_s'],
      [{ event_types: ['door.forced_open'], threshold_s: 30 }, 'threshold_s'],
      [{ severity: 'panic' }, 'severity'],
      [{ channels: ['pager'] }, 'channels.0'],
      [{ scope: { kind: 'location', id: globexPlace.location_id } }, 'scope.id'],
      [{ recipients: { user_ids: [2_000_000_000], group_ids: [] } }, 'recipients.user_ids'],
      [{ recipients: { user_ids: [], group_ids: [globexGroupId] } }, 'recipients.group_ids'],
    ]
    for (const [change, field] of cases) {
      const reply = await server().request('POST', '/sbm/v1/alert-rules', {
        token,
        json: { ...good, ...change },
      })
      expect(reply.status, JSON.stringify(change)).toBe(400)
      expect(shaped(reply.body, ErrorBody).field, JSON.stringify(change)).toBe(field)
    }
    const created = await createRule(token, good)
    const edited = await server().request('PUT', `/sbm/v1/alert-rules/${created.rule_id}`, {
      token,
      json: { ...good, threshold_s: 90_000 },
    })
    expect(edited.status).toBe(400)
    expect(shaped(edited.body, ErrorBody).field).toBe('threshold_s')
    const taken = await server().request('POST', '/sbm/v1/alert-rules', { token, json: good })
    expect(taken.status).toBe(409)
    // A keypad senses no door: its report of one is refused.
    const keypad = await one<{ device_id: number }>(
      'select device_id from devices where name = $1',
      [accessDemo.keypad.name],
    )
    const report = await simulate(keypad.device_id, 'door_held_open')
    expect(report.status).toBe(409)
    expect(shaped(report.body, ErrorBody).field).toBe('event')
  })
})

describe('the system closes and counts', () => {
  it('a run of denied PINs is one burst; an incident idle 7 days is resolved; /metrics counts', async () => {
    const token = await server().login(ORGADMIN)
    const admin = await server().login(ADMIN)
    const keypad = await one<{ device_id: number; organization_id: number }>(
      'select device_id, organization_id from devices where name = $1',
      [accessDemo.keypad.name],
    )
    const rule = await createRule(token, {
      name: 'Wrong PINs anywhere',
      event_types: ['access.denied_burst'],
      scope: { kind: 'organization', id: keypad.organization_id },
      severity: 'critical',
    })
    at(1000)
    for (let i = 0; i < 5; i += 1) {
      const reply = await server().request(
        'POST',
        `/access/v1/devices/${keypad.device_id}/pin-entry`,
        { token: admin, json: { pin: `90817${i}` } },
      )
      expect(reply.status).toBe(200)
      if (i < 4) expect(await incidentsOf(token, rule.name)).toEqual([])
    }
    const [burst] = await incidentsOf(token, rule.name)
    expect(burst).toMatchObject({
      state: 'open',
      subject: { kind: 'device', id: keypad.device_id },
    })

    await tick()
    const metrics = await server().request('GET', '/metrics')
    const open = (await count(token)).by_severity.critical
    expect(String(metrics.body)).toContain(`incidents_open{severity="critical"} ${open}`)

    at(1000 + 8 * 24 * 3600)
    await tick()
    const [idle] = await incidentsOf(token, rule.name)
    expect(idle).toMatchObject({ state: 'resolved', resolution: 'idle', resolved_by: null })
    const rows = await journalOf(token, burst?.incident_id ?? 0)
    expect(rows.at(-1)?.changes).toMatchObject({
      state: ['open', 'resolved'],
      resolution: [null, 'idle'],
    })
  })
})

describe('a lockdown', () => {
  it('started and released are events a rule on the organization sees', async () => {
    const globex = await server().login(GLOBEX)
    const admin = await server().login(ADMIN)
    const floor = await one<{ floor_id: number; organization_id: number }>(
      `select f.floor_id, f.organization_id from floors f join organizations o using (organization_id)
       where o.name = 'Globex' order by f.floor_id limit 1`,
    )
    const rule = await createRule(globex, {
      name: 'Lockdowns at Globex',
      event_types: ['lockdown.started', 'lockdown.released'],
      scope: { kind: 'organization', id: floor.organization_id },
      severity: 'critical',
    })
    const started = await server().request('POST', LOCKDOWNS_PATH, {
      token: globex,
      json: { scope_type: 'floor', scope_id: floor.floor_id, reason: 'Drill' },
    })
    expect(started.status).toBe(201)
    const id = shaped(started.body, Lockdown).lockdown_id
    expect((await incidentsOf(globex, rule.name))[0]).toMatchObject({
      state: 'open',
      count: 1,
      event_type: 'lockdown.started',
      subject: { kind: 'floor', id: floor.floor_id },
    })
    const asked = await server().request('POST', `${LOCKDOWNS_PATH}/${id}/release`, {
      token: globex,
      json: { reason: 'Drill over' },
    })
    expect(asked.status).toBe(200)
    const approved = await server().request('POST', `${LOCKDOWNS_PATH}/${id}/release/approve`, {
      token: admin,
    })
    expect(approved.status).toBe(200)
    expect((await incidentsOf(globex, rule.name))[0]).toMatchObject({
      count: 2,
      last_event_type: 'lockdown.released',
    })
  })
})
