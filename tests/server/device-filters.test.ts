import { describe, expect, it } from 'vitest'
import { AuditNews, AuditPage } from '../../src/contract/audits'
import { Device } from '../../src/contract/devices'
import { ErrorBody } from '../../src/contract/errors'
import { listOf } from '../../src/contract/list'
import { Door } from '../../src/contract/locations'
import { ADMIN, GLOBEX, shaped, useServer } from './helpers'

const server = useServer()
const DevicePage = listOf(Device)

async function list(token: string, query: string) {
  const reply = await server().request('GET', `/sbm/v1/devices?length=500&${query}`, { token })
  expect(reply.status).toBe(200)
  return shaped(reply.body, DevicePage)
}

const ids = (devices: readonly Device[]) => devices.map((d) => d.device_id).sort((a, b) => a - b)

describe('device list filters', () => {
  it('narrows by type, connection and battery below a level, each alone and together', async () => {
    const token = await server().login(ADMIN)
    const all = (await list(token, '')).data
    const locks = await list(token, 'device_type_id=lock')
    expect(ids(locks.data)).toEqual(ids(all.filter((d) => d.device_type_id === 'lock')))
    expect(locks.recordsFiltered).toBe(locks.data.length)
    const offline = await list(token, 'connected=false')
    expect(offline.data.length).toBeGreaterThan(0)
    expect(ids(offline.data)).toEqual(ids(all.filter((d) => !d.current_status.connected)))
    const low = await list(token, 'battery_below=50')
    expect(low.data.length).toBeGreaterThan(0)
    // Mains-powered devices (battery null) are never "below" a level.
    expect(ids(low.data)).toEqual(
      ids(
        all.filter(
          (d) => d.current_status.battery_level !== null && d.current_status.battery_level < 50,
        ),
      ),
    )
    const both = await list(token, 'device_type_id=lock&connected=true&battery_below=90')
    expect(ids(both.data)).toEqual(
      ids(
        all.filter(
          (d) =>
            d.device_type_id === 'lock' &&
            d.current_status.connected &&
            (d.current_status.battery_level ?? 100) < 90,
        ),
      ),
    )
  })

  it('narrows to a place: a location, a floor or a room with everything mounted below it', async () => {
    const token = await server().login(ADMIN)
    const all = (await list(token, '')).data
    const sample = all.find((d) => d.assignment_type === 'door')
    if (!sample) throw new Error('seed lacks a device on a door')
    const inLocation = await list(token, `location_id=${sample.location_id}`)
    expect(ids(inLocation.data)).toEqual(
      ids(all.filter((d) => d.location_id === sample.location_id)),
    )
    const doors = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=500', { token })).body,
      listOf(Door),
    ).data
    const door = doors.find((d) => d.door_id === sample.assignment_id)
    if (!door) throw new Error('the sample device hangs on no door')
    const floor = { floor_id: door.floor_id, name: sample.place.floor }
    const room = { room_id: door.room_id, name: sample.place.room }
    const onFloor = await list(token, `floor_id=${floor.floor_id}`)
    expect(ids(onFloor.data)).toContain(sample.device_id)
    expect(onFloor.data.every((d) => d.place.floor === floor.name)).toBe(true)
    const inRoom = await list(token, `room_id=${room.room_id}`)
    expect(ids(inRoom.data)).toContain(sample.device_id)
    expect(inRoom.data.every((d) => d.place.room === room.name)).toBe(true)
    expect(inRoom.data.length).toBeLessThanOrEqual(onFloor.data.length)
  })

  it('keeps an organization admin inside the organization whatever the place filter says', async () => {
    const admin = await server().login(ADMIN)
    const acme = (await list(admin, '')).data.find((d) => d.organization_id !== 2)
    if (!acme) throw new Error('seed lacks a device')
    const globex = await server().login(GLOBEX)
    const foreign = await list(globex, `location_id=${acme.location_id}`)
    expect(foreign.data).toEqual([])
  })

  it("narrows to the devices with a capability, searched by name as the palette's verbs ask", async () => {
    const token = await server().login(ADMIN)
    const all = (await list(token, '')).data
    const unlocking = await list(token, 'capability=remotely_unlock')
    expect(unlocking.data.length).toBeGreaterThan(0)
    expect(ids(unlocking.data)).toEqual(
      ids(all.filter((d) => d.capabilities.includes('remotely_unlock'))),
    )
    const named = await list(token, 'capability=remotely_unlock&search=reception')
    expect(named.data.length).toBeGreaterThan(0)
    expect(
      named.data.every(
        (d) => d.capabilities.includes('remotely_unlock') && /reception/i.test(d.name),
      ),
    ).toBe(true)
  })

  it('refuses a bad filter value with a 400 naming the parameter', async () => {
    const token = await server().login(ADMIN)
    for (const [query, field] of [
      ['device_type_id=teapot', 'device_type_id'],
      ['connected=maybe', 'connected'],
      ['battery_below=0', 'battery_below'],
      ['battery_below=101', 'battery_below'],
      ['battery_below=abc', 'battery_below'],
      ['floor_id=-3', 'floor_id'],
      ['capability=teleport', 'capability'],
    ] as const) {
      const reply = await server().request('GET', `/sbm/v1/devices?${query}`, { token })
      expect(reply.status, query).toBe(400)
      expect(shaped(reply.body, ErrorBody).field, query).toBe(field)
    }
  })
})

