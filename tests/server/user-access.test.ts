import { describe, expect, it } from 'vitest'
import { Credential } from '../../src/contract/credentials'
import { UserAccessAnswer, userAccessPath } from '../../src/contract/pin-entry'
import { User } from '../../src/contract/users'
import { modelWrites } from './access-model-writes'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

// "Where can they go" (GET /access/v1/users/{id}/access, decision 067): every place a person's
// credentials and their groups' rules name, with the schedule, the zone and whether each grant
// opens at the moment asked about, now or as it was then.

const server = useServer()
const db = () => server().running.handle.services.db
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const model = modelWrites(server, () => server().login(ADMIN))

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const

async function fixture() {
  const admin = await server().login(ADMIN)
  const [door] = await db().query<{
    door_id: number
    floor_id: number
    location_id: number
    organization_id: number
  }>(
    `select d.door_id, d.floor_id, d.location_id, d.organization_id
     from doors d join organizations o using (organization_id)
     where o.name = 'Acme' order by d.door_id limit 1`,
  )
  if (!door) throw new Error('no Acme door')
  await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
    door.location_id,
  ])
  const created = await server().request('POST', '/org/v1/users', {
    token: admin,
    json: {
      organization_id: door.organization_id,
      username: 'where.pia',
      email: 'where.pia@acme.example',
      first_name: 'Pia',
      last_name: 'Where',
      roles: ['staff'],
      permissions: ['users:read:org'],
      client_ids: ['acme-web'],
    },
  })
  expect(created.status).toBe(201)
  const user = shaped(created.body, User)
  const org = door.organization_id
  const group = await model.group(org, 'Where front desk')
  await model.join(group.group_id, user.user_id, { valid_from: '2026-01-01T00:00:00Z' })
  const hours = await model.schedule(org, 'Where business hours', [
    { days: [...weekdays], start: '07:00', end: '19:00' },
  ])
  const rule = await model.rule({
    organization_id: org,
    name: 'Where ground floor',
    group_ids: [group.group_id],
    targets: [{ type: 'floor', id: door.floor_id }],
    schedule_id: hours.schedule_id,
  })
  // Her own credential on the door: mornings, 08:00–12:00 in Berlin, for two years.
  const granted = await server().request('POST', '/access/v1/credentials', {
    token: admin,
    json: {
      user_id: user.user_id,
      assignment_type: 'door',
      assignment_id: door.door_id,
      start_datetime: '2026-01-01T08:00:00+01:00',
      end_datetime: '2027-12-31T12:00:00+01:00',
      repetition: { type: 'daily' },
    },
  })
  expect(granted.status).toBe(201)
  const credential = shaped(granted.body, Credential)
  return { admin, door, user, group, hours, rule, credential }
}

