import { describe, expect, it } from 'vitest'
import { AuditPage } from '../../src/contract/audits'
import { CommandResult, CreatePinResult, Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { Door } from '../../src/contract/locations'
import { ADMIN, ORGADMIN, shaped, useServer, type Reply } from './helpers'
import { race, tally } from './race-helpers'

// A confirmed device command carries an Idempotency-Key: however often it arrives, and however
// many copies arrive at once, the device runs it once and writes one audit row.
const server = useServer()

let serial = 0
async function newDevice(token: string, type: 'lock' | 'relay') {
  const doors = await server().request('GET', '/sbm/v1/doors?length=1', { token })
  const door = shaped(doors.body, listOf(Door)).data[0]
  const reply = await server().request('POST', '/sbm/v1/devices', {
    token,
    json: {
      name: `Idempotent ${type} ${++serial}`,
      description: 'Receives commands',
      device_type_id: type,
      manufacturer_id: 1,
      device_id_manufacturer: `IDEM-${serial}`,
      assignment_type: 'door',
      assignment_id: door?.door_id,
    },
  })
  return shaped(reply.body, Device)
}

/** Every audit row ever written: audit ids are dense, so the total counts rows exactly. */
async function auditTotal(token: string) {
  const reply = await server().request('GET', '/sbm/v1/devices/audit?length=1', { token })
  return shaped(reply.body, AuditPage).recordsTotal
}

async function battery(token: string, id: number) {
  const reply = await server().request('GET', `/sbm/v1/devices/${id}`, { token })
  return shaped(reply.body, Device).current_status.battery_level
}

const send = (token: string, device: number, command: string, key?: string) =>
  server().request('POST', `/access/v1/devices/${device}/control/${command}`, {
    token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })

const same = (replies: Reply[]) => new Set(replies.map((r) => JSON.stringify(r.body))).size === 1

describe('Idempotency-Key on device commands', () => {
  it('runs 50 concurrent sends with one key once: one command, one audit row, one answer', async () => {
    const token = await server().login(ORGADMIN)
    const lock = await newDevice(token, 'lock')
    const before = await auditTotal(token)
    const replies = await race(50, () => send(token, lock.device_id, 'unlock', 'confirm-1'))
    expect(tally(replies)).toEqual({ 200: 50 })
    expect(same(replies)).toBe(true)
    shaped(replies[0]?.body, CommandResult)
    expect(await auditTotal(token)).toBe(before + 1)
    expect(await battery(token, lock.device_id)).toBe(99)
  })

  it('runs 50 concurrent sends without a key 50 times', async () => {
    const token = await server().login(ORGADMIN)
    const lock = await newDevice(token, 'lock')
    const before = await auditTotal(token)
    const replies = await race(50, () => send(token, lock.device_id, 'lock'))
    expect(tally(replies)).toEqual({ 200: 50 })
    const audits = replies.map((r) => shaped(r.body, CommandResult).audit_id)
    expect(new Set(audits).size).toBe(50)
    expect(await auditTotal(token)).toBe(before + 50)
    expect(await battery(token, lock.device_id)).toBe(50)
  })

  it('answers a repeated key with the first answer, a failure included', async () => {
    const token = await server().login(ORGADMIN)
    const relay = await newDevice(token, 'relay')
    const before = await auditTotal(token)
    const first = await send(token, relay.device_id, 'lock', 'confirm-2')
    expect(first.status).toBe(422)
    const again = await race(20, () => send(token, relay.device_id, 'lock', 'confirm-2'))
    expect(tally(again)).toEqual({ 422: 20 })
    expect(again.every((r) => JSON.stringify(r.body) === JSON.stringify(first.body))).toBe(true)
    expect(await auditTotal(token)).toBe(before + 1)
  })

  it('refuses one key for another command or device with 422, sending nothing', async () => {
    const token = await server().login(ORGADMIN)
    const [a, b] = [await newDevice(token, 'lock'), await newDevice(token, 'lock')]
    expect((await send(token, a.device_id, 'lock', 'confirm-3')).status).toBe(200)
    const before = await auditTotal(token)
    for (const [device, command] of [
      [a.device_id, 'unlock'],
      [b.device_id, 'lock'],
    ] as const) {
      const reply = await send(token, device, command, 'confirm-3')
      expect(reply.status).toBe(422)
      expect(reply.body).toMatchObject({ error: 'validation', field: 'idempotency-key' })
    }
    expect(await auditTotal(token)).toBe(before)
  })

  it('keeps keys per user: another user’s key of the same text is their own', async () => {
    const [mine, theirs] = await Promise.all([server().login(ORGADMIN), server().login(ADMIN)])
    const lock = await newDevice(mine, 'lock')
    const a = await send(mine, lock.device_id, 'lock', 'shared-text')
    const b = await send(theirs, lock.device_id, 'lock', 'shared-text')
    expect([a.status, b.status]).toEqual([200, 200])
    expect(shaped(b.body, CommandResult).audit_id).not.toBe(shaped(a.body, CommandResult).audit_id)
  })

  it('creates one PIN for 20 concurrent create_pin requests with one key', async () => {
    const token = await server().login(ORGADMIN)
    const lock = await newDevice(token, 'lock')
    const before = await auditTotal(token)
    const data = {
      start_date: '2027-01-01T08:00:00Z',
      end_date: '2027-01-02T08:00:00Z',
      manufacturer_id: lock.manufacturer_id,
      device_id_manufacturer: lock.device_id_manufacturer,
    }
    const pin = (json: object, key: string) =>
      server().request('POST', `/access/v1/devices/${lock.device_id}/set/create_pin`, {
        token,
        json,
        headers: { 'idempotency-key': key },
      })
    const replies = await race(20, () => pin({ data }, 'pin-1'))
    expect(tally(replies)).toEqual({ 200: 20 })
    expect(same(replies)).toBe(true)
    shaped(replies[0]?.body, CreatePinResult)
    expect(await auditTotal(token)).toBe(before + 1)
    const other = await pin({ data: { ...data, end_date: '2027-01-03T08:00:00Z' } }, 'pin-1')
    expect(other.status).toBe(422)
    expect(await auditTotal(token)).toBe(before + 1)
  })

  it('refuses a key that is empty or too long', async () => {
    const token = await server().login(ORGADMIN)
    const lock = await newDevice(token, 'lock')
    for (const key of ['', 'x'.repeat(256)]) {
      const reply = await send(token, lock.device_id, 'lock', key)
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({ error: 'validation', field: 'idempotency-key' })
    }
  })
})
