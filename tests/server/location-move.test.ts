import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { Door, Floor, Location, LocationDeep, Room } from '../../src/contract/locations'
import { ADMIN, GLOBEX, ORGADMIN, shaped, useServer } from './helpers'

// Issue 19, "Data of one organization stays in it": a location moves to another organization
// with its floors, rooms and doors, never with devices or credentials (409, with the reason).

const server = useServer()
const ACME = 1
const GLOBEX_ORG = 2
const STAFF_ID = 3

async function post(token: string, path: string, json: unknown) {
  const reply = await server().request('POST', path, { token, json })
  expect(reply.status).toBe(201)
  return reply.body
}

const newLocation = async (token: string, name: string) =>
  shaped(
    await post(token, '/sbm/v1/locations', { name, locality: 'Berlin', organization_id: ACME }),
    Location,
  )

let serial = 0
const newDevice = async (token: string, type: 'location' | 'door', id: number) =>
  shaped(
    await post(token, '/sbm/v1/devices', {
      name: `Lock ${++serial}`,
      description: 'front',
      device_type_id: 'lock',
      manufacturer_id: 1,
      device_id_manufacturer: `MOVE-${serial}`,
      assignment_type: type,
      assignment_id: id,
    }),
    Device,
  )

const move = async (token: string, id: number, organizationId: number) =>
  server().request('PUT', `/sbm/v1/locations/${id}`, {
    token,
    json: { organization_id: organizationId },
  })

describe('moving a location to another organization', () => {
  it('refuses while a device is mounted on the location itself; both views stay as they were', async () => {
    const admin = await server().login(ADMIN)
    const location = await newLocation(admin, 'Gatehouse')
    const device = await newDevice(admin, 'location', location.location_id)
    const reply = await move(admin, location.location_id, GLOBEX_ORG)
    expect(reply.status).toBe(409)
    const error = shaped(reply.body, ErrorBody)
    expect(error.field).toBe('organization_id')
    expect(error.message).toMatch(/devices or credentials/)
    expect(error).toMatchObject({
      rule: 'in_use',
      params: { subject: 'location_move', devices: 1, credentials: 0 },
    })

    const globex = await server().login(GLOBEX)
    const acme = await server().login(ORGADMIN)
    const path = `/sbm/v1/locations/${location.location_id}`
    expect((await server().request('GET', path, { token: globex })).status).toBe(404)
    const devicePath = `/sbm/v1/devices/${device.device_id}`
    expect((await server().request('GET', devicePath, { token: globex })).status).toBe(404)
    const lock = `/access/v1/devices/${device.device_id}/control/lock`
    expect((await server().request('POST', lock, { token: globex })).status).toBe(404)
    const deep = await server().request('GET', `${path}?deep=true`, { token: acme })
    expect(shaped(deep.body, LocationDeep).devices.map((d) => d.device_id)).toEqual([
      device.device_id,
    ])
    expect((await server().request('POST', lock, { token: acme })).status).toBe(200)
  })

  it('refuses while a credential opens the location', async () => {
    const admin = await server().login(ADMIN)
    const location = await newLocation(admin, 'Yard')
    await post(admin, '/access/v1/credentials', {
      user_id: STAFF_ID,
      assignment_type: 'location',
      assignment_id: location.location_id,
      start_datetime: '2026-01-01T08:00:00Z',
      end_datetime: '2026-12-31T18:00:00Z',
    })
    expect((await move(admin, location.location_id, GLOBEX_ORG)).status).toBe(409)
  })

  it('carries floors, rooms and doors along; the old organization loses them, the new one gets them', async () => {
    const admin = await server().login(ADMIN)
    const location = await newLocation(admin, 'Annex')
    const floor = shaped(
      await post(admin, '/sbm/v1/floors', {
        location_id: location.location_id,
        name: 'Ground',
        position: 0,
      }),
      Floor,
    )
    const room = shaped(
      await post(admin, '/sbm/v1/rooms', { floor_id: floor.floor_id, name: 'Hall' }),
      Room,
    )
    const door = shaped(
      await post(admin, '/sbm/v1/doors', { room_id: room.room_id, name: 'Annex main door' }),
      Door,
    )

    const moved = await move(admin, location.location_id, GLOBEX_ORG)
    expect(moved.status).toBe(200)
    expect(shaped(moved.body, Location).organization_id).toBe(GLOBEX_ORG)

    const globex = await server().login(GLOBEX)
    const acme = await server().login(ORGADMIN)
    const path = `/sbm/v1/locations/${location.location_id}`
    const deep = shaped(
      (await server().request('GET', `${path}?deep=true`, { token: globex })).body,
      LocationDeep,
    )
    const movedDoor = deep.floors[0]?.rooms[0]?.doors[0]
    expect(movedDoor?.door_id).toBe(door.door_id)
    expect(movedDoor?.organization_id).toBe(GLOBEX_ORG)
    expect((await server().request('GET', path, { token: acme })).status).toBe(404)
    const floorPath = `/sbm/v1/floors/${floor.floor_id}`
    const rename = { token: acme, json: { name: 'Renamed', position: 0 } }
    expect((await server().request('PUT', floorPath, rename)).status).toBe(404)
    const doorsOf = async (token: string) =>
      shaped(
        (await server().request('GET', '/sbm/v1/doors?search=Annex%20main&length=100', { token }))
          .body,
        listOf(Door),
      ).data.map((d) => d.door_id)
    expect(await doorsOf(acme)).not.toContain(door.door_id)
    expect(await doorsOf(globex)).toContain(door.door_id)

    // The new organization mounts a device on the moved door; it is theirs alone.
    const device = await newDevice(globex, 'door', door.door_id)
    expect(device.organization_id).toBe(GLOBEX_ORG)
    const lock = `/access/v1/devices/${device.device_id}/control/lock`
    expect((await server().request('POST', lock, { token: acme })).status).toBe(404)
    expect((await server().request('POST', lock, { token: globex })).status).toBe(200)
    // Now it holds a device: it cannot move back.
    expect((await move(admin, location.location_id, ACME)).status).toBe(409)
  })
})
