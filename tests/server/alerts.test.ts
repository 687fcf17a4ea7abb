import { describe, expect, it } from 'vitest'
import { Incident } from '../../src/contract/alerts'
import { accessDemo } from '../../server/db/seed-data'
import { alertKit } from './alert-helpers'
import { GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

// Events, alert rules and incidents (decision 079), over real HTTP: a rule watches events of some
// types in a place; a held-open door opens its incident only once the threshold passed on the
// server's clock (moved here, never waited for); repeats bump it; the door closing resolves it;
// people acknowledge and resolve, journaled; another organization sees nothing of it.

const server = useServer()
const {
  sql,
  one,
  at,
  tick,
  near,
  simulate,
  demoPlace,
  createRule,
  incidentsOf,
  count,
  journalOf,
  deviceId,
  sensorName,
} = alertKit(server)
const sensorId = () => deviceId(sensorName)

describe('a door held open', () => {
  it('opens one incident once the threshold passed, counts repeats, mails the team and resolves when closed', async () => {
    const token = await server().login(ORGADMIN)
    const place = await demoPlace()
    const sensor = await sensorId()
    const rule = await createRule(token, {
      name: 'Held open > 60 s at Acme HQ',
      event_types: ['door.held_open'],
      scope: { kind: 'location', id: place.location_id },
      threshold_s: 60,
      instructions: 'Walk to the door and close it.',
      recipients: { user_ids: [], group_ids: [place.group_id] },
      channels: ['console', 'email'],
    })
    expect(rule).toMatchObject({ scope: { kind: 'location', name: accessDemo.location } })
    const before = await count(token)
    at(0)
    expect((await simulate(sensor, 'door_held_open')).status).toBe(200)
    at(59)
    await tick()
    expect(await incidentsOf(token, rule.name)).toEqual([])
    at(65)
    await tick()
    const [opened, ...more] = await incidentsOf(token, rule.name)
    expect(more).toEqual([])
    expect(opened).toMatchObject({
      rule_id: rule.rule_id,
      severity: 'warning',
      state: 'open',
      count: 1,
      event_type: 'door.held_open',
      subject: { kind: 'door', id: place.door_id, name: accessDemo.door },
      location_id: place.location_id,
      instructions: 'Walk to the door and close it.',
    })
    // The clock flows on from where a test sets it: a time is within seconds of the moment set.
    near(opened?.first_seen, 0)
    const after = await count(token)
    expect(after.by_severity.warning).toBe(before.by_severity.warning + 1)
    expect(after.open).toBe(before.open + 1)

    // The team's member (Clara) got one message in the demo mailbox.
    const mail = await sql<{ recipient: string; subject: string; body: string }>(
      `select o.recipient, o.subject, o.body from outbox o join users u using (user_id)
       where o.workflow = 'incident_email' and u.first_name = $1`,
      [accessDemo.group.member],
    )
    expect(mail).toHaveLength(1)
    expect(mail[0]?.subject).toBe(`[warning] ${rule.name}: ${accessDemo.door}`)
    expect(mail[0]?.body).toContain('Walk to the door and close it.')

    at(70)
    await simulate(sensor, 'door_held_open')
    expect((await incidentsOf(token, rule.name))[0]).toMatchObject({ count: 2, state: 'open' })
    at(80)
    expect((await simulate(sensor, 'door_closed')).status).toBe(200)
    const [closed] = await incidentsOf(token, rule.name)
    expect(closed).toMatchObject({
      state: 'resolved',
      resolution: 'condition_ended',
      resolved_by: null,
    })
    near(closed?.resolved_at, 80)
    expect((await count(token)).open).toBe(before.open)
    const rows = await journalOf(token, opened?.incident_id ?? 0)
    expect(rows.map((r) => [r.action, r.actor_id, r.changes.state])).toEqual([
      ['create', null, [null, 'open']],
      ['update', null, ['open', 'resolved']],
    ])

    // Closed before the threshold: nothing opens, however late the job looks.
    at(200)
    await simulate(sensor, 'door_held_open')
    at(230)
    await simulate(sensor, 'door_closed')
    at(400)
    await tick()
    expect(await incidentsOf(token, rule.name)).toHaveLength(1)
  })
})

describe('people handle an incident', () => {
  it('staff acknowledge and resolve with a note, each journaled with who; twice is 409', async () => {
    const orgadmin = await server().login(ORGADMIN)
    const staff = await server().login(STAFF)
    const place = await demoPlace()
    const rule = await createRule(orgadmin, {
      name: 'Forced at reception',
      event_types: ['door.forced_open'],
      scope: { kind: 'door', id: place.door_id },
      severity: 'critical',
    })
    await simulate(await sensorId(), 'door_forced_open')
    const [incident] = await incidentsOf(staff, rule.name)
    if (!incident) throw new Error('no incident opened')
    const path = `/sbm/v1/incidents/${incident.incident_id}`
    const acked = await server().request('POST', `${path}/acknowledge`, { token: staff })
    expect(acked.status).toBe(200)
    expect(shaped(acked.body, Incident)).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: { email: 'staff@demo.local' },
    })
    const again = await server().request('POST', `${path}/acknowledge`, { token: staff })
    expect(again.status).toBe(409)
    const resolved = await server().request('POST', `${path}/resolve`, {
      token: staff,
      json: { note: 'A delivery; the door is shut.' },
    })
    expect(shaped(resolved.body, Incident)).toMatchObject({
      state: 'resolved',
      resolution: 'person',
      resolved_by: { email: 'staff@demo.local' },
      note: 'A delivery; the door is shut.',
    })
    expect(
      (await server().request('POST', `${path}/resolve`, { token: staff, json: {} })).status,
    ).toBe(409)
    const rows = await journalOf(orgadmin, incident.incident_id)
    expect(rows.map((r) => [r.action, r.actor_email, r.changes.state])).toEqual([
      ['create', null, [null, 'open']],
      ['update', 'staff@demo.local', ['open', 'acknowledged']],
      ['update', 'staff@demo.local', ['acknowledged', 'resolved']],
    ])
    expect(rows[2]?.changes.note).toEqual(['', 'A delivery; the door is shut.'])
  })

  it('another organization’s rules and incidents answer 404; staff may not write rules', async () => {
    const orgadmin = await server().login(ORGADMIN)
    const globex = await server().login(GLOBEX)
    const place = await demoPlace()
    const rule = await createRule(orgadmin, {
      name: 'Forced, for Globex to miss',
      event_types: ['door.forced_open'],
      scope: { kind: 'door', id: place.door_id },
    })
    await simulate(await sensorId(), 'door_forced_open')
    const [incident] = await incidentsOf(orgadmin, rule.name)
    if (!incident) throw new Error('no incident opened')
    const rulePath = `/sbm/v1/alert-rules/${rule.rule_id}`
    expect((await server().request('GET', rulePath, { token: globex })).status).toBe(404)
    expect((await server().request('DELETE', rulePath, { token: globex })).status).toBe(404)
    const incidentPath = `/sbm/v1/incidents/${incident.incident_id}`
    expect((await server().request('GET', incidentPath, { token: globex })).status).toBe(404)
    expect(
      (await server().request('POST', `${incidentPath}/acknowledge`, { token: globex })).status,
    ).toBe(404)
    expect(await incidentsOf(globex, rule.name)).toEqual([])
    const staff = await server().login(STAFF)
    const refused = await server().request('POST', '/sbm/v1/alert-rules', {
      token: staff,
      json: {},
    })
    expect(refused.status).toBe(403)
  })
})

