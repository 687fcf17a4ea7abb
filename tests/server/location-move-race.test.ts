import { describe, expect, it } from 'vitest'
import { Door, Floor, Location, Room } from '../../src/contract/locations'
import { ADMIN, shaped, useServer } from './helpers'

// A move races device and credential writes under the same location. Whatever order the database
// picks, no device or credential may end up in another organization than what it is mounted on or
// opens (migration 003's keys and trigger). Meaningful on PostgreSQL (TEST_DATABASE_URL); on
// PGlite the single connection serializes the same requests.

const server = useServer()
const GLOBEX_ORG = 2
const STAFF_ID = 3
const ROUNDS = 8

async function post(token: string, path: string, json: unknown) {
  const reply = await server().request('POST', path, { token, json })
  expect(reply.status).toBe(201)
  return reply.body
}

describe('a location move racing writes under it', () => {
  it(
    'never leaves a device or credential in another organization',
    { timeout: 120_000 },
    async () => {
      const token = await server().login(ADMIN)
      const statuses = new Set<number>()
      for (let round = 0; round < ROUNDS; round++) {
        const location = shaped(
          await post(token, '/sbm/v1/locations', { name: `Race ${round}`, organization_id: 1 }),
          Location,
        )
        const floor = shaped(
          await post(token, '/sbm/v1/floors', {
            location_id: location.location_id,
            name: 'F',
            position: 0,
          }),
          Floor,
        )
        const room = shaped(
          await post(token, '/sbm/v1/rooms', { floor_id: floor.floor_id, name: 'R' }),
          Room,
        )
        const door = shaped(
          await post(token, '/sbm/v1/doors', { room_id: room.room_id, name: 'D' }),
          Door,
        )
        const device = (i: number) =>
          server().request('POST', '/sbm/v1/devices', {
            token,
            json: {
              name: `Race lock ${round}.${i}`,
              description: 'race',
              device_type_id: 'lock',
              manufacturer_id: 2,
              device_id_manufacturer: `RACE-${round}-${i}`,
              assignment_type: 'door',
              assignment_id: door.door_id,
            },
          })
        const credential = () =>
          server().request('POST', '/access/v1/credentials', {
            token,
            json: {
              user_id: STAFF_ID,
              assignment_type: 'door',
              assignment_id: door.door_id,
              start_datetime: '2026-01-01T08:00:00Z',
              end_datetime: '2026-12-31T18:00:00Z',
            },
          })
        const move = server().request('PUT', `/sbm/v1/locations/${location.location_id}`, {
          token,
          json: { organization_id: GLOBEX_ORG },
        })
        const replies = await Promise.all([device(1), credential(), move, device(2), credential()])
        for (const reply of replies) statuses.add(reply.status)
      }
      expect([...statuses].every((s) => [200, 201, 400, 404, 409].includes(s))).toBe(true)
      const { db } = server().running.handle.services
      const strayDevices = await db.query(
        `select d.device_id from devices d join locations l using (location_id)
       where d.organization_id <> l.organization_id`,
      )
      const strayCredentials = await db.query(
        `select c.credential_id from credentials c join doors d on d.door_id = c.assignment_id
       where c.assignment_type = 'door' and c.organization_id <> d.organization_id`,
      )
      expect(strayDevices).toEqual([])
      expect(strayCredentials).toEqual([])
    },
  )
})
