import { describe, expect, it } from 'vitest'
import {
  DOOR_ATTENTION_PATH,
  DOORS_PATH,
  DoorAttention,
  DoorModeSetting,
  DoorOverride,
  ModeTimeline,
  deviceModePath,
  deviceOverridePath,
  deviceTimelinePath,
  SnowDayPlan,
  snowDaysPath,
} from '../../src/contract/door-modes'
import { useModelServer } from './access-model-writes'
import { doorModeProbes } from './door-mode-probes'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, shaped } from './helpers'

// A lock with no door keeps its own mode (decision 072): the door's routes under /devices/{id},
// the same body and rules, journaled as `device_mode`; a lock on a door follows its door (409
// naming it). The mode job commands such a lock at its boundaries through the one command path,
// not reached while it is disconnected, and brings it back to its layers after a lockdown.

// A poll of a minute: the test steps the job itself (a write still wakes it).
const modelServer = useModelServer({ lockdownPollMs: 60_000 })
const { server, db, clock, model } = modelServer
const { step, lockState, jobAudits } = doorModeProbes(modelServer)
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
let made = 0

/** A new connected lock in an Acme room (on no door), Berlin time, hours 07:00–18:00, a group. */
async function fixture() {
  made += 1
  const [room] = await db().query<{
    room_id: number
    location_id: number
    organization_id: number
  }>(
    `select r.room_id, r.location_id, r.organization_id from rooms r
     join organizations o using (organization_id) where o.name = 'Acme'
     order by r.room_id limit 1`,
  )
  if (!room) throw new Error('no Acme room')
  await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
    room.location_id,
  ])
  const [lock] = await db().query<{ device_id: number }>(
    `insert into devices (organization_id, name, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, lock_state, assignment_type,
       assignment_id, location_id)
     select $1, $2, 'lock', min(manufacturer_id), $3, '{remotely_lock,remotely_unlock}', true,
       'unlocked', 'room', $4, $5
     from manufacturers returning device_id`,
    [
      room.organization_id,
      `Cupboard lock ${made}`,
      `SN-OWN-${made}`,
      room.room_id,
      room.location_id,
    ],
  )
  if (!lock) throw new Error('no lock')
  const schedule = await model.schedule(room.organization_id, `Lock hours ${made}`, [
    { days: [...weekdays], start: '07:00', end: '18:00' },
  ])
  const group = await model.group(room.organization_id, `Lock openers ${made}`)
  return { ...room, device_id: lock.device_id, schedule, group }
}

