import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { User } from '../../src/contract/users'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, PASSWORD, STAFF, shaped, useServer } from './helpers'
import { deviceCookieOf, forgeToken, latestToken, mailsTo, rawRequest } from './security-helpers'

// Issue 17, "Escalation and account takeover": each test failed on the code before the fix.

const PUBLIC_URL = 'https://console.example.com'
const server = useServer({ publicUrl: PUBLIC_URL })

const ids = { admin: 1, orgadmin: 2, staff: 3, auditor: 4, globexadmin: 5 }

const invite = (token: string, userId: number) =>
  server().request('POST', '/notify', {
    token,
    json: { workflow: 'first_password_email', user_id: userId },
  })

describe('invites need the right to edit that user', () => {
  it('refuses an org admin inviting the global admin of its organization, and mails nothing', async () => {
    const token = await server().login(ORGADMIN)
    const before = (await mailsTo(server(), ADMIN)).length
    const reply = await invite(token, ids.admin)
    expect(reply.status).toBe(403)
    expect(shaped(reply.body, ErrorBody).error).toBe('forbidden')
    expect(await mailsTo(server(), ADMIN)).toHaveLength(before)
  })

  it('lets an org admin invite staff of its organization, not of another', async () => {
    const token = await server().login(ORGADMIN)
    expect((await invite(token, ids.staff)).status).toBe(202)
    expect((await invite(token, ids.globexadmin)).status).toBe(404)
  })

  it('refuses callers without users:update (staff, auditor)', async () => {
    for (const who of [STAFF, AUDITOR]) {
      const token = await server().login(who)
      expect((await invite(token, ids.auditor)).status).toBe(403)
      expect((await invite(token, 99_999)).status).toBe(403)
    }
    expect((await invite(await server().login(ORGADMIN), 99_999)).status).toBe(404)
  })
})

describe('editing users: a global permission covers its :org form', () => {
  it('lets the global admin edit an organization-scoped user', async () => {
    const token = await server().login(ADMIN)
    const reply = await server().request('PUT', `/org/v1/users/${ids.auditor}`, {
      token,
      json: { notes: 'edited by the global admin' },
    })
    expect(reply.status).toBe(200)
    expect(shaped(reply.body, User).notes).toBe('edited by the global admin')
  })

  it('lets the global admin grant :org permissions it covers', async () => {
    const token = await server().login(ADMIN)
    const reply = await server().request('PUT', `/org/v1/users/${ids.globexadmin}`, {
      token,
      json: { permissions: ['locations:read:org'] },
    })
    expect(reply.status).toBe(200)
  })

  it('refuses an org admin editing or deleting the global admin', async () => {
    const token = await server().login(ORGADMIN)
    const edit = await server().request('PUT', `/org/v1/users/${ids.admin}`, {
      token,
      json: { roles: ['staff'] },
    })
    expect(edit.status).toBe(403)
    const remove = await server().request('DELETE', `/org/v1/users/${ids.admin}`, { token })
    expect(remove.status).toBe(403)
  })
})

describe('mailed links come from the configured public URL', () => {
  it('ignores a forged Host header on a reset request', async () => {
    const reply = await rawRequest(server().url, {
      method: 'POST',
      path: '/notify',
      headers: { host: 'evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ workflow: 'reset_password_email', email: STAFF }),
    })
    expect(reply.status).toBe(202)
    const [mail] = await mailsTo(server(), STAFF)
    expect(mail?.body).toContain(`${PUBLIC_URL}/password-reset?token=`)
    expect(mail?.body).not.toContain('evil.example')
  })

  it('uses it for invites too', async () => {
    const reply = await rawRequest(server().url, {
      method: 'POST',
      path: '/notify',
      headers: {
        host: 'evil.example',
        'content-type': 'application/json',
        authorization: `Bearer ${await server().login(ADMIN)}`,
      },
      body: JSON.stringify({ workflow: 'first_password_email', user_id: ids.globexadmin }),
    })
    expect(reply.status).toBe(202)
    const [mail] = await mailsTo(server(), GLOBEX)
    expect(mail?.body).toContain(`${PUBLIC_URL}/password-reset?token=`)
  })
})

describe('a password reset ends every session at once', () => {
  it('stops access tokens issued before the reset; the new one works', async () => {
    const old = await server().login(AUDITOR)
    expect((await server().request('GET', '/org/v1/users/me', { token: old })).status).toBe(200)
    await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: AUDITOR },
    })
    const reset = await server().request<{ access_token: string }>(
      'POST',
      '/org/v1/users/password-reset',
      { json: { token: await latestToken(server(), AUDITOR), new_password: PASSWORD } },
    )
    expect(reset.status).toBe(200)
    const stale = await server().request('GET', '/org/v1/users/me', { token: old })
    expect(stale.status).toBe(401)
    const fresh = reset.body.access_token
    expect((await server().request('GET', '/org/v1/users/me', { token: fresh })).status).toBe(200)
  })
})

describe('access tokens need exp, iss, aud and an exact integer sub', () => {
  const now = () => Math.floor(Date.now() / 1000)
  // A live session of user 1 (decision 077): a token names one, with its sign-in's strength.
  let sid = ''
  beforeAll(async () => {
    const [row] = await server().running.handle.services.db.query<{ session_id: string }>(
      `insert into sessions (session_id, user_id, first_seen, last_seen, auth_time, amr)
       values ('forged-but-live', 1, now(), now(), now(), '{pwd}') returning session_id`,
    )
    sid = row?.session_id ?? ''
  })
  const base = () => ({
    typ: 'access',
    ses: 0,
    sid,
    auth_time: now(),
    amr: ['pwd'],
    sub: '1',
    iss: 'access-console',
    aud: 'access-console-api',
    iat: now(),
    exp: now() + 600,
  })

  it('accepts a complete token signed with the real key (the control case)', async () => {
    const token = await forgeToken(server(), base())
    expect((await server().request('GET', '/org/v1/users/me', { token })).status).toBe(200)
  })

  it.each([
    ['no exp', { exp: undefined }],
    ['no iat', { iat: undefined }],
    ['no iss', { iss: undefined }],
    ['no aud', { aud: undefined }],
    ['sub 1.0e0', { sub: '1.0e0' }],
    ['sub 01', { sub: '01' }],
    ['sub " 1"', { sub: ' 1' }],
    ['numeric sub', { sub: 1 }],
    ['no session generation', { ses: undefined }],
    ['no session', { sid: undefined }],
    ['a session that does not exist', { sid: 'never-signed-in' }],
    ['no auth_time', { auth_time: undefined }],
    ['no amr', { amr: undefined }],
    ['an amr value of its own', { amr: ['pwd', 'trust-me'] }],
  ])('refuses a token with %s', async (_, change) => {
    const claims: Record<string, unknown> = { ...base(), ...change }
    for (const key of Object.keys(change)) if (claims[key] === undefined) delete claims[key]
    const token = await forgeToken(server(), claims)
    const reply = await server().request('GET', '/org/v1/users/me', { token })
    expect(reply.status).toBe(401)
  })
})

describe('device cookie behind a TLS public URL', () => {
  it('is marked Secure', async () => {
    const { status, cookie } = await deviceCookieOf(server(), STAFF, PASSWORD)
    expect(status).toBe(200)
    expect(cookie.split('; ')).toContain('Secure')
  })
})
