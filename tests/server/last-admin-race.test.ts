import { describe, expect, it } from 'vitest'
import { Me, User } from '../../src/contract/users'
import { ADMIN, PASSWORD, shaped, useServer } from './helpers'
import { hashPassword } from '../../server/auth/passwords'
import { keepLastAdmin } from '../../server/db/last-admin'
import { HttpError } from '../../server/http/errors'

// The last account holding users:update everywhere stays (decision 074). Two such admins disabling
// each other at the same moment: whatever order the database picks, one stays enabled. On
// PostgreSQL (TEST_DATABASE_URL, a pool of connections) the requests really meet in the database;
// on PGlite the single connection serializes them and the second meets the first's commit.

const server = useServer()
const ROUNDS = 6

/** What the seeded admin holds: every permission, so each admin can make the next. */
let adminPermissions: string[] = []

async function newAdmin(token: string, name: string) {
  const reply = await server().request('POST', '/org/v1/users', {
    token,
    json: {
      username: name,
      email: `${name}@race.example`,
      roles: ['admin'],
      permissions: adminPermissions,
      organization_id: 1,
    },
  })
  expect(reply.status).toBe(201)
  const user = shaped(reply.body, User)
  // A password to sign in with, as an invitation link would set.
  await server().running.handle.services.db.query(
    'update users set password_hash = $2 where user_id = $1',
    [user.user_id, await hashPassword(PASSWORD, 10)],
  )
  return { user, token: await server().login(user.email) }
}

const disable = (token: string, id: number) =>
  server().request('PUT', `/org/v1/users/${id}`, { token, json: { disabled: true } })

const enabledAdmins = async () =>
  server().running.handle.services.db.query<{ user_id: number }>(
    `select user_id from users where not disabled and 'users:update' = any(permissions)`,
  )

describe('the last admin', () => {
  it('stays when two admins disable each other at once', { timeout: 120_000 }, async () => {
    // The seeded admin makes the first pair, then leaves administration: only the pair remains.
    const seeded = await server().login(ADMIN)
    const me = await server().request('GET', '/org/v1/users/me', { token: seeded })
    adminPermissions = shaped(me.body, Me).permissions
    let survivor = await newAdmin(seeded, 'race-0')
    const statuses: number[] = []
    const rules: unknown[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const a = survivor
      const b = await newAdmin(a.token, `race-${round}`)
      for (const { user_id } of await enabledAdmins()) {
        if (user_id !== a.user.user_id && user_id !== b.user.user_id) {
          expect((await disable(a.token, user_id)).status).toBe(200)
        }
      }
      expect((await enabledAdmins()).map((u) => u.user_id).sort()).toEqual(
        [a.user.user_id, b.user.user_id].sort(),
      )
      const replies = await Promise.all([
        disable(a.token, b.user.user_id),
        disable(b.token, a.user.user_id),
      ])
      for (const reply of replies) {
        statuses.push(reply.status)
        if (reply.status === 409) rules.push((reply.body as { rule?: string }).rule)
      }
      // One stays, whoever went first.
      const left = await enabledAdmins()
      expect(left).toHaveLength(1)
      survivor = left[0]?.user_id === a.user.user_id ? a : b
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    }
    // The loser is refused as the last admin, or, signed out by then, as no longer signed in.
    expect(statuses.every((s) => [200, 401, 409].includes(s))).toBe(true)
    expect(rules.every((rule) => rule === 'last_admin')).toBe(true)
  })

  it('refuses, in the database, to take the last admin away', async () => {
    const left = await enabledAdmins()
    expect(left).toHaveLength(1)
    const { db } = server().running.handle.services
    // Only the last admin could ask, and not about itself: its guard is met through the database.
    const refused = db.tx((q) =>
      keepLastAdmin(
        q,
        left.map((u) => u.user_id),
      ),
    )
    await expect(refused).rejects.toMatchObject({ status: 409 })
    await expect(refused.catch((e: unknown) => e)).resolves.toBeInstanceOf(HttpError)
  })
})
