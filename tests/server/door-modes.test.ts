import { afterEach, describe, expect, it } from 'vitest'
import {
  DOORS_PATH,
  DoorModeSetting,
  DoorOverride,
  ModeTimeline,
} from '../../src/contract/door-modes'
import { modelWrites } from './access-model-writes'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, shaped, useServer } from './helpers'

// Door modes through the API (decision 069): a door's mode schedule, overrides with their bad
// inputs, the lockdown's refusal of an unlock override, and the timeline that says why, on the
// place's clock moved by the test.

const server = useServer()
const db = () => server().running.handle.services.db
const clock = () => server().running.handle.services.clock
afterEach(() => clock().set(null))
const model = modelWrites(server, () => server().login(ADMIN))

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
const modePath = (id: number) => `${DOORS_PATH}/${id}/mode`
const overridePath = (id: number) => `${DOORS_PATH}/${id}/override`
const timelinePath = (id: number) => `${DOORS_PATH}/${id}/mode-timeline`
let made = 0

/** An Acme door with a lock, its building on Berlin time, a schedule 07:00–18:00 and a group. */
async function fixture() {
  made += 1
  const [door] = await db().query<{
    door_id: number
    location_id: number
    organization_id: number
  }>(
    `select d.door_id, d.location_id, d.organization_id
     from doors d join organizations o using (organization_id)
     where o.name = 'Acme' and exists (select 1 from devices v where v.assignment_type = 'door'
       and v.assignment_id = d.door_id and 'remotely_unlock' = any(v.capabilities))
       and not exists (select 1 from door_modes m where m.door_id = d.door_id)
     order by d.door_id limit 1`,
  )
  if (!door) throw new Error('no Acme door with a lock')
  await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
    door.location_id,
  ])
  const schedule = await model.schedule(door.organization_id, `Door hours ${made}`, [
    { days: [...weekdays], start: '07:00', end: '18:00' },
  ])
  const group = await model.group(door.organization_id, `Openers ${made}`)
  return { door, schedule, group }
}

const admin = () => server().login(ADMIN)

async function timeline(doorId: number) {
  const reply = await server().request('GET', timelinePath(doorId), { token: await admin() })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return shaped(reply.body, ModeTimeline)
}

