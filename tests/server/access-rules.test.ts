import { describe, expect, it } from 'vitest'
import { ACCESS_PATH, AccessAnswer } from '../../src/contract/access'
import { User } from '../../src/contract/users'
import { useModelServer } from './access-model-writes'
import { ADMIN, shaped } from './helpers'

// "Who can open" through groups and rules (decision 065): a rule giving a group a floor on a
// schedule in the building's zone lists the group's members on the floor's doors, with the chain
// rule → group (member since) → interval or exception; a time zone asked for only changes how the
// answer's instants are written (decision 067); a past answer is the one given then.

const { server, db, clock, model } = useModelServer()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
let made = 0

/** An Acme door's floor in a building on Berlin time, a person, and a group with her in it. */
async function fixture() {
  const [door] = await db().query<{
    door_id: number
    floor_id: number
    location_id: number
    organization_id: number
  }>(
    `select d.door_id, d.floor_id, d.location_id, d.organization_id
     from doors d join organizations o using (organization_id)
     where o.name = 'Acme' and exists (select 1 from devices v
       where v.assignment_type = 'door' and v.assignment_id = d.door_id)
     order by d.door_id limit 1`,
  )
  if (!door) throw new Error('no Acme door with a device')
  const [elsewhere] = await db().query<{ door_id: number }>(
    `select door_id from doors where location_id = $1 and floor_id <> $2 order by door_id limit 1`,
    [door.location_id, door.floor_id],
  )
  const [device] = await db().query<{ device_id: number }>(
    `select device_id from devices where assignment_type = 'door' and assignment_id = $1`,
    [door.door_id],
  )
  if (!elsewhere || !device) throw new Error('no door on another floor')
  await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
    door.location_id,
  ])
  made += 1
  const created = await server().request('POST', '/org/v1/users', {
    token: await server().login(ADMIN),
    json: {
      organization_id: door.organization_id,
      username: `rules.${made}`,
      email: `rules.${made}@acme.example`,
      first_name: 'Rule',
      last_name: `Person ${made}`,
      roles: ['staff'],
      permissions: ['users:read:org'],
      client_ids: ['acme-web'],
    },
  })
  expect(created.status).toBe(201)
  const user = shaped(created.body, User)
  const org = door.organization_id
  const group = await model.group(org, `Front desk ${made}`)
  await model.join(group.group_id, user.user_id, { valid_from: '2026-01-01T00:00:00Z' })
  return { door, elsewhere, device: device.device_id, user, org, group }
}

