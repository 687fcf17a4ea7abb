import { describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { listOf } from '../../src/contract/list'
import { OutboxMessage } from '../../src/contract/notify'
import { ADMIN, ORGADMIN, STAFF, shaped, useServer } from './helpers'
import { race, tally } from './race-helpers'

// N parallel requests race for each "exactly once" rule; the answers must say exactly what the
// database then holds.
const N = 20
const server = useServer()

async function create(token: string, path: string, key: string, json: object): Promise<number> {
  const reply = await server().request('POST', path, { token, json })
  if (reply.status !== 201)
    throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`)
  return Number((reply.body as Record<string, unknown>)[key])
}

/** A fresh location with a floor, a room and a door, owned by the org admin's organization. */
async function tree(token: string, name: string) {
  const location = await create(token, '/sbm/v1/locations', 'location_id', { name })
  const floor = await create(token, '/sbm/v1/floors', 'floor_id', {
    location_id: location,
    name: 'Ground',
    position: 0,
  })
  const room = await create(token, '/sbm/v1/rooms', 'room_id', { floor_id: floor, name: 'Hall' })
  const door = await create(token, '/sbm/v1/doors', 'door_id', { room_id: room, name: 'Front' })
  return { location, floor, room, door }
}

let serial = 0
const deviceOn = (door: number) => ({
  name: 'Lock',
  description: 'Bolt',
  device_type_id: 'lock',
  manufacturer_id: 1,
  device_id_manufacturer: `ONCE-${++serial}`,
  assignment_type: 'door',
  assignment_id: door,
})

/** Makes one object of a kind with the org admin's token and answers the path that deletes it. */
const kinds: [string, (token: string, admin: string) => Promise<string>][] = [
  ['location', async (t) => `/sbm/v1/locations/${(await tree(t, 'Gone')).location}`],
  ['floor', async (t) => `/sbm/v1/floors/${(await tree(t, 'F')).floor}`],
  ['room', async (t) => `/sbm/v1/rooms/${(await tree(t, 'R')).room}`],
  ['door', async (t) => `/sbm/v1/doors/${(await tree(t, 'D')).door}`],
  [
    'device',
    async (t) => {
      const { door } = await tree(t, 'V')
      return `/sbm/v1/devices/${await create(t, '/sbm/v1/devices', 'device_id', deviceOn(door))}`
    },
  ],
  [
    'credential',
    async (t) => {
      const me = await server().request('GET', '/org/v1/users/me', { token: t })
      const id = await create(t, '/access/v1/credentials', 'credential_id', {
        user_id: (me.body as { user_id: number }).user_id,
        assignment_type: 'door',
        assignment_id: (await tree(t, 'C')).door,
        start_datetime: '2027-01-01T00:00:00Z',
        permanent: true,
      })
      return `/access/v1/credentials/${id}`
    },
  ],
  [
    'user',
    async (t) => {
      const json = {
        username: 'gone',
        email: 'gone@acme.example',
        roles: ['staff'],
        permissions: ['users:read:org'],
        organization_id: 1,
      }
      return `/org/v1/users/${await create(t, '/org/v1/users', 'user_id', json)}`
    },
  ],
  [
    'organization',
    async (_, admin) => {
      const json = { name: 'Gone', client_ids: ['gone-web'] }
      const id = await create(admin, '/org/v1/organizations', 'organization_id', json)
      return `/org/v1/organizations/${id}`
    },
  ],
]

describe('exactly once under concurrency', () => {
  it.each(kinds)('deletes a %s once: one 204, every other DELETE 404', async (kind, make) => {
    const [token, admin] = await Promise.all([server().login(ORGADMIN), server().login(ADMIN)])
    const path = await make(token, admin)
    // The org admin deletes what they made; organizations need a global administrator.
    const by = kind === 'organization' ? admin : token
    const replies = await race(N, () => server().request('DELETE', path, { token: by }))
    expect(tally(replies)).toEqual({ 204: 1, 404: N - 1 })
    expect((await server().request('GET', path, { token: by })).status).toBe(404)
  })

  it('answers PUT and DELETE racing on one location with what happened to it', async () => {
    const token = await server().login(ORGADMIN)
    const { location } = await tree(token, 'Contested')
    const path = `/sbm/v1/locations/${location}`
    // Only an empty location can go: the tree's parts first.
    const deep = await server().request('GET', `${path}?deep=true`, { token })
    const floorId = (deep.body as { floors: { floor_id: number }[] }).floors[0]?.floor_id
    expect((await server().request('DELETE', `/sbm/v1/floors/${floorId}`, { token })).status).toBe(
      204,
    )
    const replies = await race(N, (i) =>
      i % 2
        ? server().request('DELETE', path, { token })
        : server().request('PUT', path, { token, json: { name: `Renamed ${i}` } }),
    )
    const deletes = replies.filter((_, i) => i % 2)
    const puts = replies.filter((_, i) => i % 2 === 0)
    expect(tally(deletes)).toEqual({ 204: 1, 404: N / 2 - 1 })
    expect(puts.every((r) => r.status === 200 || r.status === 404)).toBe(true)
    for (const put of puts.filter((r) => r.status === 200)) {
      expect(put.body).toMatchObject({ location_id: location })
    }
    expect((await server().request('GET', path, { token })).status).toBe(404)
  })

  // What hangs on the door of a location being deleted: a device (the path to create it, and the
  // path listing what is left there) or a credential.
  const attachments: [string, (door: number, me: number) => [string, object], string][] = [
    ['device', (door) => ['/sbm/v1/devices', deviceOn(door)], '/sbm/v1/devices?length=500'],
    [
      'credential',
      (door, me) => [
        '/access/v1/credentials',
        {
          user_id: me,
          assignment_type: 'door',
          assignment_id: door,
          start_datetime: '2027-02-01T00:00:00Z',
          permanent: true,
        },
      ],
      '/access/v1/credentials?length=500',
    ],
  ]

  it.each(attachments)(
    'never leaves a %s on a location being deleted',
    async (_, attach, listPath) => {
      const token = await server().login(ORGADMIN)
      const { location, door } = await tree(token, 'Emptying')
      const me = await server().request('GET', '/org/v1/users/me', { token })
      const userId = (me.body as { user_id: number }).user_id
      const replies = await race(N, (i) => {
        if (i === 0) return server().request('DELETE', `/sbm/v1/locations/${location}`, { token })
        const [path, json] = attach(door, userId)
        return server().request('POST', path, { token, json })
      })
      const [deleted, ...attaches] = replies
      const created = attaches.filter((r) => r.status === 201).length
      const list = await server().request('GET', listPath, { token })
      const left = (list.body as { data: { assignment_type: string; assignment_id: number }[] })
        .data
      const onDoor = left.filter((x) => x.assignment_type === 'door' && x.assignment_id === door)
      if (deleted?.status === 204) {
        expect(tally(attaches)).toEqual({ 404: N - 1 })
      } else {
        expect(deleted?.status).toBe(409)
        expect(tally(attaches)).toEqual({ 201: N - 1 })
      }
      expect(onDoor).toHaveLength(created)
    },
  )

  it('refuses to delete an organization that gains a user meanwhile', async () => {
    const admin = await server().login(ADMIN)
    const org = await create(admin, '/org/v1/organizations', 'organization_id', {
      name: 'Hiring',
      client_ids: ['hiring-web'],
    })
    const replies = await race(N, (i) =>
      i === 0
        ? server().request('DELETE', `/org/v1/organizations/${org}`, { token: admin })
        : server().request('POST', '/org/v1/users', {
            token: admin,
            json: {
              username: `hire.${i}`,
              email: `hire.${i}@hiring.example`,
              // A global administrator grants only what they hold: the global admin role.
              roles: ['admin'],
              permissions: ['users:read'],
              organization_id: org,
            },
          }),
    )
    const [deleted, ...hires] = replies
    const exists = (await server().request('GET', `/org/v1/organizations/${org}`, { token: admin }))
      .status
    if (deleted?.status === 204) {
      expect(exists).toBe(404)
      expect(hires.every((r) => r.status === 404 || r.status === 409)).toBe(true)
    } else {
      expect(deleted?.status).toBe(409)
      expect(exists).toBe(200)
      expect(tally(hires)).toEqual({ 201: N - 1 })
    }
  })

  it('rotates one refresh token once: one 200, every other use 401', async () => {
    const pair = await server().pair(STAFF)
    const replies = await race(N, () =>
      server().request('POST', '/auth/v1/token/refresh', {
        json: { refresh_token: pair.refresh_token },
      }),
    )
    expect(tally(replies)).toEqual({ 200: 1, 401: N - 1 })
    shaped(replies.find((r) => r.status === 200)?.body, TokenPair)
  })

  it('uses a password reset link once: one 200, every other use 400', async () => {
    await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: STAFF },
    })
    const outbox = await server().request('GET', '/dev/outbox?length=50')
    const message = shaped(outbox.body, listOf(OutboxMessage)).data.find(
      (m) => m.recipient === STAFF,
    )
    const token = message?.link?.split('token=')[1]
    const replies = await race(N, (i) =>
      server().request('POST', '/org/v1/users/password-reset', {
        json: { token, new_password: `Raced-Secret-${i}` },
      }),
    )
    expect(tally(replies)).toEqual({ 200: 1, 400: N - 1 })
  })
})
