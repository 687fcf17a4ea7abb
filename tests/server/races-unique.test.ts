import { describe, expect, it } from 'vitest'
import { Credential } from '../../src/contract/credentials'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { Door } from '../../src/contract/locations'
import { Organization } from '../../src/contract/organizations'
import { User } from '../../src/contract/users'
import { ADMIN, ORGADMIN, shaped, useServer } from './helpers'
import { bodiesOf, race, tally } from './race-helpers'

// Each rule below is raced by N parallel requests; on PostgreSQL (a pool of 10 connections) they
// really meet in the database, so only a database mechanism can give the exact outcome.
const N = 20
const server = useServer()

async function firstDoor(token: string) {
  const page = shaped(
    (await server().request('GET', '/sbm/v1/doors?length=1', { token })).body,
    listOf(Door),
  )
  const door = page.data[0]
  if (!door) throw new Error('seed has no door')
  return door
}

async function myUserId(token: string) {
  const me = await server().request('GET', '/org/v1/users/me', { token })
  return (me.body as { user_id: number }).user_id
}

describe('uniqueness under concurrency', () => {
  it('registers one manufacturer serial once, whatever its letter case', async () => {
    const token = await server().login(ORGADMIN)
    const door = await firstDoor(token)
    const replies = await race(N, (i) =>
      server().request('POST', '/sbm/v1/devices', {
        token,
        json: {
          name: `Racing lock ${i}`,
          description: 'Same serial, other case',
          device_type_id: 'lock',
          manufacturer_id: 1,
          device_id_manufacturer: i % 2 ? 'race-serial-7' : 'RACE-Serial-7',
          assignment_type: 'door',
          assignment_id: door.door_id,
        },
      }),
    )
    expect(tally(replies)).toEqual({ 201: 1, 409: N - 1 })
    for (const body of bodiesOf(replies, 409)) {
      expect(body).toEqual({
        error: 'conflict',
        message: 'This manufacturer ID is already registered.',
        field: 'device_id_manufacturer',
        rule: 'taken',
        params: { subject: 'manufacturer_id' },
      })
    }
    const found = await server().request('GET', '/sbm/v1/devices?search=race-serial-7', { token })
    expect(shaped(found.body, listOf(Device)).recordsFiltered).toBe(1)
  })

  it('gives a client id to one organization only', async () => {
    const token = await server().login(ADMIN)
    const replies = await race(N, (i) =>
      server().request('POST', '/org/v1/organizations', {
        token,
        json: { name: `Racing org ${i}`, client_ids: ['race-client'] },
      }),
    )
    expect(tally(replies)).toEqual({ 201: 1, 409: N - 1 })
    for (const body of bodiesOf(replies, 409)) {
      expect(body).toEqual({
        error: 'conflict',
        message: 'Client already exists!',
        field: 'client_ids',
        rule: 'taken',
        params: { subject: 'client' },
      })
    }
    const all = await server().request('GET', '/org/v1/organizations?length=500', { token })
    const holders = shaped(all.body, listOf(Organization)).data.filter((o) =>
      o.client_ids.includes('race-client'),
    )
    expect(holders).toHaveLength(1)
    expect(holders[0]?.name.startsWith('Racing org')).toBe(true)
  })

  it('keeps usernames and e-mails unique, ignoring case, answering at the field', async () => {
    const token = await server().login(ORGADMIN)
    for (const field of ['username', 'email'] as const) {
      const replies = await race(N, (i) =>
        server().request('POST', '/org/v1/users', {
          token,
          json: {
            username: field === 'username' ? (i % 2 ? 'Racer' : 'racer') : `racer.${i}`,
            email:
              field === 'email'
                ? i % 2
                  ? 'RACER@acme.example'
                  : 'racer@acme.example'
                : `r${i}@acme.example`,
            roles: ['staff'],
            permissions: ['users:read:org'],
            organization_id: 1,
          },
        }),
      )
      expect(tally(replies)).toEqual({ 201: 1, 409: N - 1 })
      for (const body of bodiesOf(replies, 409)) {
        expect(body).toEqual({
          error: 'conflict',
          message: `This ${field} is already taken.`,
          field,
          rule: 'taken',
          params: { subject: field },
        })
      }
      const found = await server().request('GET', '/org/v1/users?search=racer&length=100', {
        token,
      })
      const users = shaped(found.body, listOf(User)).data
      expect(users.filter((u) => u[field].toLowerCase().startsWith('racer'))).toHaveLength(1)
    }
  })

  it('lets one exclusive credential hold a door in a time window', async () => {
    const token = await server().login(ORGADMIN)
    const [door, userId] = await Promise.all([firstDoor(token), myUserId(token)])
    const window = {
      user_id: userId,
      assignment_type: 'door',
      assignment_id: door.door_id,
      exclusive: true,
    }
    const replies = await race(N, (i) =>
      server().request('POST', '/access/v1/credentials', {
        token,
        json: {
          ...window,
          // Different windows, all overlapping 2027-05-10 12:00–13:00.
          start_datetime: `2027-05-10T${String(i % 12).padStart(2, '0')}:00:00Z`,
          end_datetime: `2027-05-10T${String(13 + (i % 10)).padStart(2, '0')}:00:00Z`,
        },
      }),
    )
    expect(tally(replies)).toEqual({ 201: 1, 409: N - 1 })
    for (const body of bodiesOf(replies, 409)) {
      expect(body).toEqual({
        error: 'conflict',
        message: 'An exclusive credential overlaps this time window.',
        field: 'exclusive',
        rule: 'conflict',
        params: {},
      })
    }
    const held = await credentialsOn(token, door.door_id, '2027-05-10')
    expect(held).toHaveLength(1)
    expect(held[0]?.credential_id).toBe(shaped(bodiesOf(replies, 201)[0], Credential).credential_id)
  })

  it('never lets an exclusive credential share its window with any other', async () => {
    const token = await server().login(ORGADMIN)
    const [door, userId] = await Promise.all([firstDoor(token), myUserId(token)])
    const replies = await race(N, (i) =>
      server().request('POST', '/access/v1/credentials', {
        token,
        json: {
          user_id: userId,
          assignment_type: 'door',
          assignment_id: door.door_id,
          exclusive: i % 2 === 0,
          start_datetime: '2027-06-01T08:00:00Z',
          end_datetime: '2027-06-01T18:00:00Z',
        },
      }),
    )
    const held = await credentialsOn(token, door.door_id, '2027-06-01')
    // Either one exclusive credential won alone, or only shared ones were created.
    const exclusive = held.filter((c) => c.exclusive)
    if (exclusive.length > 0) expect(held).toHaveLength(1)
    expect(exclusive.length).toBeLessThanOrEqual(1)
    expect(tally(replies)).toEqual({ 201: held.length, 409: N - held.length })
  })
})

async function credentialsOn(token: string, doorId: number, day: string) {
  const page = await server().request('GET', '/access/v1/credentials?length=500', { token })
  return shaped(page.body, listOf(Credential)).data.filter(
    (c) =>
      c.assignment_type === 'door' &&
      c.assignment_id === doorId &&
      c.start_datetime.startsWith(day),
  )
}