describe('a lock’s own mode', () => {
  it('has a seeded lock on no door at Acme HQ', async () => {
    const rows = await db().query<{ name: string; assignment_type: string }>(
      `select v.name, v.assignment_type from devices v join locations l using (location_id)
       where l.name = 'Acme HQ' and v.device_id_manufacturer = 'SN-LK-CUPBOARD'`,
    )
    expect(rows).toEqual([{ name: 'Lock – Reception cupboard', assignment_type: 'room' }])
  })

  it('is set, read, journaled and removed; out of scope and read-only callers are refused', async () => {
    const f = await fixture()
    const token = await server().login(ORGADMIN)
    const put = await server().request('PUT', deviceModePath(f.device_id), {
      token,
      json: { schedule_id: f.schedule.schedule_id, first_person_in_group_id: f.group.group_id },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(shaped(put.body, DoorModeSetting)).toMatchObject({
      door_id: null,
      device_id: f.device_id,
      schedule_id: f.schedule.schedule_id,
      schedule_name: f.schedule.name,
      first_person_in_group_name: f.group.name,
    })
    const read = await server().request('GET', deviceModePath(f.device_id), { token })
    expect(shaped(read.body, DoorModeSetting).device_id).toBe(f.device_id)
    // Moved onto a door it would follow the door: refused while it keeps its own.
    const [door] = await db().query<{ door_id: number }>(
      `select door_id from doors where location_id = $1 order by door_id limit 1`,
      [f.location_id],
    )
    const moved = await server().request('PUT', `/sbm/v1/devices/${f.device_id}`, {
      token,
      json: { assignment_type: 'door', assignment_id: door?.door_id, description: 'Moved' },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(409)
    expect(moved.body).toMatchObject({ field: 'assignment_id' })
    const globex = await server().login(GLOBEX)
    expect(
      (await server().request('GET', deviceModePath(f.device_id), { token: globex })).status,
    ).toBe(404)
    const auditor = await server().login(AUDITOR)
    const refused = await server().request('PUT', deviceModePath(f.device_id), {
      token: auditor,
      json: { schedule_id: f.schedule.schedule_id },
    })
    expect(refused.status).toBe(403)
    expect((await server().request('DELETE', deviceModePath(f.device_id), { token })).status).toBe(
      204,
    )
    expect((await server().request('GET', deviceModePath(f.device_id), { token })).status).toBe(404)
    const journal = await db().query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from journal where target_type = 'device_mode' and target_id = $1
       order by journal_id`,
      [f.device_id],
    )
    expect(journal.map((row) => row.action)).toEqual(['create', 'delete'])
    expect(journal[0]?.changes).toMatchObject({
      device_id: [null, f.device_id],
      schedule_id: [null, f.schedule.schedule_id],
    })
  })

  it('refuses a mode on a lock that hangs on a door, naming the door; and a device that cannot', async () => {
    const f = await fixture()
    const token = await server().login(ADMIN)
    const [onDoor] = await db().query<{ device_id: number; door_id: number; name: string }>(
      `select v.device_id, d.door_id, d.name from devices v
       join doors d on v.assignment_type = 'door' and d.door_id = v.assignment_id
       where d.name = 'Main entrance'`,
    )
    if (!onDoor) throw new Error('no lock on the main entrance')
    const refused = await server().request('PUT', deviceModePath(onDoor.device_id), {
      token,
      json: { schedule_id: f.schedule.schedule_id },
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      field: 'device_id',
      params: { door_id: onDoor.door_id, name: 'Main entrance' },
    })
    expect(
      (
        await server().request('POST', deviceOverridePath(onDoor.device_id), {
          token,
          json: { mode: 'unlocked', until: '2027-06-09T18:00', reason: 'Delivery' },
        })
      ).status,
    ).toBe(409)
    const [sensor] = await db().query<{ device_id: number }>(
      `select device_id from devices where assignment_type <> 'door'
         and not ('remotely_unlock' = any(capabilities)) order by device_id limit 1`,
    )
    if (!sensor) throw new Error('no device that cannot unlock')
    const cannot = await server().request('PUT', deviceModePath(sensor.device_id), {
      token,
      json: { schedule_id: f.schedule.schedule_id },
    })
    expect(cannot.status).toBe(422)
    const [globex] = await db().query<{ organization_id: number }>(
      `select organization_id from organizations where name = 'Globex'`,
    )
    const theirs = await model.schedule(globex?.organization_id ?? 0, `Globex lock hours ${made}`, [
      { days: ['mon'], start: '07:00', end: '08:00' },
    ])
    const bySchedule = await server().request('PUT', deviceModePath(f.device_id), {
      token,
      json: { schedule_id: theirs.schedule_id },
    })
    expect(bySchedule.status).toBe(409)
    expect(bySchedule.body).toMatchObject({ field: 'schedule_id' })
  })

  it('takes an override with the door’s rules, journaled, shown in its timeline', async () => {
    const f = await fixture()
    const token = await server().login(ADMIN)
    await server().request('PUT', deviceModePath(f.device_id), {
      token,
      json: { schedule_id: f.schedule.schedule_id },
    })
    clock().set(new Date('2027-06-09T04:00:00Z')) // Wednesday 06:00 in Berlin
    const past = await server().request('POST', deviceOverridePath(f.device_id), {
      token,
      json: { mode: 'unlocked', until: '2027-06-09T05:00', reason: 'Stock take' },
    })
    expect(past.status).toBe(400)
    expect(past.body).toMatchObject({ field: 'until' })
    const set = await server().request('POST', deviceOverridePath(f.device_id), {
      token,
      json: { mode: 'unlocked', until: '2027-06-09T06:30', reason: 'Stock take' },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(201)
    const override = shaped(set.body, DoorOverride)
    expect(override).toMatchObject({ door_id: null, device_id: f.device_id, mode: 'unlocked' })
    const timeline = await server().request('GET', deviceTimelinePath(f.device_id), { token })
    const answer = shaped(timeline.body, ModeTimeline)
    expect(answer).toMatchObject({
      door_id: null,
      device_id: f.device_id,
      time_zone: 'Europe/Berlin',
      mode: 'unlocked',
      layer: { kind: 'override', name: 'Stock take', until: '2027-06-09T04:30:00.000Z' },
    })
    // Its end: the schedule's 07:00 unlock follows a locked half hour.
    expect(answer.changes.slice(0, 2).map((c) => [c.at, c.mode, c.layer.kind])).toEqual([
      ['2027-06-09T04:30:00.000Z', 'locked', 'schedule'],
      ['2027-06-09T05:00:00.000Z', 'unlocked', 'schedule'],
    ])
    expect(
      (await server().request('DELETE', deviceOverridePath(f.device_id), { token })).status,
    ).toBe(204)
    const journal = await db().query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from journal where target_type = 'door_override' and target_id = $1
       order by journal_id`,
      [override.override_id],
    )
    expect(journal.map((row) => row.action)).toEqual(['create', 'update'])
    expect(journal[0]?.changes).toMatchObject({ device_id: [null, f.device_id] })

    // A lockdown over the lock's place refuses a new unlock override with its rule's 409.
    const [lockdown] = await db().query<{ lockdown_id: number }>(
      `insert into lockdowns (organization_id, scope_type, scope_id, scope_name, reason,
         started_by, started_by_email)
       values ($1, 'location', $2, 'Lock test', 'drill', 1, 'admin@demo.local')
       returning lockdown_id`,
      [f.organization_id, f.location_id],
    )
    try {
      const during = await server().request('POST', deviceOverridePath(f.device_id), {
        token,
        json: { mode: 'unlocked', until: '2027-06-09T08:00', reason: 'During' },
      })
      expect(during.status).toBe(409)
      expect(during.body).toMatchObject({ rule: 'lockdown' })
    } finally {
      await db().query(
        `update lockdowns set released_at = now(), request_by = 2, released_by = 1,
           released_by_email = 'admin@demo.local' where lockdown_id = $1`,
        [lockdown?.lockdown_id],
      )
    }
  })

  it('is commanded by the job at its boundaries, not reached while away, back after a lockdown', async () => {
    const f = await fixture()
    const token = await server().login(ADMIN)
    await server().request('PUT', deviceModePath(f.device_id), {
      token,
      json: { schedule_id: f.schedule.schedule_id },
    })
    await step('2027-06-09T04:00:00Z') // Wednesday 06:00 in Berlin: outside the hours
    expect(await lockState(f.device_id)).toBe('locked')
    await step('2027-06-09T05:00:00Z') // 07:00
    expect(await lockState(f.device_id)).toBe('unlocked')
    await step('2027-06-09T05:00:30Z')
    const audits = await jobAudits(f.device_id)
    expect(audits.map((a) => `${a.command}:${a.result}`)).toEqual([
      'lock:success',
      'unlock:success',
    ])
    expect(audits[1]?.detail_params).toMatchObject({
      layer: 'schedule',
      schedule_id: f.schedule.schedule_id,
    })

    // "Keep locked until 09:00": the override is named in the job's row.
    const kept = await server().request('POST', deviceOverridePath(f.device_id), {
      token,
      json: { mode: 'locked', until: '2027-06-09T09:00', reason: 'Cleaning' },
    })
    expect(kept.status).toBe(201)
    await step('2027-06-09T05:10:00Z')
    expect(await lockState(f.device_id)).toBe('locked')
    expect((await jobAudits(f.device_id)).at(-1)?.detail_params).toMatchObject({
      layer: 'override',
      override_id: shaped(kept.body, DoorOverride).override_id,
    })
    await step('2027-06-09T07:00:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')

    // Not connected at 18:00: not reached, listed on its timeline, commanded when seen again.
    await db().query('update devices set connected = false where device_id = $1', [f.device_id])
    await step('2027-06-09T16:00:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    const away = await server().request('GET', deviceTimelinePath(f.device_id), { token })
    expect(shaped(away.body, ModeTimeline).not_reached).toEqual([f.device_id])
    const attention = await server().request('GET', DOOR_ATTENTION_PATH, { token })
    expect(
      shaped(attention.body, DoorAttention).not_reached.filter(
        (lock) => lock.device_id === f.device_id,
      ),
    ).toEqual([
      expect.objectContaining({
        door_id: null,
        door_name: null,
        location_id: f.location_id,
        mode: 'locked',
      }),
    ])
    await db().query('update devices set connected = true where device_id = $1', [f.device_id])
    await step('2027-06-09T16:05:00Z')
    expect(await lockState(f.device_id)).toBe('locked')

    // A person's Unlock holds until the next boundary, as on a door.
    clock().set(new Date('2027-06-09T18:00:00Z'))
    const unlock = await server().request(
      'POST',
      `/access/v1/devices/${f.device_id}/control/unlock`,
      { token, headers: { 'idempotency-key': `lock-mode-${Date.now()}` } },
    )
    expect(unlock.status, JSON.stringify(unlock.body)).toBe(200)
    await step('2027-06-09T18:01:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    const held = await server().request('GET', deviceTimelinePath(f.device_id), { token })
    expect(shaped(held.body, ModeTimeline).layer).toMatchObject({
      kind: 'command',
      until: '2027-06-10T05:00:00.000Z',
    })

    // Thursday 08:00, in its hours: a lockdown locks it, its release brings the hours back.
    await step('2027-06-10T06:00:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    const [lockdown] = await db().query<{ lockdown_id: number }>(
      `insert into lockdowns (organization_id, scope_type, scope_id, scope_name, reason,
         started_by, started_by_email)
       values ($1, 'location', $2, 'Lock test', 'drill', 1, 'admin@demo.local')
       returning lockdown_id`,
      [f.organization_id, f.location_id],
    )
    // The lockdown's own job locks it; the mode job leaves a lock under a lockdown alone.
    await db().query(`update devices set lock_state = 'locked' where device_id = $1`, [f.device_id])
    const before = (await jobAudits(f.device_id)).length
    await step('2027-06-10T06:30:00Z')
    expect(await lockState(f.device_id)).toBe('locked')
    expect(await jobAudits(f.device_id)).toHaveLength(before)
    await db().query(
      `update lockdowns set released_at = now(), request_by = 2, released_by = 1,
         released_by_email = 'admin@demo.local' where lockdown_id = $1`,
      [lockdown?.lockdown_id],
    )
    await step('2027-06-10T06:35:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    await step('2027-06-10T06:36:00Z')
    expect(await jobAudits(f.device_id)).toHaveLength(before + 1)
  })

  it('opens on the first person in at its location, naming who', async () => {
    const f = await fixture()
    const token = await server().login(ADMIN)
    await server().request('PUT', deviceModePath(f.device_id), {
      token,
      json: { schedule_id: f.schedule.schedule_id, first_person_in_group_id: f.group.group_id },
    })
    await step('2027-06-11T06:00:00Z') // Friday 08:00: in the hours, nobody in yet
    expect(await lockState(f.device_id)).toBe('locked')
    await db().query(`insert into door_mode_entries (device_id, at, user_id) values ($1, $2, $3)`, [
      f.device_id,
      '2027-06-11T06:30:00Z',
      4,
    ])
    await step('2027-06-11T06:31:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    expect((await jobAudits(f.device_id)).at(-1)?.detail_params).toMatchObject({
      layer: 'schedule',
      opened_by: 4,
    })
  })

  it('is among what a snow day at its place changes, in the dry run', async () => {
    const f = await fixture()
    const token = await server().login(ADMIN)
    await server().request('PUT', deviceModePath(f.device_id), {
      token,
      json: { schedule_id: f.schedule.schedule_id },
    })
    clock().set(new Date('2027-06-08T10:00:00Z'))
    const reply = await server().request('POST', `${snowDaysPath(f.location_id)}?dry_run=true`, {
      token,
      json: { date: '2027-06-10', kind: 'close_early', time: '15:00', reason: 'Storm' },
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(shaped(reply.body, SnowDayPlan).doors).toContainEqual({
      door_id: null,
      device_id: f.device_id,
      door_name: `Cupboard lock ${made}`,
      before: [
        { at: '2027-06-10T05:00:00.000Z', mode: 'unlocked' },
        { at: '2027-06-10T16:00:00.000Z', mode: 'locked' },
      ],
      after: [
        { at: '2027-06-10T05:00:00.000Z', mode: 'unlocked' },
        { at: '2027-06-10T13:00:00.000Z', mode: 'locked' },
      ],
    })
  })

  it('leaves the door routes as they were: a door’s timeline names no device', async () => {
    const token = await server().login(ADMIN)
    const [door] = await db().query<{ door_id: number }>(
      `select door_id from doors where name = 'Loading dock'`,
    )
    const reply = await server().request('GET', `${DOORS_PATH}/${door?.door_id}/mode-timeline`, {
      token,
    })
    expect(shaped(reply.body, ModeTimeline)).toMatchObject({
      door_id: door?.door_id,
      device_id: null,
    })
  })
})
