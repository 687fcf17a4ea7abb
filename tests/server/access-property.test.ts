import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ACCESS_PATH, AccessAnswer } from '../../src/contract/access'
import { Credential } from '../../src/contract/credentials'
import { User } from '../../src/contract/users'
import { ADMIN, shaped, useServer } from './helpers'

// "Who could open it then" is rebuilt from the journal (server/db/access-at.ts). The property: after
// any sequence of credential, user and device-assignment changes made through the API, the answer
// for every past moment equals the answer that was given at that moment from the tables as they
// were (the snapshot). Both are asked of the real server, on PGlite and on PostgreSQL.

const server = useServer()
const db = () => server().running.handle.services.db
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const DAY = 86_400_000

type Place = 'door' | 'location' | 'device on the door' | 'device elsewhere' | 'another door'
type Window = 'now' | 'next week' | 'expired' | 'permanent' | 'daily' | 'weekly'

type Step =
  | { kind: 'grant'; user: number; place: Place; window: Window }
  | { kind: 'change'; credential: number; place?: Place; window?: Window; user?: number }
  | { kind: 'revoke'; credential: number }
  | { kind: 'disable'; user: number; disabled: boolean }
  | { kind: 'remount'; toDoor: boolean }

const place = fc.constantFrom<Place>(
  'door',
  'location',
  'device on the door',
  'device elsewhere',
  'another door',
)
const window = fc.constantFrom<Window>(
  'now',
  'next week',
  'expired',
  'permanent',
  'daily',
  'weekly',
)
const user = fc.nat(2)
const credential = fc.nat(20)
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('grant' as const), user, place, window }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        kind: fc.constant('change' as const),
        credential,
        place,
        window,
        user,
      },
      { requiredKeys: ['kind', 'credential'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revoke' as const), credential }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('disable' as const), user, disabled: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('remount' as const), toDoor: fc.boolean() }),
  },
)

function windowOf(choice: Window, t0: number) {
  const at = (offset: number) => new Date(t0 + offset).toISOString()
  switch (choice) {
    case 'now':
      return { start_datetime: at(-DAY), end_datetime: at(DAY), permanent: false, repetition: null }
    case 'next week':
      return {
        start_datetime: at(7 * DAY),
        end_datetime: at(8 * DAY),
        permanent: false,
        repetition: null,
      }
    case 'expired':
      return {
        start_datetime: at(-3 * DAY),
        end_datetime: at(-DAY),
        permanent: false,
        repetition: null,
      }
    case 'permanent':
      return { start_datetime: at(-DAY), end_datetime: null, permanent: true, repetition: null }
    case 'daily':
      // A window of a few hours around now on the wall clock, so moments fall on both sides of it.
      return {
        start_datetime: at(-DAY - 2 * 3_600_000),
        end_datetime: at(2 * DAY - 20 * 3_600_000),
        permanent: false,
        repetition: { type: 'daily' },
      }
    case 'weekly':
      return {
        start_datetime: at(-2 * DAY),
        end_datetime: at(5 * DAY),
        permanent: false,
        repetition: { type: 'weekly', weekdays: ['mon', 'wed', 'fri', 'sat'] },
      }
  }
}