async function where(token: string, userId: number, at?: string) {
  const query = at === undefined ? '' : `?at=${encodeURIComponent(at)}`
  const reply = await server().request('GET', `${userAccessPath(userId)}${query}`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return shaped(reply.body, UserAccessAnswer)
}

describe('where can they go', () => {
  it('lists the places of her credentials and her groups’ rules, each saying whether it opens then', async () => {
    const { admin, door, user, group, hours, rule, credential } = await fixture()
    // Wednesday 10:00 in Berlin: the rule's hours and the credential's morning.
    const wednesday = await where(admin, user.user_id, '2027-06-09T08:00:00Z')
    expect(wednesday.disabled).toBe(false)
    const floor = wednesday.places.find((p) => p.type === 'floor')
    expect(floor).toMatchObject({
      id: door.floor_id,
      location_id: door.location_id,
      time_zone: 'Europe/Berlin',
      grants: [
        {
          kind: 'rule',
          rule_id: rule.rule_id,
          rule_name: 'Where ground floor',
          group_id: group.group_id,
          group_name: 'Where front desk',
          member_since: '2026-01-01T01:00:00.000+01:00',
          member_until: null,
          schedule_id: hours.schedule_id,
          schedule_name: 'Where business hours',
          intervals: [{ days: [...weekdays], start: '07:00', end: '19:00' }],
          exception: null,
          valid_from: null,
          valid_until: null,
          open_now: true,
        },
      ],
    })
    expect(wednesday.places.find((p) => p.type === 'door')).toMatchObject({
      id: door.door_id,
      grants: [
        {
          kind: 'credential',
          credential_id: credential.credential_id,
          repetition: { type: 'daily' },
          valid_from: '2026-01-01T08:00:00.000+01:00',
          valid_until: '2027-12-31T12:00:00.000+01:00',
          open_now: true,
        },
      ],
    })
    // In the building's order: its floor, then the door.
    expect(wednesday.places.map((p) => p.type)).toEqual(['floor', 'door'])
    // 14:00 in Berlin: the rule opens, the morning credential does not.
    const afternoon = await where(admin, user.user_id, '2027-06-09T12:00:00Z')
    expect(afternoon.places.map((p) => p.grants.map((g) => g.open_now))).toEqual([[true], [false]])
    // Saturday 10:00: the daily credential only; at 14:00 neither.
    const saturday = await where(admin, user.user_id, '2027-06-12T08:00:00Z')
    expect(saturday.places.map((p) => p.grants.map((g) => g.open_now))).toEqual([[false], [true]])
    const later = await where(admin, user.user_id, '2027-06-12T12:00:00Z')
    expect(later.places.map((p) => p.grants.map((g) => g.open_now))).toEqual([[false], [false]])
  })

  it('answers a past moment as it was, and a disabled person opens nothing', async () => {
    const admin = await server().login(ADMIN)
    const [pia] = await db().query<{ user_id: number }>(
      `select user_id from users where email = 'where.pia@acme.example'`,
    )
    if (!pia) throw new Error('the first test makes Pia')
    const [membership] = await db().query<{ group_id: number }>(
      'select group_id from group_members where user_id = $1',
      [pia.user_id],
    )
    if (!membership) throw new Error('Pia is in no group')
    await sleep(5)
    const before = await where(admin, pia.user_id)
    await sleep(5)
    await model.leave(membership.group_id, pia.user_id)
    const put = await server().request('PUT', `/org/v1/users/${pia.user_id}`, {
      token: admin,
      json: { disabled: true },
    })
    expect(put.status).toBe(200)
    const now = await where(admin, pia.user_id)
    expect(now.disabled).toBe(true)
    expect(now.places.map((p) => p.type)).toEqual(['door'])
    expect(now.places.flatMap((p) => p.grants.map((g) => g.open_now))).toEqual([false])
    const then = await where(admin, pia.user_id, before.at)
    expect(then).toEqual({ ...before, at: then.at })
    expect(then.places.map((p) => p.type)).toEqual(['floor', 'door'])
  })

  it('keeps to the caller’s permissions and organization', async () => {
    const [pia] = await db().query<{ user_id: number }>(
      `select user_id from users where email = 'where.pia@acme.example'`,
    )
    if (!pia) throw new Error('the first test makes Pia')
    const ask = async (username: string, query = '') =>
      (
        await server().request('GET', `${userAccessPath(pia.user_id)}${query}`, {
          token: await server().login(username),
        })
      ).status
    const past = `?at=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}`
    expect(await ask(ORGADMIN, past)).toBe(200)
    expect(await ask(STAFF)).toBe(200)
    expect(await ask(STAFF, past)).toBe(403)
    expect(await ask(AUDITOR)).toBe(403)
    expect(await ask(GLOBEX)).toBe(404)
    expect(await ask(ORGADMIN, '?at=yesterday')).toBe(400)
    expect(await ask(ORGADMIN, '?at=2001-01-01T00:00:00Z')).toBe(409)
    const unknown = await server().request('GET', userAccessPath(2_147_483_647), {
      token: await server().login(ADMIN),
    })
    expect(unknown.status).toBe(404)
  })
})