async function ask(query: string) {
  const reply = await server().request('GET', `${ACCESS_PATH}?${query}`, {
    token: await server().login(ADMIN),
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return shaped(reply.body, AccessAnswer)
}

const at = (iso: string) => `at=${encodeURIComponent(iso)}`

describe('who can open, through groups and rules', () => {
  it('names a group’s members where its rule opens, with the rule, group, member since and interval', async () => {
    const { door, elsewhere, device, user, org, group } = await fixture()
    const holidays = await model.calendar(org, `Holidays ${made}`, [
      { name: 'Closed Thursday', date: '2027-06-10', effect: 'closed' },
      { name: 'Open Saturday', date: '2027-06-12', start: '10:00', end: '12:00', effect: 'open' },
    ])
    const hours = await model.schedule(
      org,
      `Business hours ${made}`,
      [{ days: [...weekdays], start: '07:00', end: '19:00' }],
      [holidays.calendar_id],
    )
    const rule = await model.rule({
      organization_id: org,
      name: `Front desk floor ${made}`,
      group_ids: [group.group_id],
      targets: [{ type: 'floor', id: door.floor_id }],
      schedule_id: hours.schedule_id,
    })
    const names = (answer: AccessAnswer) => answer.people.map((p) => p.user_id)
    // Wednesday 10:00 in Berlin (08:00 UTC, summer time).
    const open = await ask(`door_id=${door.door_id}&${at('2027-06-09T08:00:00Z')}`)
    expect(open.time_zone).toBe('Europe/Berlin')
    expect(open.place_time_zone).toBe('Europe/Berlin')
    expect(open.at).toBe('2027-06-09T10:00:00.000+02:00')
    expect(open.people.find((p) => p.user_id === user.user_id)).toMatchObject({
      grant_count: 1,
      grants: [
        {
          kind: 'rule',
          rule_id: rule.rule_id,
          rule_name: rule.name,
          group_id: group.group_id,
          group_name: group.name,
          member_since: '2026-01-01T01:00:00.000+01:00',
          schedule_id: hours.schedule_id,
          schedule_name: hours.name,
          interval: { days: [...weekdays], start: '07:00', end: '19:00' },
          exception: null,
          via_type: 'floor',
          via_id: door.floor_id,
        },
      ],
    })
    // The building and the lock on the door too; a door on another floor not.
    expect(
      names(await ask(`location_id=${door.location_id}&${at('2027-06-09T08:00:00Z')}`)),
    ).toContain(user.user_id)
    expect(names(await ask(`device_id=${device}&${at('2027-06-09T08:00:00Z')}`))).toContain(
      user.user_id,
    )
    expect(
      names(await ask(`door_id=${elsewhere.door_id}&${at('2027-06-09T08:00:00Z')}`)),
    ).not.toContain(user.user_id)
    // 19:00 in Berlin, the closed Thursday, and a Saturday outside the open exception: nobody.
    for (const closed of ['2027-06-09T17:00:00Z', '2027-06-10T08:00:00Z', '2027-06-12T07:00:00Z'])
      expect(names(await ask(`door_id=${door.door_id}&${at(closed)}`)), closed).not.toContain(
        user.user_id,
      )
    // Saturday 11:00 in Berlin: the open exception, by name.
    const saturday = await ask(`door_id=${door.door_id}&${at('2027-06-12T09:00:00Z')}`)
    expect(saturday.people.find((p) => p.user_id === user.user_id)?.grants).toEqual([
      expect.objectContaining({ exception: 'Open Saturday', interval: null }),
    ])
  })

  it('reads the schedule on the place’s clock; a zone asked for only writes the answer in it', async () => {
    const { door, user, org, group } = await fixture()
    const night = await model.schedule(org, `Night shift ${made}`, [
      { days: ['fri'], start: '22:00', end: '06:00' },
    ])
    await model.rule({
      organization_id: org,
      name: `Night door ${made}`,
      group_ids: [group.group_id],
      targets: [{ type: 'door', id: door.door_id }],
      schedule_id: night.schedule_id,
    })
    // Saturday 03:00 in Berlin belongs to Friday's night shift: asked now, on the test clock.
    clock().set(new Date('2027-06-12T01:00:00Z'))
    const berlin = await ask(`door_id=${door.door_id}`)
    const newYork = await ask(`door_id=${door.door_id}&time_zone=America%2FNew_York`)
    // The clock goes on from the moment set: a few milliseconds later.
    expect(berlin.at).toMatch(/^2027-06-12T03:00:00\.\d{3}\+02:00$/)
    expect(newYork.at).toMatch(/^2027-06-11T21:00:00\.\d{3}-04:00$/)
    expect([newYork.time_zone, newYork.place_time_zone]).toEqual([
      'America/New_York',
      'Europe/Berlin',
    ])
    for (const answer of [berlin, newYork])
      expect(answer.people.map((p) => p.user_id)).toContain(user.user_id)
    const grant = newYork.people.find((p) => p.user_id === user.user_id)?.grants[0]
    expect(grant?.member_since).toBe('2025-12-31T19:00:00.000-05:00')
    // Saturday 07:00 in Berlin: the shift is over, whatever zone the answer is written in.
    clock().set(new Date('2027-06-12T05:00:00Z'))
    expect(
      (await ask(`door_id=${door.door_id}&time_zone=UTC`)).people.map((p) => p.user_id),
    ).not.toContain(user.user_id)
  })

  it('keeps to the membership’s window and leaves out the disabled', async () => {
    const { door, user, org, group } = await fixture()
    await model.rule({
      organization_id: org,
      name: `Any time ${made}`,
      group_ids: [group.group_id],
      targets: [{ type: 'location', id: door.location_id }],
    })
    const who = async (iso: string) =>
      (await ask(`door_id=${door.door_id}&${at(iso)}`)).people.map((p) => p.user_id)
    await model.join(group.group_id, user.user_id, {
      valid_from: '2027-03-01T00:00:00Z',
      valid_until: '2027-04-01T00:00:00Z',
    })
    expect(await who('2027-02-28T23:59:59Z')).not.toContain(user.user_id)
    expect(await who('2027-03-01T00:00:00Z')).toContain(user.user_id)
    expect(await who('2027-04-01T00:00:00Z')).not.toContain(user.user_id)
    const disabled = await server().request('PUT', `/org/v1/users/${user.user_id}`, {
      token: await server().login(ADMIN),
      json: { disabled: true },
    })
    expect(disabled.status).toBe(200)
    expect(await who('2027-03-15T00:00:00Z')).not.toContain(user.user_id)
  })

  it('answers a past moment as it was answered then, after the member, rule and schedule changed', async () => {
    const { door, user, org, group } = await fixture()
    const rule = await model.rule({
      organization_id: org,
      name: `Always ${made}`,
      group_ids: [group.group_id],
      targets: [{ type: 'door', id: door.door_id }],
    })
    await sleep(5)
    const before = await ask(`door_id=${door.door_id}`)
    expect(before.people.map((p) => p.user_id)).toContain(user.user_id)
    await sleep(5)
    // A schedule that never opens now (a day that is not today), then the rule renamed onto it,
    // then the person out of the group.
    const today = new Date().getUTCDay()
    const closedDay = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[(today + 3) % 7]
    const later = await model.schedule(org, `Later ${made}`, [
      { days: [closedDay], start: '10:00', end: '11:00' },
    ])
    await model.changeRule(rule.rule_id, {
      name: `Renamed ${made}`,
      schedule_id: later.schedule_id,
    })
    await model.leave(group.group_id, user.user_id)
    await model.renameGroup(group.group_id, `Renamed group ${made}`)
    await sleep(5)
    const now = await ask(`door_id=${door.door_id}`)
    expect(now.people.map((p) => p.user_id)).not.toContain(user.user_id)
    const then = await ask(`door_id=${door.door_id}&${at(before.at)}`)
    expect(then.people).toEqual(before.people)
    expect(then.people_count).toBe(before.people_count)
  })
})