describe('who could open it, rebuilt from the journal', () => {
  it('equals, for every past moment, the answer given at that moment', async () => {
    const admin = await server().login(ADMIN)
    const request = (method: string, path: string, json?: unknown) =>
      server().request(method, path, { token: admin, json })

    // A door with a device on it, a device on another door of the same location, and three people.
    const [fixture] = await db().query<{
      door_id: number
      location_id: number
      organization_id: number
      device_on_door: number
      device_elsewhere: number
      elsewhere_door: number
    }>(
      `select d.door_id, d.location_id, d.organization_id, on_door.device_id as device_on_door,
              other.device_id as device_elsewhere, other.assignment_id as elsewhere_door
       from doors d
       join lateral (select device_id from devices
                     where assignment_type = 'door' and assignment_id = d.door_id
                     order by device_id limit 1) on_door on true
       join lateral (select device_id, assignment_id from devices
                     where assignment_type = 'door' and assignment_id <> d.door_id
                       and location_id = d.location_id order by device_id limit 1) other on true
       order by d.door_id limit 1`,
    )
    if (!fixture) throw new Error('no door with a device and a neighbour')
    const people: number[] = []
    for (const n of [1, 2, 3]) {
      const created = await request('POST', '/org/v1/users', {
        organization_id: fixture.organization_id,
        username: `prop.${n}`,
        email: `prop.${n}@acme.example`,
        first_name: 'Prop',
        last_name: String(n),
        roles: ['staff'],
        permissions: ['users:read:org'],
        client_ids: ['acme-web'],
      })
      expect(created.status).toBe(201)
      people.push(shaped(created.body, User).user_id)
    }
    const t0 = Date.now()
    const placeOf = (choice: Place) =>
      ({
        door: { assignment_type: 'door', assignment_id: fixture.door_id },
        location: { assignment_type: 'location', assignment_id: fixture.location_id },
        'device on the door': { assignment_type: 'device', assignment_id: fixture.device_on_door },
        'device elsewhere': { assignment_type: 'device', assignment_id: fixture.device_elsewhere },
        'another door': { assignment_type: 'door', assignment_id: fixture.elsewhere_door },
      })[choice]
    const targets = [
      `door_id=${fixture.door_id}`,
      `location_id=${fixture.location_id}`,
      `device_id=${fixture.device_elsewhere}`,
      `door_id=${fixture.elsewhere_door}`,
    ]
    const ask = async (query: string) => {
      const reply = await server().request('GET', `${ACCESS_PATH}?${query}`, { token: admin })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      return shaped(reply.body, AccessAnswer)
    }

    let nonEmpty = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const credentials: number[] = []
        const snapshots: { query: string; answer: AccessAnswer }[] = []
        const userOf = (n: number) => people[n % people.length] ?? 0
        for (const s of steps) {
          // The n-th credential made in this run (none before the first grant: n % 0 is NaN).
          const existing =
            'credential' in s ? credentials[s.credential % credentials.length] : undefined
          if (s.kind === 'grant') {
            const created = await request('POST', '/access/v1/credentials', {
              user_id: userOf(s.user),
              ...placeOf(s.place),
              ...windowOf(s.window, t0),
            })
            expect(created.status, JSON.stringify(created.body)).toBe(201)
            credentials.push(shaped(created.body, Credential).credential_id)
          } else if (s.kind === 'change' && existing !== undefined) {
            const changed = await request('PUT', `/access/v1/credentials/${existing}`, {
              ...(s.user === undefined ? {} : { user_id: userOf(s.user) }),
              ...(s.place === undefined ? {} : placeOf(s.place)),
              ...(s.window === undefined ? {} : windowOf(s.window, t0)),
            })
            expect(changed.status, JSON.stringify(changed.body)).toBe(200)
          } else if (s.kind === 'revoke' && existing !== undefined) {
            expect((await request('DELETE', `/access/v1/credentials/${existing}`)).status).toBe(204)
            credentials.splice(credentials.indexOf(existing), 1)
          } else if (s.kind === 'disable') {
            const put = await request('PUT', `/org/v1/users/${userOf(s.user)}`, {
              disabled: s.disabled,
            })
            expect(put.status).toBe(200)
          } else if (s.kind === 'remount') {
            const put = await request('PUT', `/sbm/v1/devices/${fixture.device_elsewhere}`, {
              assignment_type: 'door',
              assignment_id: s.toDoor ? fixture.door_id : fixture.elsewhere_door,
            })
            expect(put.status).toBe(200)
          }
          // The snapshot: the answer now, from today's tables, a moment after the change.
          await sleep(3)
          for (const query of targets) snapshots.push({ query, answer: await ask(query) })
          await sleep(3)
        }
        for (const { query, answer } of snapshots) {
          const then = await ask(`${query}&at=${encodeURIComponent(answer.at)}`)
          expect(
            { count: then.people_count, people: then.people },
            `${query} at ${answer.at} after ${JSON.stringify(steps)}`,
          ).toEqual({ count: answer.people_count, people: answer.people })
          if (answer.people.some((p) => people.includes(p.user_id))) nonEmpty += 1
        }
        // Leave the next run a clean start: nobody disabled, the device back, no credentials.
        for (const id of credentials) await request('DELETE', `/access/v1/credentials/${id}`)
        for (const id of people) await request('PUT', `/org/v1/users/${id}`, { disabled: false })
      }),
      { numRuns: 12 },
    )
    // The property was tested on answers that named the generated people, not only on empty ones.
    expect(nonEmpty).toBeGreaterThan(10)
    // Some 800 requests: 34 s on a 2-core host at a load average of 13.
  }, 120_000)
})
