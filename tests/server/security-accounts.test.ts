import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { User } from '../../src/contract/users'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, PASSWORD, STAFF, shaped, useServer } from './helpers'
import { deviceCookieOf, latestToken, mailsTo } from './security-helpers'

// Issue 19: one sign-in name per account, links bound to their address, a throttle that holds
// and cannot be turned against the owner, and a limit on reset mails.

const server = useServer({ loginMaxFailures: 3, loginLockSeconds: 30, resetMailLimit: 3 })
// Hashing slow enough that a parallel burst is still in flight when its first guesses fail.
const slow = useServer({ loginMaxFailures: 3, scryptLogN: 14 })

const createUser = async (username: string, email: string) =>
  server().request('POST', '/org/v1/users', {
    token: await server().login(ORGADMIN),
    json: {
      username,
      email,
      roles: ['staff'],
      permissions: ['users:read:org'],
      organization_id: 1,
    },
  })

const signIn = (username: string, password: string, cookie?: string, on = server()) =>
  fetch(`${on.url}/auth/v1/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ username, password }),
  }).then(async (r) => {
    await r.arrayBuffer()
    return r.status
  })

const resetPassword = (token: string) =>
  server().request('POST', '/org/v1/users/password-reset', {
    json: { token, new_password: 'A-New-Password-9' },
  })

describe('usernames and e-mails are one sign-in namespace', () => {
  it('refuses a username equal to another account’s e-mail, in any case or spacing', async () => {
    const reply = await createUser('  STAFF@Demo.Local ', 'someone.new@acme.example')
    expect(reply.status).toBe(409)
    expect(shaped(reply.body, ErrorBody)).toMatchObject({
      field: 'username',
      message: 'This username is already taken.',
    })
  })

  it('refuses an e-mail equal to another account’s username, on create and on edit', async () => {
    expect((await createUser('door.keeper@acme.example', 'dk@acme.example')).status).toBe(201)
    const reply = await createUser('bee', 'DOOR.KEEPER@acme.example')
    expect(reply.status).toBe(409)
    expect(shaped(reply.body, ErrorBody).field).toBe('email')
    const edit = await server().request('PUT', '/org/v1/users/3', {
      token: await server().login(ORGADMIN),
      json: { email: 'Door.Keeper@acme.example' },
    })
    expect(edit.status).toBe(409)
    expect(shaped(edit.body, ErrorBody).field).toBe('email')
  })

  it('answers a name of another organization as taken, without naming the organization', async () => {
    const reply = await createUser('GlobexAdmin', 'unique.one@acme.example')
    expect(reply.status).toBe(409)
    expect(shaped(reply.body, ErrorBody).message).toBe('This username is already taken.')
  })
})

describe('a set-password or reset link belongs to the address it was sent to', () => {
  it('ends the links mailed to a previous address when the e-mail changes', async () => {
    const created = shaped((await createUser('leaver', 'leaver@acme.example')).body, User)
    const admin = await server().login(ADMIN)
    const invite = { workflow: 'first_password_email', user_id: created.user_id }
    expect((await server().request('POST', '/notify', { token: admin, json: invite })).status).toBe(
      202,
    )
    const old = await latestToken(server(), 'leaver@acme.example')
    const edit = await server().request('PUT', `/org/v1/users/${created.user_id}`, {
      token: admin,
      json: { email: 'successor@acme.example' },
    })
    expect(edit.status).toBe(200)
    const stale = await resetPassword(old)
    expect(stale.status).toBe(400)
    expect(shaped(stale.body, ErrorBody).field).toBe('token')
    await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: 'successor@acme.example' },
    })
    expect(
      (await resetPassword(await latestToken(server(), 'successor@acme.example'))).status,
    ).toBe(200)
  })

  it('ends earlier links when the user is invited again', async () => {
    const created = shaped((await createUser('twice', 'twice@acme.example')).body, User)
    const admin = await server().login(ADMIN)
    const invite = { workflow: 'first_password_email', user_id: created.user_id }
    await server().request('POST', '/notify', { token: admin, json: invite })
    const first = await latestToken(server(), 'twice@acme.example')
    await server().request('POST', '/notify', { token: admin, json: invite })
    const second = await latestToken(server(), 'twice@acme.example')
    expect((await resetPassword(first)).status).toBe(400)
    expect((await resetPassword(second)).status).toBe(200)
  })
})

describe('the sign-in budget belongs to the account', () => {
  it('counts every name, case and spacing that reaches the account against one budget', async () => {
    for (const name of [AUDITOR, 'auditor', ' AUDITOR@demo.local ']) {
      expect(await signIn(name, 'Wrong-Password-1')).toBe(401)
    }
    expect(await signIn('Auditor', PASSWORD)).toBe(429)
  })

  it('evaluates at most the budget of a parallel burst', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => signIn(STAFF, 'Wrong-Password-1', undefined, slow())),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(17)
  })

  it('keeps its counters in the database, where every server sees them', async () => {
    const rows = await server().running.handle.services.db.query<{ budget_key: string }>(
      "select budget_key from sign_in_budget where budget_key like 'user:%'",
    )
    expect(rows.map((r) => r.budget_key)).toEqual(expect.arrayContaining(['user:4']))
  })
})

describe('device cookies: strangers cannot lock the owner out', () => {
  it('sets a signed HttpOnly SameSite=Strict cookie on a successful sign-in', async () => {
    const { status, cookie } = await deviceCookieOf(server(), ADMIN, PASSWORD)
    expect(status).toBe(200)
    expect(cookie).toMatch(/^ac_device=v1\.1\.[\w-]+\.[\w-]+;/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/auth/v1/token')
    expect(cookie).not.toContain('Secure')
  })

  it('lets the owner’s device sign in while strangers are throttled', async () => {
    const { cookie } = await deviceCookieOf(server(), GLOBEX, PASSWORD)
    const device = cookie.split(';')[0] ?? ''
    for (let i = 0; i < 5; i++) await signIn(GLOBEX, 'Wrong-Password-1')
    expect(await signIn(GLOBEX, PASSWORD)).toBe(429)
    expect(await signIn(GLOBEX, PASSWORD, device)).toBe(200)
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect(await signIn(GLOBEX, PASSWORD, forged)).toBe(429)
    // Another account's cookie is a stranger's here.
    const other = (await deviceCookieOf(server(), ORGADMIN, PASSWORD)).cookie.split(';')[0]
    expect(await signIn(GLOBEX, PASSWORD, other)).toBe(429)
  })

  it('gives each device cookie its own budget', async () => {
    const { cookie } = await deviceCookieOf(server(), ORGADMIN, PASSWORD)
    const device = cookie.split(';')[0] ?? ''
    for (let i = 0; i < 3; i++) expect(await signIn(ORGADMIN, 'Wrong-Password-1', device)).toBe(401)
    expect(await signIn(ORGADMIN, PASSWORD, device)).toBe(429)
    // Strangers' budget for the account is untouched by the device's failures.
    expect(await signIn(ORGADMIN, PASSWORD)).toBe(200)
  })
})

describe('reset mails are limited per address and account', () => {
  it('answers 202 to every request and mails at most the limit, even in parallel', async () => {
    const before = (await mailsTo(server(), ADMIN)).length
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        server().request('POST', '/notify', {
          json: { workflow: 'reset_password_email', email: ADMIN },
        }),
      ),
    )
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(202))
    expect((await mailsTo(server(), ADMIN)).length - before).toBe(3)
  })
})
