import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listOf } from '../../src/contract/list'
import { Me, RolesPermissionsResponse, User } from '../../src/contract/users'
import { ADMIN, STAFF, shaped, useServer } from './helpers'

// A user holds exactly the permissions on their row; the role only pre-fills them
// (docs/decisions/021-permissions-are-the-users-own.md).

const server = useServer()
const UserPage = listOf(User)

async function staffRole(token: string) {
  const roles = await server().request('GET', '/org/v1/users/roles/permissions', { token })
  const staff = shaped(roles.body, RolesPermissionsResponse).data.find((r) => r.role === 'staff')
  return staff?.permissions ?? []
}

async function staffUser(token: string) {
  const found = await server().request('GET', `/org/v1/users?search=${STAFF}`, { token })
  const user = shaped(found.body, UserPage).data[0]
  if (!user) throw new Error('the seeded staff user is missing')
  return user
}

describe('permissions are the user’s own', () => {
  it('a permission unticked from the role’s preset is gone, in the user and in the session', async () => {
    const admin = await server().login(ADMIN)
    const preset = await staffRole(admin)
    expect(preset).toContain('locations:read:org')
    const staff = await staffUser(admin)
    expect([...staff.effective_permissions].sort()).toEqual([...preset].sort())

    const fewer = preset.filter((p) => p !== 'locations:read:org')
    const updated = await server().request('PUT', `/org/v1/users/${staff.user_id}`, {
      token: admin,
      json: { permissions: fewer },
    })
    expect(updated.status).toBe(200)
    const user = shaped(updated.body, User)
    expect(user.roles).toEqual(['staff'])
    expect(user.effective_permissions).not.toContain('locations:read:org')
    expect([...user.effective_permissions].sort()).toEqual([...fewer].sort())

    const token = await server().login(STAFF)
    const me = shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me)
    expect(me.permissions).not.toContain('locations:read:org')
    expect((await server().request('GET', '/sbm/v1/locations', { token })).status).toBe(403)

    // Ticking it again gives it back.
    await server().request('PUT', `/org/v1/users/${staff.user_id}`, {
      token: admin,
      json: { permissions: preset },
    })
    const again = await server().login(STAFF)
    expect((await server().request('GET', '/sbm/v1/locations', { token: again })).status).toBe(200)
  })

  it('a permission beyond the role is held too, and counted once', async () => {
    const admin = await server().login(ADMIN)
    const preset = await staffRole(admin)
    const staff = await staffUser(admin)
    const more = [...preset, 'locations:update:org', 'locations:update:org']
    const updated = await server().request('PUT', `/org/v1/users/${staff.user_id}`, {
      token: admin,
      json: { permissions: more },
    })
    expect(updated.status).toBe(200)
    expect([...shaped(updated.body, User).effective_permissions].sort()).toEqual(
      [...new Set(more)].sort(),
    )
    await server().request('PUT', `/org/v1/users/${staff.user_id}`, {
      token: admin,
      json: { permissions: preset },
    })
  })

  it('migration 009 folds each role’s permissions into the row, so nobody’s rights change', async () => {
    const db = server().running.handle.services.db
    const [org] = await db.query<{ organization_id: number }>(
      'select organization_id from organizations order by organization_id limit 1',
    )
    const [row] = await db.query<{ user_id: number }>(
      `insert into users (organization_id, username, email, roles, permissions)
       values ($1, 'before.009', 'before.009@acme.example', '{staff}', '{locations:update:org}')
       returning user_id`,
      [org?.organization_id],
    )
    const sql = readFileSync(
      join(import.meta.dirname, '../../server/db/migrations/009-direct-permissions.sql'),
      'utf8',
    )
    await db.query(sql)
    const [after] = await db.query<{ permissions: string[] }>(
      'select permissions from users where user_id = $1',
      [row?.user_id],
    )
    const admin = await server().login(ADMIN)
    const expected = [...(await staffRole(admin)), 'locations:update:org'].sort()
    expect([...(after?.permissions ?? [])].sort()).toEqual(expected)
  })
})
