import { describe, expect, it, vi } from 'vitest'
import { AuditPage } from '../../src/contract/audits'
import { ClockState } from '../../src/contract/dev-clock'
import { Device } from '../../src/contract/devices'
import { ErrorBody } from '../../src/contract/errors'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { PinEntryAnswer, SimulateAnswer } from '../../src/contract/pin-entry'
import { ADMIN, shaped, useServer } from './helpers'

// A device's presence changes only through its own reports (decision 066): in the demo, a caller on
// this machine simulates them. A new device's keypad secret comes once, in its create answer. The
// test clock moves on a server started with CLOCK=settable; tests/server/demo-exposure.test.ts
// shows it hidden from the network and absent elsewhere.

const server = useServer({ clock: 'settable' })

const sql = <T extends object>(text: string, params: unknown[] = []) =>
  server().running.handle.services.db.query<T>(text, params)

const simulate = (deviceId: number, json: unknown) =>
  server().request('POST', `/sbm/v1/devices/${deviceId}/simulate`, { json })

async function auditOf(token: string, auditId: number) {
  const reply = await server().request('GET', '/sbm/v1/devices/audit?length=20', { token })
  return shaped(reply.body, AuditPage).data.find((a) => a.audit_id === auditId)
}

describe('a device reports itself', () => {
  it('connects, disconnects and tells its battery: audited and journaled as its own', async () => {
    const token = await server().login(ADMIN)
    const [device] = await sql<{ device_id: number; connected: boolean }>(
      `select device_id, connected from devices where battery_level is not null and connected
       order by device_id limit 1`,
    )
    if (!device) throw new Error('no connected battery device seeded')
    const off = await simulate(device.device_id, { event: 'disconnect' })
    expect(off.status).toBe(200)
    const gone = shaped(off.body, SimulateAnswer)
    expect(gone.current_status.connected).toBe(false)
    expect(await auditOf(token, gone.audit_id)).toMatchObject({
      device_id: device.device_id,
      command: 'disconnect',
      result: 'success',
      user_id: 0,
      actor_email: '',
    })
    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=device&target_id=${device.device_id}`,
      { token },
    )
    const [row] = shaped(journal.body, listOf(JournalEntry)).data
    expect(row).toMatchObject({
      action: 'update',
      actor_id: null,
      actor_email: null,
      changes: { connected: [true, false] },
      audit_id: gone.audit_id,
    })

    const battery = shaped(
      (await simulate(device.device_id, { event: 'battery', battery_level: 12 })).body,
      SimulateAnswer,
    )
    expect(battery.current_status.battery_level).toBe(12)
    expect(await auditOf(token, battery.audit_id)).toMatchObject({
      command: 'battery',
      detail_code: 'battery_level',
      detail_params: { level: 12 },
      detail: 'Battery at 12%',
    })
    const back = shaped(
      (await simulate(device.device_id, { event: 'connect' })).body,
      SimulateAnswer,
    )
    expect(back.current_status).toMatchObject({ connected: true, battery_level: 12 })
    const listed = await server().request('GET', `/sbm/v1/devices/${device.device_id}`, { token })
    expect(shaped(listed.body, Device).current_status).toMatchObject({
      connected: true,
      battery_level: 12,
    })

    // Reporting what is already so is an audit row and no change.
    const again = shaped(
      (await simulate(device.device_id, { event: 'connect' })).body,
      SimulateAnswer,
    )
    const after = await server().request(
      'GET',
      `/org/v1/journal?target_type=device&target_id=${device.device_id}`,
      { token },
    )
    const rows = shaped(after.body, listOf(JournalEntry)).data
    expect(rows.map((r) => r.audit_id)).not.toContain(again.audit_id)
    expect(rows[0]?.audit_id).toBe(back.audit_id)
  })

  it('refuses a battery report without a level, out of range, or from a device without one', async () => {
    const [battery] = await sql<{ device_id: number }>(
      'select device_id from devices where battery_level is not null order by device_id limit 1',
    )
    const [mains] = await sql<{ device_id: number }>(
      'select device_id from devices where battery_level is null order by device_id limit 1',
    )
    if (!battery || !mains) throw new Error('the seed has no battery or no mains device')
    for (const body of [
      { event: 'battery' },
      { event: 'battery', battery_level: 101 },
      { event: 'connect', battery_level: 50 },
    ]) {
      const refused = await simulate(battery.device_id, body)
      expect(refused.status).toBe(400)
      expect(shaped(refused.body, ErrorBody).field).toBe('battery_level')
    }
    const noBattery = await simulate(mains.device_id, { event: 'battery', battery_level: 50 })
    expect(noBattery.status).toBe(409)
    expect(shaped(noBattery.body, ErrorBody).field).toBe('battery_level')
    expect((await simulate(999_999, { event: 'connect' })).status).toBe(404)
  })
})

describe('a new device’s secret', () => {
  it('comes once, in the create answer, and opens its pin-entry', async () => {
    const token = await server().login(ADMIN)
    const [door] = await sql<{ door_id: number }>(
      'select door_id from doors order by door_id limit 1',
    )
    const [maker] = await sql<{ manufacturer_id: number }>(
      'select manufacturer_id from manufacturers order by manufacturer_id limit 1',
    )
    const created = await server().request('POST', '/sbm/v1/devices', {
      token,
      json: {
        name: 'Keypad at the side entrance',
        description: 'A keypad',
        device_type_id: 'keypad',
        manufacturer_id: maker?.manufacturer_id,
        device_id_manufacturer: 'KP-NEW-1',
        assignment_type: 'door',
        assignment_id: door?.door_id,
      },
    })
    expect(created.status).toBe(201)
    const device = shaped(created.body, Device)
    const secret = device.secret ?? ''
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const read = await server().request('GET', `/sbm/v1/devices/${device.device_id}`, { token })
    expect(shaped(read.body, Device).secret).toBeUndefined()

    const entry = await server().request(
      'POST',
      `/access/v1/devices/${device.device_id}/pin-entry`,
      { json: { pin: '00000000' }, headers: { authorization: `Device ${secret}` } },
    )
    expect(entry.status).toBe(200)
    expect(shaped(entry.body, PinEntryAnswer).reason.denied_because).toBe('unknown_pin')
    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=device&target_id=${device.device_id}`,
      { token },
    )
    const [row] = shaped(journal.body, listOf(JournalEntry)).data
    expect(row?.action).toBe('create')
    expect(row?.changes.secret_made_at?.[1]).toEqual(expect.any(String))
    expect(JSON.stringify(journal.body)).not.toContain(secret)
  })
})

