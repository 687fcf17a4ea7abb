import { describe, expect, it } from 'vitest'
import {
  ModeTimeline,
  SNOW_DAYS_PATH,
  SnowDayList,
  SnowDayPlan,
  doorModePath,
  doorTimelinePath,
  snowDaysPath,
} from '../../src/contract/door-modes'
import { useModelServer } from './access-model-writes'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, shaped } from './helpers'

// Snow days (decision 071): a dry run that names the doors whose day changes and saves nothing, a
// save that journals it and moves the door's day (the timeline and the lock), refusals naming the
// field, one snow day of a kind per place and date, and one that has passed staying.

const { server, db, clock, model } = useModelServer({ lockdownPollMs: 60_000 })
let made = 0

/** An Acme door with one connected lock, its building on Berlin time, 07:00–18:00 on weekdays. */
async function fixture() {
  made += 1
  const [door] = await db().query<{
    door_id: number
    name: string
    location_id: number
    organization_id: number
    device_id: number
  }>(
    `select d.door_id, d.name, d.location_id, d.organization_id, min(v.device_id) as device_id
     from doors d join organizations o using (organization_id)
       join devices v on v.assignment_type = 'door' and v.assignment_id = d.door_id
         and v.capabilities @> '{remotely_lock,remotely_unlock}'
     where o.name = 'Acme' group by d.door_id order by d.door_id limit 1`,
  )
  if (!door) throw new Error('no Acme door with a lock')
  await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
    door.location_id,
  ])
  await db().query(`update devices set connected = true where device_id = $1`, [door.device_id])
  const schedule = await model.schedule(door.organization_id, `Snow hours ${made}`, [
    { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '18:00' },
  ])
  const token = await server().login(ADMIN)
  const put = await server().request('PUT', doorModePath(door.door_id), {
    token,
    json: { schedule_id: schedule.schedule_id },
  })
  expect(put.status, JSON.stringify(put.body)).toBe(200)
  return { door, token }
}

const openLate = { date: '2027-06-09', kind: 'open_late', time: '10:00', reason: 'Snow' }

async function post(token: string, locationId: number, json: object, dryRun = false) {
  const query = dryRun ? '?dry_run=true' : ''
  return server().request('POST', `${snowDaysPath(locationId)}${query}`, { token, json })
}

async function list(token: string, locationId: number) {
  const reply = await server().request('GET', snowDaysPath(locationId), { token })
  expect(reply.status).toBe(200)
  return shaped(reply.body, SnowDayList).items
}

