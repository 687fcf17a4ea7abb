import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { listOf } from '../../src/contract/list'
import { Me, PermissionsResponse, RolesPermissionsResponse, User } from '../../src/contract/users'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

const server = useServer()
const UserPage = listOf(User)

const staffGrants = ['users:read:org']

async function me(token: string) {
  return shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me)
}

describe('users', () => {
  it('lists the caller’s permissions and every role’s permissions', async () => {
    const token = await server().login(AUDITOR)
    const mine = await server().request('GET', '/org/v1/users/permissions', { token })
    // An auditor reads the audit log and, to check it against the doors, who may enter when, and
    // the alerts' rules and incidents (decision 079) and the webhooks (decision 081).
    expect(shaped(mine.body, PermissionsResponse).permissions).toEqual([
      'access_rules:read:org',
      'alert_rules:read:org',
      'devices:audits:read:org',
      'groups:read:org',
      'incidents:read:org',
      'schedules:read:org',
      'webhooks:read:org',
    ])
    const roles = await server().request('GET', '/org/v1/users/roles/permissions', { token })
    const data = shaped(roles.body, RolesPermissionsResponse).data
    expect(data.map((r) => r.role)).toEqual(['admin', 'org_admin', 'staff', 'auditor'])
  })

  it('answers /me with the caller’s names as they are now, not as they were at sign-in', async () => {
    const orgadmin = await server().login(ORGADMIN)
    const before = await me(orgadmin)
    const admin = await server().login(ADMIN)
    const renamed = await server().request('PUT', `/org/v1/users/${before.user_id}`, {
      token: admin,
      json: { title: 'Ms.', first_name: 'Renata', last_name: 'Quill' },
    })
    expect(renamed.status).toBe(200)
    expect(await me(orgadmin)).toMatchObject({
      user_id: before.user_id,
      title: 'Ms.',
      first_name: 'Renata',
      last_name: 'Quill',
      email: before.email,
      organization_name: before.organization_name,
    })
  })

  it('pages, sorts and searches; defaults to user_id descending', async () => {
    const token = await server().login(ADMIN)
    const all = shaped((await server().request('GET', '/org/v1/users', { token })).body, UserPage)
    expect(all.data).toHaveLength(15)
    const ids = all.data.map((u) => u.user_id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const page2 = shaped(
      (await server().request('GET', '/org/v1/users?start=15&length=15', { token })).body,
      UserPage,
    )
    expect(page2.data.length).toBe(all.recordsTotal - 15)
    const sorted = shaped(
      (await server().request('GET', '/org/v1/users?order_by=email&order_direction=asc', { token }))
        .body,
      UserPage,
    )
    const emails = sorted.data.map((u) => u.email.toLowerCase())
    expect(emails).toEqual([...emails].sort())
    const found = shaped(
      (await server().request('GET', '/org/v1/users?search=ORGADMIN', { token })).body,
      UserPage,
    )
    expect(found.recordsFiltered).toBe(1)
    expect(found.recordsTotal).toBe(all.recordsTotal)
  })

  it('refuses unknown sort columns and out-of-range paging with 400 naming the field', async () => {
    const token = await server().login(ADMIN)
    for (const [q, field] of [
      ['order_by=password_hash', 'order_by'],
      ['order_direction=up', 'order_direction'],
      ['start=-1', 'start'],
      ['length=0', 'length'],
      ['length=ten', 'length'],
      ['bogus=1', 'bogus'],
    ]) {
      const reply = await server().request('GET', `/org/v1/users?${q}`, { token })
      expect(reply.status, q).toBe(400)
      expect(shaped(reply.body, ErrorBody).field).toBe(field)
    }
  })

  it('caps length at 500', async () => {
    const token = await server().login(ADMIN)
    const reply = await server().request('GET', '/sbm/v1/devices/audit?length=100000', { token })
    expect((reply.body as { data: unknown[] }).data).toHaveLength(200)
  })

  it('scopes :org readers to their organization; other organizations’ users answer 404', async () => {
    const token = await server().login(STAFF)
    const page = shaped(
      (await server().request('GET', '/org/v1/users?length=100', { token })).body,
      UserPage,
    )
    expect(new Set(page.data.map((u) => u.organization_name))).toEqual(new Set(['Acme']))
    const globex = await me(await server().login(GLOBEX))
    expect(
      (await server().request('GET', `/org/v1/users/${globex.user_id}`, { token })).status,
    ).toBe(404)
    expect((await server().request('GET', '/org/v1/users/999999', { token })).status).toBe(404)
    expect((await server().request('GET', '/org/v1/users/abc', { token })).status).toBe(400)
  })

  it('creates, updates and deletes a user within the org admin’s organization', async () => {
    const token = await server().login(ORGADMIN)
    const acme = (await me(token)).organization_id
    const created = await server().request('POST', '/org/v1/users', {
      token,
      json: {
        organization_id: acme,
        permissions: staffGrants,
        username: 'new.person',
        email: 'new.person@acme.example',
        title: 'Ms.',
        first_name: 'New',
        last_name: 'Person',
        roles: ['staff'],
        client_ids: ['acme-web'],
      },
    })
    expect(created.status).toBe(201)
    const user = shaped(created.body, User)
    expect(user.organization_name).toBe('Acme')
    expect(user.effective_permissions).toContain('users:read:org')

    const updated = await server().request('PUT', `/org/v1/users/${user.user_id}`, {
      token,
      json: { last_name: 'Renamed', roles: ['auditor'], permissions: ['devices:audits:read:org'] },
    })
    expect(updated.status).toBe(200)
    expect(shaped(updated.body, User)).toMatchObject({ last_name: 'Renamed', roles: ['auditor'] })
    const fetched = await server().request('GET', `/org/v1/users/${user.user_id}`, { token })
    expect(shaped(fetched.body, User).effective_permissions).toEqual(['devices:audits:read:org'])

    const clash = await server().request('POST', '/org/v1/users', {
      token,
      json: {
        username: 'someone',
        email: 'NEW.person@acme.example',
        roles: ['staff'],
        permissions: staffGrants,
        organization_id: acme,
      },
    })
    expect(clash.status).toBe(409)
    expect(shaped(clash.body, ErrorBody).field).toBe('email')

    expect(
      (await server().request('DELETE', `/org/v1/users/${user.user_id}`, { token })).status,
    ).toBe(204)
    expect((await server().request('GET', `/org/v1/users/${user.user_id}`, { token })).status).toBe(
      404,
    )
  })

  it('answers a search’s recordsTotal as the unsearched total, after creates and deletes', async () => {
    const token = await server().login(ORGADMIN)
    const totals = async () => {
      const list = async (q: string) =>
        shaped((await server().request('GET', `/org/v1/users?${q}`, { token })).body, UserPage)
      return [(await list('')).recordsTotal, (await list('search=zzzz')).recordsTotal]
    }
    const [before] = await totals()
    const created = await server().request('POST', '/org/v1/users', {
      token,
      json: {
        username: 'counted',
        email: 'counted@acme.example',
        roles: ['staff'],
        permissions: staffGrants,
        organization_id: (await me(token)).organization_id,
      },
    })
    expect(created.status).toBe(201)
    expect(await totals()).toEqual([(before ?? 0) + 1, (before ?? 0) + 1])
    const id = shaped(created.body, User).user_id
    expect((await server().request('DELETE', `/org/v1/users/${id}`, { token })).status).toBe(204)
    expect(await totals()).toEqual([before, before])
  })

  it("uses the product's messages for invalid user input", async () => {
    const token = await server().login(ORGADMIN)
    const valid = { permissions: staffGrants, organization_id: (await me(token)).organization_id }
    const cases: [Record<string, unknown>, string, string, string, object][] = [
      [
        { username: '', email: 'a@b.cd', roles: ['staff'], ...valid },
        'username',
        'Username is required.',
        'required',
        { subject: 'username' },
      ],
      [
        { username: 'x', email: '', roles: ['staff'], ...valid },
        'email',
        'The email field is required.',
        'required',
        { subject: 'email' },
      ],
      [
        { username: 'x', email: 'nope', roles: ['staff'], ...valid },
        'email',
        'Please enter valid email address.',
        'email_invalid',
        {},
      ],
      [
        { username: 'x', email: 'a@b.cd', roles: [], ...valid },
        'roles',
        'At least one role is required.',
        'required',
        { subject: 'roles' },
      ],
      [
        { username: 'x', email: 'a@b.cd', roles: ['wizard'], ...valid },
        'roles',
        'Unknown role: wizard.',
        'role_invalid',
        {},
      ],
      [
        {
          username: 'x',
          email: 'a@b.cd',
          roles: ['staff'],
          organization_id: valid.organization_id,
        },
        'permissions',
        'At least one permission is required.',
        'required',
        { subject: 'permissions' },
      ],
      [
        { username: 'x', email: 'a@b.cd', roles: ['staff'], ...valid, permissions: [] },
        'permissions',
        'At least one permission is required.',
        'required',
        { subject: 'permissions' },
      ],
      [
        { username: 'x', email: 'a@b.cd', roles: ['staff'], permissions: staffGrants },
        'organization_id',
        'Organization is required.',
        'required',
        { subject: 'organization' },
      ],
    ]
    for (const [json, field, message, rule, params] of cases) {
      const reply = await server().request('POST', '/org/v1/users', { token, json })
      expect(reply.status).toBe(400)
      expect(reply.body).toEqual({ error: 'validation', field, message, rule, params })
    }
  })

  it('stops privilege escalation: an org admin cannot grant admin nor touch the admin', async () => {
    const token = await server().login(ORGADMIN)
    const grant = await server().request('POST', '/org/v1/users', {
      token,
      json: {
        username: 'sneaky',
        email: 'sneaky@acme.example',
        roles: ['admin'],
        permissions: ['users:read'],
        organization_id: (await me(token)).organization_id,
      },
    })
    expect(grant.status).toBe(403)
    // Each refusal names its rule, so a client words it in its own language (decision 043).
    expect(grant.body).toMatchObject({ field: 'roles', rule: 'cannot_grant' })
    const admin = await me(await server().login(ADMIN))
    const demote = await server().request('PUT', `/org/v1/users/${admin.user_id}`, {
      token,
      json: { roles: ['staff'] },
    })
    expect(demote.status).toBe(403)
    expect(demote.body).toMatchObject({ error: 'forbidden', rule: 'not_manageable' })
    expect(
      (await server().request('DELETE', `/org/v1/users/${admin.user_id}`, { token })).status,
    ).toBe(403)
  })

  it('denies writes to read-only staff and cross-organization writes to org admins', async () => {
    const staff = await server().login(STAFF)
    const denied = await server().request('POST', '/org/v1/users', {
      token: staff,
      json: {
        username: 'x',
        email: 'x@acme.example',
        roles: ['staff'],
        permissions: staffGrants,
        organization_id: (await me(staff)).organization_id,
      },
    })
    expect(denied.status).toBe(403)
    expect(denied.body).toMatchObject({
      rule: 'no_permission',
      params: { permissions: 'users:create, users:create:org' },
    })
    const orgadmin = await server().login(ORGADMIN)
    const globex = await me(await server().login(GLOBEX))
    const put = await server().request('PUT', `/org/v1/users/${globex.user_id}`, {
      token: orgadmin,
      json: { first_name: 'Hacked' },
    })
    expect(put.status).toBe(404)
    const into = await server().request('POST', '/org/v1/users', {
      token: orgadmin,
      json: {
        username: 'y',
        email: 'y@globex.example',
        roles: ['staff'],
        permissions: staffGrants,
        organization_id: globex.organization_id,
      },
    })
    expect(into.status).toBe(404)
    const self = await me(orgadmin)
    const own = await server().request('DELETE', `/org/v1/users/${self.user_id}`, {
      token: orgadmin,
    })
    expect(own).toMatchObject({
      status: 409,
      body: { rule: 'own_account', params: { change: 'delete' } },
    })
    const off = await server().request('PUT', `/org/v1/users/${self.user_id}`, {
      token: orgadmin,
      json: { disabled: true },
    })
    expect(off).toMatchObject({
      status: 409,
      body: { field: 'disabled', rule: 'own_account', params: { change: 'disable' } },
    })
  })

  it('decides who may edit whom by one rule: a global permission covers its :org form', async () => {
    const logins = { ADMIN, ORGADMIN, STAFF, AUDITOR, GLOBEX }
    type Login = keyof typeof logins
    const ids = {} as Record<Login, number>
    const tokens = {} as Record<Login, string>
    for (const [name, login] of Object.entries(logins) as [Login, string][]) {
      tokens[name] = await server().login(login)
      ids[name] = (await me(tokens[name])).user_id
    }
    const table: [Login, Login, number][] = [
      ['ADMIN', 'ORGADMIN', 200],
      ['ADMIN', 'STAFF', 200],
      ['ADMIN', 'AUDITOR', 200],
      ['ADMIN', 'GLOBEX', 200],
      ['ORGADMIN', 'STAFF', 200],
      ['ORGADMIN', 'AUDITOR', 200],
      ['ORGADMIN', 'ADMIN', 403],
      ['ORGADMIN', 'GLOBEX', 404],
      ['GLOBEX', 'STAFF', 404],
      ['STAFF', 'AUDITOR', 403],
    ]
    for (const [caller, target, status] of table) {
      const reply = await server().request('PUT', `/org/v1/users/${ids[target]}`, {
        token: tokens[caller],
        json: { notes: `edited by ${caller}` },
      })
      expect(reply.status, `${caller} edits ${target}`).toBe(status)
    }
  })
})
