import { describe, expect, it } from 'vitest'
import { DOORS_PATH, ModeTimeline } from '../../src/contract/door-modes'
import { useModelServer } from './access-model-writes'
import { doorModeProbes } from './door-mode-probes'
import { ADMIN, shaped } from './helpers'

// The mode job (decision 070) stepped with the test clock: a lock commanded once per boundary by
// system:door-modes with the layer named, an override's end, a lock not reached until it is seen
// again, the door back in its layered mode after a lockdown's release, a manual command held until
// the next boundary, and first person in naming who opened the day.

// A poll of a minute: the test steps the job itself (a write still wakes it).
const modelServer = useModelServer({ lockdownPollMs: 60_000 })
const { server, db, clock, model } = modelServer
const { step, lockState, jobAudits } = doorModeProbes(modelServer)
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
let made = 0

async function fixture() {
  const [door] = await db().query<{
    door_id: number
    location_id: number
    organization_id: number
    device_id: number
  }>(
    `select d.door_id, d.location_id, d.organization_id, min(v.device_id) as device_id
     from doors d join organizations o using (organization_id)
       join devices v on v.assignment_type = 'door' and v.assignment_id = d.door_id
         and v.capabilities @> '{remotely_lock,remotely_unlock}'
     where o.name = 'Acme'
     group by d.door_id order by d.door_id limit 1`,
  )
  if (!door) throw new Error('no Acme door with a lock')
  await db().query(`update locations set time_zone = 'Europe/Berlin' where location_id = $1`, [
    door.location_id,
  ])
  // Only this door's lock on it, connected and unlocked.
  await db().query(
    `update devices set assignment_type = 'location', assignment_id = location_id
     where assignment_type = 'door' and assignment_id = $1 and device_id <> $2`,
    [door.door_id, door.device_id],
  )
  await db().query(
    `update devices set connected = true, lock_state = 'unlocked' where device_id = $1`,
    [door.device_id],
  )
  made += 1
  const schedule = await model.schedule(door.organization_id, `Job hours ${made}`, [
    { days: [...weekdays], start: '07:00', end: '18:00' },
  ])
  const group = await model.group(door.organization_id, `Job openers ${made}`)
  return { ...door, schedule, group }
}