describe('a door mode schedule', () => {
  it('has two seeded doors on Acme HQ’s ground floor, each with a connected lock', async () => {
    const doors = await db().query<{ name: string; lock: string }>(
      `select d.name, v.device_type_id as lock from doors d
       join floors f using (floor_id) join locations l on l.location_id = d.location_id
       join devices v on v.assignment_type = 'door' and v.assignment_id = d.door_id
       where l.name = 'Acme HQ' and f.name = 'Ground floor'
         and d.name in ('Main entrance', 'Loading dock') and v.connected
       order by d.name`,
    )
    expect(doors).toEqual([
      { name: 'Loading dock', lock: 'lock' },
      { name: 'Main entrance', lock: 'lock' },
    ])
  })

  it('is set, read, journaled and removed; another organization sees none of it', async () => {
    const { door, schedule, group } = await fixture()
    const token = await server().login(ORGADMIN)
    const put = await server().request('PUT', modePath(door.door_id), {
      token,
      json: { schedule_id: schedule.schedule_id, first_person_in_group_id: group.group_id },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(shaped(put.body, DoorModeSetting)).toMatchObject({
      door_id: door.door_id,
      schedule_id: schedule.schedule_id,
      schedule_name: schedule.name,
      first_person_in_group_id: group.group_id,
      first_person_in_group_name: group.name,
    })
    const read = await server().request('GET', modePath(door.door_id), { token })
    expect(shaped(read.body, DoorModeSetting).schedule_id).toBe(schedule.schedule_id)
    const globex = await server().login(GLOBEX)
    expect((await server().request('GET', modePath(door.door_id), { token: globex })).status).toBe(
      404,
    )
    const auditor = await server().login(AUDITOR)
    const refused = await server().request('PUT', modePath(door.door_id), {
      token: auditor,
      json: { schedule_id: schedule.schedule_id },
    })
    expect(refused.status).toBe(403)
    const gone = await server().request('DELETE', modePath(door.door_id), { token })
    expect(gone.status).toBe(204)
    expect((await server().request('GET', modePath(door.door_id), { token })).status).toBe(404)
    const journal = await db().query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from journal where target_type = 'door_mode' and target_id = $1
       order by journal_id`,
      [door.door_id],
    )
    expect(journal.map((row) => row.action)).toEqual(['create', 'delete'])
    expect(journal[0]?.changes).toMatchObject({ schedule_id: [null, schedule.schedule_id] })
  })

  it('refuses a schedule or a group of another organization, naming the field', async () => {
    const { door, schedule } = await fixture()
    const [globex] = await db().query<{ organization_id: number }>(
      `select organization_id from organizations where name = 'Globex'`,
    )
    if (!globex) throw new Error('no Globex')
    const theirs = await model.schedule(globex.organization_id, `Globex hours ${made}`, [
      { days: ['mon'], start: '07:00', end: '08:00' },
    ])
    const theirGroup = await model.group(globex.organization_id, `Globex openers ${made}`)
    const token = await admin()
    const bySchedule = await server().request('PUT', modePath(door.door_id), {
      token,
      json: { schedule_id: theirs.schedule_id },
    })
    expect(bySchedule.status).toBe(409)
    expect(bySchedule.body).toMatchObject({ field: 'schedule_id' })
    const byGroup = await server().request('PUT', modePath(door.door_id), {
      token,
      json: { schedule_id: schedule.schedule_id, first_person_in_group_id: theirGroup.group_id },
    })
    expect(byGroup.status).toBe(409)
    expect(byGroup.body).toMatchObject({ field: 'first_person_in_group_id' })
  })
})

describe('overrides and the timeline', () => {
  it('answers the schedule, then an override until its end, then the schedule again', async () => {
    const { door, schedule } = await fixture()
    const token = await admin()
    await server().request('PUT', modePath(door.door_id), {
      token,
      json: { schedule_id: schedule.schedule_id },
    })
    clock().set(new Date('2027-06-09T10:00:00Z')) // Wednesday 12:00 in Berlin
    const before = await timeline(door.door_id)
    expect(before).toMatchObject({
      time_zone: 'Europe/Berlin',
      mode: 'unlocked',
      layer: { kind: 'schedule', schedule_id: schedule.schedule_id, name: schedule.name },
    })
    expect(before.changes[0]).toMatchObject({ at: '2027-06-09T16:00:00.000Z', mode: 'locked' })
    expect(before.changes).toHaveLength(10)

    const bad = async (json: object, field: string) => {
      const reply = await server().request('POST', overridePath(door.door_id), { token, json })
      expect(reply.status, JSON.stringify(reply.body)).toBe(400)
      expect(reply.body).toMatchObject({ field })
    }
    await bad({ mode: 'unlocked', until: '2027-06-09T09:00:00Z', reason: 'late' }, 'until')
    await bad({ mode: 'unlocked', until: '2027-06-17T09:00:00Z', reason: 'late' }, 'until')
    await bad({ mode: 'unlocked', until: '2027-06-09T20:00' }, 'reason')
    await bad({ mode: 'unlocked', until: '2027-06-09T20:00', reason: '  ' }, 'reason')

    // "Unlock until 20:00" on the place's clock: 18:00 UTC.
    const set = await server().request('POST', overridePath(door.door_id), {
      token,
      json: { mode: 'unlocked', until: '2027-06-09T20:00', reason: 'Evening event' },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(201)
    const override = shaped(set.body, DoorOverride)
    expect(override).toMatchObject({ kind: 'override', until: '2027-06-09T18:00:00.000Z' })
    clock().set(new Date('2027-06-09T17:00:00Z'))
    const during = await timeline(door.door_id)
    expect(during).toMatchObject({
      mode: 'unlocked',
      layer: {
        kind: 'override',
        override_id: override.override_id,
        name: 'Evening event',
        by_email: ADMIN,
      },
    })
    expect(during.under.map((l) => `${l.kind}:${l.mode}`)).toEqual([
      'schedule:locked',
      'default:locked',
    ])
    expect(during.changes[0]).toMatchObject({ at: '2027-06-09T18:00:00.000Z', mode: 'locked' })

    expect((await server().request('DELETE', overridePath(door.door_id), { token })).status).toBe(
      204,
    )
    expect(await timeline(door.door_id)).toMatchObject({
      mode: 'locked',
      layer: { kind: 'schedule' },
    })
    expect((await server().request('DELETE', overridePath(door.door_id), { token })).status).toBe(
      404,
    )
    const journal = await db().query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from journal where target_type = 'door_override' and target_id = $1
       order by journal_id`,
      [override.override_id],
    )
    expect(journal.map((row) => row.action)).toEqual(['create', 'update'])
    expect(journal[0]?.changes).toMatchObject({ reason: [null, 'Evening event'] })
    expect(Object.keys(journal[1]?.changes ?? {})).toEqual(['ended_at'])
  })

  it('refuses an unlock override during a lockdown with its 409, even to an override holder', async () => {
    const { door, schedule } = await fixture()
    const token = await admin()
    await server().request('PUT', modePath(door.door_id), {
      token,
      json: { schedule_id: schedule.schedule_id },
    })
    const [lockdown] = await db().query<{ lockdown_id: number }>(
      `insert into lockdowns (organization_id, scope_type, scope_id, scope_name, reason,
         started_by, started_by_email)
       select organization_id, 'location', location_id, name, 'drill', 1, 'admin@demo.local'
       from locations where location_id = $1 returning lockdown_id`,
      [door.location_id],
    )
    try {
      clock().set(new Date('2027-06-09T10:00:00Z'))
      const refused = await server().request('POST', overridePath(door.door_id), {
        token,
        json: { mode: 'unlocked', until: '2027-06-09T20:00', reason: 'Event' },
      })
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({
        rule: 'lockdown',
        params: { lockdown_id: lockdown?.lockdown_id },
      })
      const lock = await server().request('POST', overridePath(door.door_id), {
        token,
        json: { mode: 'locked', until: '2027-06-09T20:00', reason: 'Keep shut' },
      })
      expect(lock.status).toBe(201)
      const now = await timeline(door.door_id)
      const [location] = await db().query<{ name: string }>(
        'select name from locations where location_id = $1',
        [door.location_id],
      )
      expect(now.layer).toEqual({
        kind: 'lockdown',
        mode: 'locked',
        lockdown_id: lockdown?.lockdown_id,
        name: location?.name,
      })
      expect(now.under.map((l) => [l.kind, l.name])).toEqual([
        ['override', 'Keep shut'],
        ['schedule', schedule.name],
        ['default', undefined],
      ])
    } finally {
      await db().query(
        `update lockdowns set released_at = now(), request_by = 2, released_by = 1,
           released_by_email = 'admin@demo.local' where lockdown_id = $1`,
        [lockdown?.lockdown_id],
      )
    }
  })
})
