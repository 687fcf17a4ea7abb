import { describe, expect, it } from 'vitest'
import {
  DOOR_ATTENTION_PATH,
  DOOR_MODES_MAX,
  DOOR_MODES_NOW_PATH,
  DoorAttention,
  DoorModeNowList,
  doorModePath,
  doorOverridePath,
} from '../../src/contract/door-modes'
import { useModelServer } from './access-model-writes'
import { ADMIN, GLOBEX, ORGADMIN, shaped } from './helpers'

// The doors' modes now for the location tree (GET /doors/modes) and the dashboard's "Needs
// attention" (GET /doors/attention): what each door is and why, an override's unlock with its end,
// a lock the boundary did not reach, and nothing of another organization's.

// A poll of a minute: the test steps the job itself.
const { server, db, clock, model } = useModelServer({ lockdownPollMs: 60_000 })
let made = 0

async function acmeDoors() {
  const doors = await db().query<{
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
     where o.name = 'Acme' group by d.door_id order by d.door_id limit 2`,
  )
  const [withMode, without] = doors
  if (!withMode || !without) throw new Error('two Acme doors with a lock')
  await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
    withMode.location_id,
  ])
  const schedule = await model.schedule(withMode.organization_id, `Lobby hours ${++made}`, [
    { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '18:00' },
  ])
  return { withMode, without, schedule }
}

const modesOf = async (token: string, ids: string) => {
  const reply = await server().request('GET', `${DOOR_MODES_NOW_PATH}?door_ids=${ids}`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return shaped(reply.body, DoorModeNowList).items
}

const attention = async (token: string) => {
  const reply = await server().request('GET', DOOR_ATTENTION_PATH, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return shaped(reply.body, DoorAttention)
}

describe('doors’ modes now and what needs attention', () => {
  it('answers each door’s mode and layer, an override with its end, in scope only', async () => {
    const { withMode, without, schedule } = await acmeDoors()
    const token = await server().login(ADMIN)
    const put = await server().request('PUT', doorModePath(withMode.door_id), {
      token,
      json: { schedule_id: schedule.schedule_id },
    })
    expect(put.status).toBe(200)
    clock().set(new Date('2027-06-09T10:00:00Z')) // Wednesday 12:00 in Berlin
    const ids = `${withMode.door_id},${without.door_id}`
    expect(await modesOf(token, ids)).toEqual([
      {
        door_id: withMode.door_id,
        mode: 'unlocked',
        kind: 'schedule',
        until: null,
        not_reached: false,
      },
      {
        door_id: without.door_id,
        mode: 'locked',
        kind: 'default',
        until: null,
        not_reached: false,
      },
    ])
    expect(await modesOf(await server().login(GLOBEX), ids)).toEqual([])
    expect(await modesOf(await server().login(ORGADMIN), ids)).toHaveLength(2)

    const set = await server().request('POST', doorOverridePath(without.door_id), {
      token,
      json: { mode: 'unlocked', until: '2027-06-09T20:00', reason: 'Delivery' },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(201)
    expect((await modesOf(token, `${without.door_id}`))[0]).toMatchObject({
      mode: 'unlocked',
      kind: 'override',
      until: '2027-06-09T18:00:00.000Z',
    })
    const seen = await attention(await server().login(ORGADMIN))
    expect(seen.overridden).toContainEqual({
      door_id: without.door_id,
      door_name: without.name,
      location_id: without.location_id,
      location_name: expect.any(String) as string,
      mode: 'unlocked',
      until: '2027-06-09T18:00:00.000Z',
      reason: 'Delivery',
      by_email: ADMIN,
    })
    expect((await attention(await server().login(GLOBEX))).overridden).toEqual([])
    await server().request('DELETE', doorOverridePath(without.door_id), { token })
    expect((await attention(token)).overridden.map((o) => o.door_id)).not.toContain(without.door_id)
  })

  it('names a lock the boundary did not reach until it is seen again', async () => {
    const { withMode, schedule } = await acmeDoors()
    const token = await server().login(ADMIN)
    await server().request('PUT', doorModePath(withMode.door_id), {
      token,
      json: { schedule_id: schedule.schedule_id },
    })
    await db().query(
      `update devices set connected = false, lock_state = 'locked'
       where assignment_type = 'door' and assignment_id = $1`,
      [withMode.door_id],
    )
    try {
      clock().set(new Date('2027-06-10T05:30:00Z')) // Thursday 07:30: the 07:00 unlock is due
      await server().running.handle.services.doorModeJob.tick()
      expect((await modesOf(token, `${withMode.door_id}`))[0]).toMatchObject({
        mode: 'unlocked',
        not_reached: true,
      })
      const missed = (await attention(token)).not_reached.filter(
        (row) => row.door_id === withMode.door_id,
      )
      expect(missed).toContainEqual(
        expect.objectContaining({
          device_id: withMode.device_id,
          mode: 'unlocked',
          boundary: '2027-06-10T05:00:00.000Z',
        }),
      )
    } finally {
      await db().query(
        `update devices set connected = true where assignment_type = 'door' and assignment_id = $1`,
        [withMode.door_id],
      )
    }
    await server().running.handle.services.doorModeJob.tick()
    expect((await modesOf(token, `${withMode.door_id}`))[0]?.not_reached).toBe(false)
    expect((await attention(token)).not_reached.map((row) => row.door_id)).not.toContain(
      withMode.door_id,
    )
  })

  it('refuses door_ids that are missing, malformed or too many, naming door_ids', async () => {
    const token = await server().login(ADMIN)
    const many = Array.from({ length: DOOR_MODES_MAX + 1 }, (_, i) => i + 1).join(',')
    for (const ids of ['', 'a', '1,-2', '1.5', many]) {
      const reply = await server().request('GET', `${DOOR_MODES_NOW_PATH}?door_ids=${ids}`, {
        token,
      })
      expect(reply.status, ids).toBe(400)
      expect(reply.body).toMatchObject({ field: 'door_ids' })
    }
  })
})