describe('the door mode job', () => {
  it('commands each boundary once, through the command path, naming the layer', async () => {
    const f = await fixture()
    const token = await server().login(ADMIN)
    const put = await server().request('PUT', `${DOORS_PATH}/${f.door_id}/mode`, {
      token,
      json: { schedule_id: f.schedule.schedule_id },
    })
    expect(put.status).toBe(200)

    await step('2027-06-09T04:00:00Z') // Wednesday 06:00 in Berlin: outside the schedule
    expect(await lockState(f.device_id)).toBe('locked')
    await step('2027-06-09T05:00:00Z') // 07:00
    expect(await lockState(f.device_id)).toBe('unlocked')
    await step('2027-06-09T05:00:30Z')
    await server().running.handle.services.doorModeJob.tick()
    const audits = await jobAudits(f.device_id)
    expect(audits.map((a) => `${a.command}:${a.result}`)).toEqual([
      'lock:success',
      'unlock:success',
    ])
    expect(audits[1]?.detail_params).toMatchObject({
      layer: 'schedule',
      schedule_id: f.schedule.schedule_id,
    })
    const journal = await db().query<{ n: number }>(
      `select count(*)::int as n from journal where actor_email = 'system:door-modes'
       and target_type = 'device' and target_id = $1`,
      [f.device_id],
    )
    expect(journal[0]?.n).toBe(2)

    // "Keep locked until 09:00": locked now, the schedule's unlock again at its end.
    const override = await server().request('POST', `${DOORS_PATH}/${f.door_id}/override`, {
      token,
      json: { mode: 'locked', until: '2027-06-09T09:00', reason: 'Cleaning' },
    })
    expect(override.status).toBe(201)
    await step('2027-06-09T05:10:00Z')
    expect(await lockState(f.device_id)).toBe('locked')
    expect((await jobAudits(f.device_id)).at(-1)?.detail_params).toMatchObject({
      layer: 'override',
    })
    await step('2027-06-09T07:00:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')

    // Not connected at 18:00: "not reached" until the lock is seen again.
    await db().query('update devices set connected = false where device_id = $1', [f.device_id])
    await step('2027-06-09T16:00:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    const timeline = await server().request('GET', `${DOORS_PATH}/${f.door_id}/mode-timeline`, {
      token,
    })
    expect(shaped(timeline.body, ModeTimeline).not_reached).toEqual([f.device_id])
    // The missed boundary is one event a rule may alert on (decision 079).
    const [missed] = await db().query<{ n: number }>(
      `select count(*)::int as n from events where event_type = 'door_mode.not_reached'
         and subject_type = 'device' and subject_id = $1`,
      [f.device_id],
    )
    expect(missed?.n).toBe(1)
    await db().query('update devices set connected = true where device_id = $1', [f.device_id])
    await step('2027-06-09T16:05:00Z')
    expect(await lockState(f.device_id)).toBe('locked')
    const states = await db().query<{ state: string }>(
      'select state from door_mode_commands where device_id = $1 order by created_at',
      [f.device_id],
    )
    expect(states.map((s) => s.state)).not.toContain('not_reached')

    // A person's Unlock at 20:00 holds until the next boundary: no command back to locked.
    clock().set(new Date('2027-06-09T18:00:00Z'))
    const unlock = await server().request(
      'POST',
      `/access/v1/devices/${f.device_id}/control/unlock`,
      { token, headers: { 'idempotency-key': `door-mode-job-${Date.now()}` } },
    )
    expect(unlock.status, JSON.stringify(unlock.body)).toBe(200)
    await step('2027-06-09T18:01:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    await step('2027-06-10T04:59:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    const after = await server().request('GET', `${DOORS_PATH}/${f.door_id}/mode-timeline`, {
      token,
    })
    expect(shaped(after.body, ModeTimeline).layer).toMatchObject({
      kind: 'command',
      until: '2027-06-10T05:00:00.000Z',
    })
  })

  it('returns the door to its layered mode after a lockdown, and opens on the first person in', async () => {
    const f = await fixture()
    const token = await server().login(ADMIN)
    await server().request('PUT', `${DOORS_PATH}/${f.door_id}/mode`, {
      token,
      json: {
        schedule_id: f.schedule.schedule_id,
        first_person_in_group_id: f.group.group_id,
      },
    })
    await step('2027-06-11T06:00:00Z') // Friday 08:00: in the schedule, nobody in yet
    expect(await lockState(f.device_id)).toBe('locked')
    await db().query('insert into door_mode_entries (door_id, at, user_id) values ($1, $2, $3)', [
      f.door_id,
      '2027-06-11T06:30:00Z',
      4,
    ])
    await step('2027-06-11T06:31:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    expect((await jobAudits(f.device_id)).at(-1)?.detail_params).toMatchObject({
      layer: 'schedule',
      opened_by: 4,
    })
    const [opener] = await db().query<{ email: string }>(
      'select email from users where user_id = 4',
    )
    const opened = await server().request('GET', `${DOORS_PATH}/${f.door_id}/mode-timeline`, {
      token,
    })
    expect(shaped(opened.body, ModeTimeline).layer).toMatchObject({
      kind: 'schedule',
      name: f.schedule.name,
      first_person_in: { group_id: f.group.group_id, opened_by: 4 },
      by_email: opener?.email,
    })

    const [lockdown] = await db().query<{ lockdown_id: number }>(
      `insert into lockdowns (organization_id, scope_type, scope_id, scope_name, reason,
         started_by, started_by_email)
       select organization_id, 'location', location_id, name, 'drill', 1, 'admin@demo.local'
       from locations where location_id = $1 returning lockdown_id`,
      [f.location_id],
    )
    // The lockdown's own job locks it; the mode job leaves a door under a lockdown alone.
    await db().query(`update devices set lock_state = 'locked' where device_id = $1`, [f.device_id])
    const before = (await jobAudits(f.device_id)).length
    await step('2027-06-11T07:00:00Z')
    expect(await lockState(f.device_id)).toBe('locked')
    expect(await jobAudits(f.device_id)).toHaveLength(before)
    await db().query(
      `update lockdowns set released_at = now(), request_by = 2, released_by = 1,
         released_by_email = 'admin@demo.local' where lockdown_id = $1`,
      [lockdown?.lockdown_id],
    )
    await step('2027-06-11T07:05:00Z')
    expect(await lockState(f.device_id)).toBe('unlocked')
    await step('2027-06-11T07:06:00Z')
    expect(await jobAudits(f.device_id)).toHaveLength(before + 1)
  })
})