describe('snow days', () => {
  it('dry-runs, saves, moves the door’s day and is removed, journaled', async () => {
    const { door, token } = await fixture()
    clock().set(new Date('2027-06-08T10:00:00Z')) // Tuesday noon in Berlin
    const dry = await post(token, door.location_id, openLate, true)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    const plan = shaped(dry.body, SnowDayPlan)
    expect(plan).toMatchObject({ dry_run: true, snow_day: null, time_zone: 'Europe/Berlin' })
    expect(plan.doors).toContainEqual({
      door_id: door.door_id,
      device_id: null,
      door_name: door.name,
      before: [
        { at: '2027-06-09T05:00:00.000Z', mode: 'unlocked' },
        { at: '2027-06-09T16:00:00.000Z', mode: 'locked' },
      ],
      after: [
        { at: '2027-06-09T08:00:00.000Z', mode: 'unlocked' },
        { at: '2027-06-09T16:00:00.000Z', mode: 'locked' },
      ],
    })
    expect(await list(token, door.location_id)).toEqual([])

    const saved = await post(token, door.location_id, openLate)
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    const done = shaped(saved.body, SnowDayPlan)
    expect(done).toMatchObject({
      dry_run: false,
      snow_day: { location_id: door.location_id, date: '2027-06-09', kind: 'open_late' },
    })
    expect(done.doors).toEqual(plan.doors)
    expect(done.unchanged).toBe(plan.unchanged)
    const snowDayId = done.snow_day?.snow_day_id
    expect((await list(token, door.location_id)).map((d) => d.snow_day_id)).toEqual([snowDayId])

    // 08:00 on the day: the snow day keeps the door locked until 10:00, and the lock with it.
    clock().set(new Date('2027-06-09T06:00:00Z'))
    await server().running.handle.services.doorModeJob.tick()
    const timeline = await server().request('GET', doorTimelinePath(door.door_id), { token })
    const day = shaped(timeline.body, ModeTimeline)
    expect(day).toMatchObject({
      mode: 'locked',
      layer: { kind: 'snow_day', snow_day_id: snowDayId, name: 'Snow' },
    })
    expect(day.changes[0]).toMatchObject({ at: '2027-06-09T08:00:00.000Z', mode: 'unlocked' })
    const [lock] = await db().query<{ lock_state: string }>(
      'select lock_state from devices where device_id = $1',
      [door.device_id],
    )
    expect(lock?.lock_state).toBe('locked')

    clock().set(new Date('2027-06-08T10:00:00Z'))
    const gone = await server().request('DELETE', `${SNOW_DAYS_PATH}/${snowDayId}`, { token })
    expect(gone.status).toBe(204)
    expect(await list(token, door.location_id)).toEqual([])
    const journal = await db().query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from journal where target_type = 'snow_day' and target_id = $1
       order by journal_id`,
      [snowDayId],
    )
    expect(journal.map((row) => row.action)).toEqual(['create', 'delete'])
    expect(journal[0]?.changes).toMatchObject({
      date: [null, '2027-06-09'],
      kind: [null, 'open_late'],
      time: [null, '10:00'],
      reason: [null, 'Snow'],
    })
  })

  it('leaves a door closed that day anyway out, and counts it unchanged', async () => {
    const { door, token } = await fixture()
    clock().set(new Date('2027-06-08T10:00:00Z'))
    const saturday = await post(token, door.location_id, { ...openLate, date: '2027-06-12' }, true)
    const plan = shaped(saturday.body, SnowDayPlan)
    expect(plan.doors.map((d) => d.door_id)).not.toContain(door.door_id)
    expect(plan.unchanged).toBeGreaterThanOrEqual(1)
    const early = await post(
      token,
      door.location_id,
      { date: '2027-06-10', kind: 'close_early', time: '15:00', reason: 'Storm' },
      true,
    )
    expect(shaped(early.body, SnowDayPlan).doors).toContainEqual(
      expect.objectContaining({
        door_id: door.door_id,
        after: [
          { at: '2027-06-10T05:00:00.000Z', mode: 'unlocked' },
          { at: '2027-06-10T13:00:00.000Z', mode: 'locked' },
        ],
      }),
    )
  })

  it('refuses bad input naming the field, a duplicate with 409 on date, others’ places', async () => {
    const { door, token } = await fixture()
    clock().set(new Date('2027-06-08T21:30:00Z')) // Tuesday 23:30 in Berlin
    const refused = async (json: object, status: number, field: string, dryRun = false) => {
      const reply = await post(token, door.location_id, json, dryRun)
      expect(reply.status, JSON.stringify(reply.body)).toBe(status)
      expect(reply.body).toMatchObject({ field })
    }
    await refused({ ...openLate, date: '2027-06-07' }, 400, 'date')
    await refused({ ...openLate, date: '2027-02-30' }, 400, 'date')
    await refused({ ...openLate, kind: 'all_day' }, 400, 'kind')
    await refused({ ...openLate, time: '24:00' }, 400, 'time')
    await refused({ ...openLate, time: '7:00' }, 400, 'time')
    await refused({ ...openLate, reason: ' ' }, 400, 'reason')
    const maybe = await server().request('POST', `${snowDaysPath(door.location_id)}?dry_run=yes`, {
      token,
      json: openLate,
    })
    expect(maybe.status).toBe(400)
    expect(maybe.body).toMatchObject({ field: 'dry_run' })
    // The place's today (Tuesday) is allowed though UTC is already past it.
    const today = await post(token, door.location_id, { ...openLate, date: '2027-06-08' })
    expect(today.status, JSON.stringify(today.body)).toBe(201)
    expect((await post(token, door.location_id, openLate)).status).toBe(201)
    await refused(openLate, 409, 'date')
    await refused(openLate, 409, 'date', true)
    const other = await post(token, door.location_id, { ...openLate, kind: 'close_early' })
    expect(other.status).toBe(201)

    const globex = await post(await server().login(GLOBEX), door.location_id, openLate, true)
    expect(globex.status).toBe(404)
    const auditor = await post(await server().login(AUDITOR), door.location_id, openLate, true)
    expect(auditor.status).toBe(403)
    expect(await list(await server().login(ORGADMIN), door.location_id)).toHaveLength(3)

    // A snow day that has passed stays.
    const passed = shaped(today.body, SnowDayPlan).snow_day?.snow_day_id
    clock().set(new Date('2027-06-09T08:00:00Z'))
    const stays = await server().request('DELETE', `${SNOW_DAYS_PATH}/${passed}`, { token })
    expect(stays.status).toBe(409)
    expect(stays.body).toMatchObject({ field: 'date' })
    const theirs = await server().request('DELETE', `${SNOW_DAYS_PATH}/${passed}`, {
      token: await server().login(GLOBEX),
    })
    expect(theirs.status).toBe(404)
  })
})
