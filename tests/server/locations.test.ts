import type { Struct } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { Door, Floor, Location, LocationDeep, Room } from '../../src/contract/locations'
import { ADMIN, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

const server = useServer()

describe('locations, floors, rooms, doors', () => {
  it('builds a location tree and answers it deep, with devices at each level', async () => {
    const token = await server().login(ORGADMIN)
    const loc = shaped(
      (
        await server().request('POST', '/sbm/v1/locations', {
          token,
          json: {
            name: 'Lab',
            street: 'Torstraße',
            number: '1',
            postal_code: '10119',
            locality: 'Berlin',
          },
        })
      ).body,
      Location,
    )
    const floor = shaped(
      (
        await server().request('POST', '/sbm/v1/floors', {
          token,
          json: { location_id: loc.location_id, name: 'Basement', position: -1 },
        })
      ).body,
      Floor,
    )
    const room = shaped(
      (
        await server().request('POST', '/sbm/v1/rooms', {
          token,
          json: { floor_id: floor.floor_id, name: 'Server room' },
        })
      ).body,
      Room,
    )
    const door = shaped(
      (
        await server().request('POST', '/sbm/v1/doors', {
          token,
          json: { room_id: room.room_id, name: 'Cage' },
        })
      ).body,
      Door,
    )
    expect(door).toMatchObject({ location_id: loc.location_id, floor_id: floor.floor_id })
    const device = await server().request('POST', '/sbm/v1/devices', {
      token,
      json: {
        name: 'Cage lock',
        description: 'Motorised bolt',
        device_type_id: 'lock',
        manufacturer_id: 1,
        device_id_manufacturer: 'LAB-0001',
        assignment_type: 'door',
        assignment_id: door.door_id,
      },
    })
    expect(device.status).toBe(201)
    const created = shaped(device.body, Device)
    expect(created.capabilities).toContain('remotely_lock')
    expect(created.current_status).toEqual({
      connected: true,
      battery_level: 100,
      lock_state: 'locked',
    })

    const deep = await server().request('GET', `/sbm/v1/locations/${loc.location_id}?deep=true`, {
      token,
    })
    const tree = shaped(deep.body, LocationDeep)
    expect(tree.floors[0]?.rooms[0]?.doors[0]?.devices[0]?.device_id).toBe(created.device_id)
    const flat = shaped(
      (await server().request('GET', `/sbm/v1/locations/${loc.location_id}`, { token })).body,
      Location,
    )
    expect(flat.floors).toEqual([{ floor_id: floor.floor_id, name: 'Basement' }])
    // The counts the locations list shows: one room, one door, one device.
    expect([flat.room_count, flat.door_count, flat.device_count]).toEqual([1, 1, 1])

    // In use: the door holds a device; the refusal counts what holds it, for the client to word.
    const doorRefused = await server().request('DELETE', `/sbm/v1/doors/${door.door_id}`, { token })
    expect(doorRefused.status).toBe(409)
    expect(doorRefused.body).toMatchObject({
      rule: 'in_use',
      params: { subject: 'door', devices: 1, credentials: 0 },
    })
    const floorRefused = await server().request('DELETE', `/sbm/v1/floors/${floor.floor_id}`, {
      token,
    })
    expect(floorRefused.body).toMatchObject({
      rule: 'in_use',
      params: { subject: 'floor', devices: 1, credentials: 0 },
    })
    const locationRefused = await server().request(
      'DELETE',
      `/sbm/v1/locations/${loc.location_id}`,
      {
        token,
      },
    )
    expect(locationRefused.status).toBe(409)
    expect(locationRefused.body).toMatchObject({
      rule: 'in_use',
      params: { subject: 'location', devices: 1, credentials: 0 },
    })
    expect(
      (await server().request('DELETE', `/sbm/v1/devices/${created.device_id}`, { token })).status,
    ).toBe(204)
    const renamed = await server().request('PUT', `/sbm/v1/rooms/${room.room_id}`, {
      token,
      json: { name: 'Cold room' },
    })
    expect(shaped(renamed.body, Room).name).toBe('Cold room')
    expect(
      (await server().request('DELETE', `/sbm/v1/floors/${floor.floor_id}`, { token })).status,
    ).toBe(204)
    expect(
      (await server().request('GET', `/sbm/v1/locations/${loc.location_id}`, { token })).status,
    ).toBe(200)
    expect(
      (await server().request('DELETE', `/sbm/v1/locations/${loc.location_id}`, { token })).status,
    ).toBe(204)
  })

  it('updates locations, floors and doors, moves a room with its doors, deletes rooms and doors', async () => {
    const token = await server().login(ORGADMIN)
    const post = async <T, S>(path: string, json: unknown, schema: Struct<T, S>) =>
      shaped((await server().request('POST', path, { token, json })).body, schema)
    const loc = await post('/sbm/v1/locations', { name: 'Annex' }, Location)
    const f1 = await post(
      '/sbm/v1/floors',
      { location_id: loc.location_id, name: 'F1', position: 1 },
      Floor,
    )
    const f2 = await post(
      '/sbm/v1/floors',
      { location_id: loc.location_id, name: 'F2', position: 2 },
      Floor,
    )
    const room = await post('/sbm/v1/rooms', { floor_id: f1.floor_id, name: 'R' }, Room)
    const door = await post('/sbm/v1/doors', { room_id: room.room_id, name: 'D' }, Door)

    const put = (path: string, json: unknown) => server().request('PUT', path, { token, json })
    const l = await put(`/sbm/v1/locations/${loc.location_id}`, { street: 'Am Markt', number: '3' })
    expect(shaped(l.body, Location)).toMatchObject({
      name: 'Annex',
      street: 'Am Markt',
      number: '3',
    })
    const f = await put(`/sbm/v1/floors/${f2.floor_id}`, { name: 'Roof', position: 9 })
    expect(shaped(f.body, Floor)).toMatchObject({ name: 'Roof', position: 9 })
    const d = await put(`/sbm/v1/doors/${door.door_id}`, { description: 'Fire door' })
    expect(shaped(d.body, Door).description).toBe('Fire door')
    const moved = await put(`/sbm/v1/rooms/${room.room_id}`, { floor_id: f2.floor_id })
    expect(shaped(moved.body, Room).floor_id).toBe(f2.floor_id)
    const doorAfter = await server().request('POST', '/org/v1/doors', {
      token,
      json: { door_ids: [door.door_id] },
    })
    expect(shaped(doorAfter.body, listOf(Door)).data[0]?.floor_id).toBe(f2.floor_id)

    expect(
      (await server().request('DELETE', `/sbm/v1/doors/${door.door_id}`, { token })).status,
    ).toBe(204)
    expect(
      (await server().request('DELETE', `/sbm/v1/rooms/${room.room_id}`, { token })).status,
    ).toBe(204)
    const tree = shaped(
      (await server().request('GET', `/sbm/v1/locations/${loc.location_id}?deep=true`, { token }))
        .body,
      LocationDeep,
    )
    expect(tree.floors.map((x) => [x.name, x.rooms.length])).toEqual([
      ['F1', 0],
      ['Roof', 0],
    ])
  })

  it('lists locations newest first and doors; looks doors up by id', async () => {
    const token = await server().login(ADMIN)
    const page = shaped(
      (await server().request('GET', '/sbm/v1/locations', { token })).body,
      listOf(Location),
    )
    const ids = page.data.map((l) => l.location_id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const doors = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=3', { token })).body,
      listOf(Door),
    )
    expect(doors.data).toHaveLength(3)
    const wanted = doors.data.map((d) => d.door_id).slice(0, 2)
    const found = await server().request('POST', '/org/v1/doors', {
      token,
      json: { door_ids: wanted },
    })
    expect(
      shaped(found.body, listOf(Door))
        .data.map((d) => d.door_id)
        .sort(),
    ).toEqual([...wanted].sort())
  })

  it('keeps org admins out of other organizations’ locations (404) and staff read-only (403)', async () => {
    const globex = await server().login(GLOBEX)
    const theirs = shaped(
      (await server().request('GET', '/sbm/v1/locations', { token: globex })).body,
      listOf(Location),
    )
    const target = theirs.data[0]
    if (!target) throw new Error('Globex has no location')
    const orgadmin = await server().login(ORGADMIN)
    expect(
      (
        await server().request('GET', `/sbm/v1/locations/${target.location_id}`, {
          token: orgadmin,
        })
      ).status,
    ).toBe(404)
    const put = await server().request('PUT', `/sbm/v1/locations/${target.location_id}`, {
      token: orgadmin,
      json: { name: 'Mine now' },
    })
    expect(put.status).toBe(404)
    const floor = await server().request('POST', '/sbm/v1/floors', {
      token: orgadmin,
      json: { location_id: target.location_id, name: 'Sneaky', position: 9 },
    })
    expect(floor.status).toBe(404)
    const staff = await server().login(STAFF)
    const create = await server().request('POST', '/sbm/v1/locations', {
      token: staff,
      json: { name: 'Nope' },
    })
    expect(create.status).toBe(403)
    const missing = await server().request('POST', '/sbm/v1/floors', {
      token: orgadmin,
      json: { name: 'F', position: 1 },
    })
    expect(missing.body).toEqual({
      error: 'validation',
      field: 'location_id',
      message: 'Location is required.',
      rule: 'required',
      params: { subject: 'location' },
    })
  })
})