describe('one device in the audit log', () => {
  it('lists only that device, newest first, and a refused command names its audit row', async () => {
    const token = await server().login(ADMIN)
    const all = (await list(token, '')).data
    const offline = all.find(
      (d) => !d.current_status.connected && d.capabilities.includes('remotely_lock'),
    )
    if (!offline) throw new Error('seed lacks an offline lock')
    const refused = await server().request(
      'POST',
      `/access/v1/devices/${offline.device_id}/control/lock`,
      { token, headers: { 'Idempotency-Key': 'filters-refused-1' } },
    )
    expect(refused.status).toBe(409)
    const body = shaped(refused.body, ErrorBody)
    expect(body.audit_id).toBeGreaterThan(0)
    const again = await server().request(
      'POST',
      `/access/v1/devices/${offline.device_id}/control/lock`,
      { token, headers: { 'Idempotency-Key': 'filters-refused-2' } },
    )
    const secondId = shaped(again.body, ErrorBody).audit_id
    const reply = await server().request(
      'GET',
      `/sbm/v1/devices/audit?device_id=${offline.device_id}&length=5`,
      { token },
    )
    expect(reply.status).toBe(200)
    const page = shaped(reply.body, AuditPage)
    expect(page.data.every((entry) => entry.device_id === offline.device_id)).toBe(true)
    expect(page.data.map((entry) => entry.audit_id).slice(0, 2)).toEqual([secondId, body.audit_id])
    const bad = await server().request('GET', '/sbm/v1/devices/audit?device_id=x', { token })
    expect(bad.status).toBe(400)
  })
})

describe('one door in the audit log', () => {
  it("lists its devices' entries, up to the reader's bound, counts its news and stays in the organization", async () => {
    const token = await server().login(ADMIN)
    const all = (await list(token, '')).data
    const sample = all.find(
      (d) =>
        d.assignment_type === 'door' &&
        d.capabilities.includes('remotely_lock') &&
        d.organization_id !== 2,
    )
    if (!sample) throw new Error('seed lacks a lock on a door at Acme')
    const door = sample.assignment_id
    const onDoor = all
      .filter((d) => d.assignment_type === 'door' && d.assignment_id === door)
      .map((d) => d.device_id)
    const log = async (query: string) => {
      const reply = await server().request('GET', `/sbm/v1/devices/audit?${query}`, { token })
      expect(reply.status).toBe(200)
      return shaped(reply.body, AuditPage)
    }
    const before = await log(`door_id=${door}&length=500`)
    expect(before.data.every((entry) => onDoor.includes(entry.device_id))).toBe(true)
    await server().request('POST', `/access/v1/devices/${sample.device_id}/control/lock`, {
      token,
      headers: { 'Idempotency-Key': 'door-log-1' },
    })
    const after = await log(`door_id=${door}&length=500`)
    expect(after.recordsFiltered).toBe(before.recordsFiltered + 1)
    expect(after.data[0]?.device_id).toBe(sample.device_id)
    // The screen's bound holds: the new entry waits behind the news count.
    const bounded = await log(`door_id=${door}&length=500&upto=${before.upto}`)
    expect(bounded.recordsFiltered).toBe(before.recordsFiltered)
    const news = await server().request(
      'GET',
      `/sbm/v1/devices/audit/news?after=${before.upto}&door_id=${door}`,
      { token },
    )
    expect(shaped(news.body, AuditNews).count).toBe(1)
    const globex = await server().login(GLOBEX)
    const foreign = await server().request('GET', `/sbm/v1/devices/audit?door_id=${door}`, {
      token: globex,
    })
    expect(shaped(foreign.body, AuditPage).data).toEqual([])
    const bad = await server().request('GET', '/sbm/v1/devices/audit?door_id=0', { token })
    expect(bad.status).toBe(400)
  })
})
