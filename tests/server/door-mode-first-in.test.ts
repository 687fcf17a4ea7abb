import { describe, expect, it } from 'vitest'
import { AuditPage } from '../../src/contract/audits'
import { ModeTimeline, doorModePath, doorTimelinePath } from '../../src/contract/door-modes'
import { DeviceSecretIssued, PersonPinIssued, PinEntryAnswer } from '../../src/contract/pin-entry'
import { accessDemo, doorModesDemo } from '../../server/db/seed-data'
import { useModelServer } from './access-model-writes'
import { ADMIN, shaped } from './helpers'

// First person in over HTTP, on the seed (decisions 066, 069): Main entrance keeps "Office hours"
// with first person in from "Reception team". In those hours the door stays locked until Clara's
// PIN is granted at the reception keypad of the same building; then the job unlocks the lock and
// its audit row names her as the one who opened the day.

const { server, db, clock } = useModelServer({ lockdownPollMs: 60_000 })

// Wednesday 9 June 2027, 08:30 in Berlin (CEST, UTC+2): inside Office hours (07:00–19:00).
const OFFICE_0830 = '2027-06-09T06:30:00.000Z'
const OFFICE_0840 = '2027-06-09T06:40:00.000Z'

async function seedIds() {
  const [row] = await db().query<{
    location_id: number
    door_id: number
    lock_id: number
    keypad_id: number
    clara: number
    clara_email: string
    group_id: number
    schedule_id: number
  }>(
    `select l.location_id, d.door_id, lock.device_id as lock_id, kp.device_id as keypad_id,
       u.user_id as clara, u.email as clara_email, g.group_id, s.schedule_id
     from locations l
       join doors d on d.location_id = l.location_id and d.name = $2
       join devices lock on lock.name = $3 and lock.assignment_type = 'door'
         and lock.assignment_id = d.door_id
       join devices kp on kp.name = $4
       join users u on u.first_name = $5 and u.organization_id = l.organization_id
       join access_groups g on g.name = $6 and g.organization_id = l.organization_id
       join schedules s on s.name = $7 and s.organization_id = l.organization_id
     where l.name = $1`,
    [
      doorModesDemo.location,
      doorModesDemo.doors[0].name,
      doorModesDemo.doors[0].lock.name,
      accessDemo.keypad.name,
      accessDemo.group.member,
      accessDemo.group.name,
      accessDemo.schedule.name,
    ],
  )
  if (!row) throw new Error('the seed has no Main entrance with its lock, keypad and Clara')
  return row
}

async function lockState(deviceId: number) {
  const [row] = await db().query<{ lock_state: string }>(
    'select lock_state from devices where device_id = $1',
    [deviceId],
  )
  return row?.lock_state
}

describe('first person in through a PIN entry', () => {
  it('keeps Main entrance locked in office hours until Clara’s PIN opens the day', async () => {
    const seed = await seedIds()
    const token = await server().login(ADMIN)
    await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
      seed.location_id,
    ])
    await db().query(`update devices set connected = true where device_id = any($1::int[])`, [
      [seed.lock_id, seed.keypad_id],
    ])
    const put = await server().request('PUT', doorModePath(seed.door_id), {
      token,
      json: { schedule_id: seed.schedule_id, first_person_in_group_id: seed.group_id },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)

    clock().set(new Date(OFFICE_0830))
    await server().running.handle.services.doorModeJob.tick()
    expect(await lockState(seed.lock_id)).toBe('locked')
    const waiting = await server().request('GET', doorTimelinePath(seed.door_id), { token })
    expect(shaped(waiting.body, ModeTimeline).layer).toMatchObject({
      kind: 'schedule',
      mode: 'locked',
      name: accessDemo.schedule.name,
      first_person_in: { group_id: seed.group_id, opened_by: null },
    })

    const pin = await server().request('POST', `/access/v1/users/${seed.clara}/pin`, { token })
    expect(pin.status, JSON.stringify(pin.body)).toBe(200)
    const secret = await server().request('POST', `/sbm/v1/devices/${seed.keypad_id}/secret`, {
      token,
    })
    expect(secret.status).toBe(200)
    clock().set(new Date(OFFICE_0840))
    const entry = await server().request('POST', `/access/v1/devices/${seed.keypad_id}/pin-entry`, {
      json: { pin: shaped(pin.body, PersonPinIssued).pin },
      headers: { authorization: `Device ${shaped(secret.body, DeviceSecretIssued).secret}` },
    })
    expect(entry.status, JSON.stringify(entry.body)).toBe(200)
    expect(shaped(entry.body, PinEntryAnswer)).toMatchObject({ granted: true })

    await server().running.handle.services.doorModeJob.tick()
    expect(await lockState(seed.lock_id)).toBe('unlocked')
    const audits = await server().request(
      'GET',
      `/sbm/v1/devices/audit?device_id=${seed.lock_id}&length=100`,
      { token },
    )
    const unlock = shaped(audits.body, AuditPage).data.find(
      (row) => row.actor_email === 'system:door-modes' && row.command === 'unlock',
    )
    expect(unlock).toMatchObject({
      result: 'success',
      detail_code: 'door_mode',
      detail_params: {
        layer: 'schedule',
        opened_by: seed.clara,
        opened_by_email: seed.clara_email,
      },
    })
    const opened = await server().request('GET', doorTimelinePath(seed.door_id), { token })
    expect(shaped(opened.body, ModeTimeline).layer).toMatchObject({
      kind: 'schedule',
      mode: 'unlocked',
      first_person_in: {
        opened_by: seed.clara,
        opened_at: expect.stringMatching(/^2027-06-09T06:40/) as string,
      },
      by_email: seed.clara_email,
    })
  })
})