describe('the test clock', () => {
  it('is read and moved on a server started with CLOCK=settable', async () => {
    const start = shaped((await server().request('GET', '/dev/clock')).body, ClockState)
    expect(start.moved).toBe(false)
    expect(Math.abs(Date.parse(start.at) - Date.now())).toBeLessThan(60_000)
    const moved = await server().request('POST', '/dev/clock', {
      json: { at: '2027-12-22T09:00:00Z' },
    })
    const state = shaped(moved.body, ClockState)
    expect(state.moved).toBe(true)
    expect(Date.parse(state.at) - Date.parse('2027-12-22T09:00:00Z')).toBeLessThan(60_000)
    const bad = await server().request('POST', '/dev/clock', { json: { at: 'tomorrow' } })
    expect(bad.status).toBe(400)
    expect(shaped(bad.body, ErrorBody).field).toBe('at')
    const back = await server().request('POST', '/dev/clock', { json: { at: null } })
    expect(shaped(back.body, ClockState).moved).toBe(false)
  })

  it('wakes every job when moved: what became due runs now, not at the next poll', async () => {
    const jobs = server().running.handle.services.jobs
    expect(jobs).toHaveLength(6)
    const wakes = jobs.map((job) => vi.spyOn(job, 'wake'))
    const bad = await server().request('POST', '/dev/clock', { json: { at: 'tomorrow' } })
    expect(bad.status).toBe(400)
    for (const wake of wakes) expect(wake).not.toHaveBeenCalled()
    await server().request('POST', '/dev/clock', { json: { at: '2027-12-22T09:00:00Z' } })
    await server().request('POST', '/dev/clock', { json: { at: null } })
    for (const wake of wakes) expect(wake).toHaveBeenCalledTimes(2)
    for (const wake of wakes) wake.mockRestore()
  })
})