describe('a rule’s name', () => {
  it('is unique in its organization, letter case ignored: 409 at the name, as the form shows it', async () => {
    const orgadmin = await server().login(ORGADMIN)
    const place = await demoPlace()
    const rule = {
      name: 'Held open at reception',
      event_types: ['door.held_open'],
      scope: { kind: 'door', id: place.door_id },
    }
    await createRule(orgadmin, rule)
    const again = await server().request('POST', '/sbm/v1/alert-rules', {
      token: orgadmin,
      json: {
        ...rule,
        name: 'HELD OPEN AT RECEPTION',
        severity: 'warning',
        recipients: { user_ids: [], group_ids: [] },
        channels: ['console'],
      },
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      field: 'name',
      rule: 'taken',
      params: { subject: 'alert_rule' },
    })
  })
})

describe('a rule’s place holds what is inside it', () => {
  it('a floor holds its doors, a door its devices; another door holds neither', async () => {
    const token = await server().login(ORGADMIN)
    const place = await demoPlace()
    const sensor = await sensorId()
    const other = await one<{ door_id: number }>(
      'select door_id from doors where location_id = $1 and door_id <> $2 order by door_id desc limit 1',
      [place.location_id, place.door_id],
    )
    const floor = await createRule(token, {
      name: 'Forced on the ground floor',
      event_types: ['door.forced_open'],
      scope: { kind: 'floor', id: place.floor_id },
    })
    const elsewhere = await createRule(token, {
      name: 'Forced at another door',
      event_types: ['door.forced_open'],
      scope: { kind: 'door', id: other.door_id },
    })
    const device = await createRule(token, {
      name: 'Reception sensor offline',
      event_types: ['device.disconnected'],
      scope: { kind: 'door', id: place.door_id },
    })
    await simulate(sensor, 'door_forced_open')
    expect(await incidentsOf(token, floor.name)).toHaveLength(1)
    expect(await incidentsOf(token, elsewhere.name)).toEqual([])
    await simulate(sensor, 'disconnect')
    expect((await incidentsOf(token, device.name))[0]).toMatchObject({
      state: 'open',
      subject: { kind: 'device', id: sensor },
    })
    await simulate(sensor, 'connect')
    expect((await incidentsOf(token, device.name))[0]).toMatchObject({
      state: 'resolved',
      resolution: 'condition_ended',
    })
  })

  it('a battery below 30 % is one event per crossing', async () => {
    const token = await server().login(ORGADMIN)
    const place = await demoPlace()
    const sensor = await sensorId()
    const rule = await createRule(token, {
      name: 'Low batteries at Acme HQ',
      event_types: ['device.low_battery'],
      scope: { kind: 'location', id: place.location_id },
      severity: 'info',
    })
    await simulate(sensor, 'battery', { battery_level: 25 })
    await simulate(sensor, 'battery', { battery_level: 20 })
    expect((await incidentsOf(token, rule.name))[0]?.count).toBe(1)
    await simulate(sensor, 'battery', { battery_level: 80 })
    await simulate(sensor, 'battery', { battery_level: 10 })
    expect((await incidentsOf(token, rule.name))[0]?.count).toBe(2)
  })
})
