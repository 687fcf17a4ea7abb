import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { listOf } from '../../src/contract/list'
import { OutboxMessage } from '../../src/contract/notify'
import { Me, User } from '../../src/contract/users'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, PASSWORD, STAFF, shaped, useServer } from './helpers'

const server = useServer({ accessTokenTtl: 2, loginMaxFailures: 3, loginLockSeconds: 30 })

async function latestLink(to: string) {
  const { body } = await server().request('GET', '/dev/outbox?length=50')
  const message = shaped(body, listOf(OutboxMessage)).data.find((m) => m.recipient === to)
  const token = message?.link?.split('token=')[1]
  if (!token) throw new Error(`no link for ${to}`)
  return token
}

describe('sign in', () => {
  it.each([
    [ADMIN, 'admin'],
    [ORGADMIN, 'org_admin'],
    [STAFF, 'staff'],
    [AUDITOR, 'auditor'],
    [GLOBEX, 'org_admin'],
  ])('%s signs in and sees the role %s', async (email, role) => {
    const token = await server().login(email)
    const me = await server().request('GET', '/org/v1/users/me', { token })
    expect(me.status).toBe(200)
    const body = shaped(me.body, Me)
    expect(body.email).toBe(email)
    expect(body.roles[0]).toBe(role)
  })

  it('accepts the username instead of the email, case-insensitively', async () => {
    const token = await server().login('OrgAdmin')
    const me = await server().request('GET', '/org/v1/users/me', { token })
    expect(shaped(me.body, Me).permissions).toContain('users:update:org')
    expect(shaped(me.body, Me).permissions).not.toContain('users:update')
  })

  it('answers invalid_grant for a wrong password or an unknown account', async () => {
    for (const username of [STAFF, 'nobody@demo.local']) {
      const reply = await server().request('POST', '/auth/v1/token', {
        form: { username, password: 'Wrong-Password-1' },
      })
      expect(reply.status).toBe(401)
      expect(shaped(reply.body, ErrorBody).error).toBe('invalid_grant')
    }
  })

  it('refuses a JSON login body: the grant is form-encoded', async () => {
    const reply = await server().request('POST', '/auth/v1/token', {
      json: { username: ADMIN, password: PASSWORD },
    })
    expect(reply.status).toBe(415)
  })

  it('throttles an account after repeated failures with 429 and Retry-After', async () => {
    const form = { username: 'auditor', password: 'not-the-password' }
    for (let i = 0; i < 3; i++) {
      expect((await server().request('POST', '/auth/v1/token', { form })).status).toBe(401)
    }
    const locked = await server().request('POST', '/auth/v1/token', {
      form: { username: 'auditor', password: PASSWORD },
    })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(shaped(locked.body, ErrorBody).error).toBe('throttled')
    // Another account is not affected.
    expect((await server().pair(ADMIN)).token_type).toBe('bearer')
  })
})

describe('tokens', () => {
  it('rejects a missing, malformed or tampered bearer token with 401', async () => {
    const token = await server().login(ADMIN)
    for (const t of [undefined, 'garbage', `${token.slice(0, -2)}xx`]) {
      const reply = await server().request('GET', '/org/v1/users/me', { token: t })
      expect(reply.status).toBe(401)
      expect(reply.headers.get('www-authenticate')).toBe('Bearer')
    }
  })

  it('expires access tokens after ACCESS_TOKEN_TTL', async () => {
    const token = await server().login(ADMIN)
    expect((await server().request('GET', '/org/v1/users/me', { token })).status).toBe(200)
    await new Promise((r) => setTimeout(r, 3100))
    const reply = await server().request('GET', '/org/v1/users/me', { token })
    expect(reply.status).toBe(401)
    expect(shaped(reply.body, ErrorBody).error).toBe('invalid_token')
  })

  it('rotates refresh tokens; a replayed one revokes the whole family', async () => {
    const first = await server().pair(ADMIN)
    const second = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: first.refresh_token },
    })
    expect(second.status).toBe(200)
    const rotated = second.body as { refresh_token: string; access_token: string }
    expect(rotated.refresh_token).not.toBe(first.refresh_token)
    const me = await server().request('GET', '/org/v1/users/me', { token: rotated.access_token })
    expect(me.status).toBe(200)

    const replay = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: first.refresh_token },
    })
    expect(replay.status).toBe(401)
    // The thief's replay also ends the legitimate holder's newer token.
    const after = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: rotated.refresh_token },
    })
    expect(after.status).toBe(401)
  })

  it('refuses unknown refresh tokens and invalid bodies', async () => {
    const unknown = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: 'abc.def' },
    })
    expect(unknown.status).toBe(401)
    const empty = await server().request('POST', '/auth/v1/token/refresh', { json: {} })
    expect(empty.status).toBe(400)
    expect(shaped(empty.body, ErrorBody).field).toBe('refresh_token')
  })
})

describe('password reset and invites', () => {
  it('answers 202 alike for known and unknown emails, and mails only the known one', async () => {
    const known = await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: STAFF },
    })
    const unknown = await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: 'ghost@demo.local' },
    })
    expect([known.status, unknown.status]).toEqual([202, 202])
    expect(known.body).toEqual(unknown.body)
    const { body } = await server().request('GET', '/dev/outbox')
    const recipients = shaped(body, listOf(OutboxMessage)).data.map((m) => m.recipient)
    expect(recipients).toContain(STAFF)
    expect(recipients).not.toContain('ghost@demo.local')
  })

  it('resets the password with a single-use link and signs the user in', async () => {
    await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: STAFF },
    })
    const token = await latestLink(STAFF)
    const short = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'short' },
    })
    expect(short.status).toBe(400)
    expect(shaped(short.body, ErrorBody).message).toBe('Password must be at least 8 characters.')

    const reset = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'Brand-New-Secret-9' },
    })
    expect(reset.status).toBe(200)
    const again = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'Another-Secret-9' },
    })
    expect(again.status).toBe(400)
    expect(shaped(again.body, ErrorBody).field).toBe('token')
    await expect(server().login(STAFF)).rejects.toThrow()
    expect(await server().login(STAFF, 'Brand-New-Secret-9')).toBeTruthy()
  })

  it('invites a user who has no password yet; staff may not invite', async () => {
    const admin = await server().login(ORGADMIN)
    const users = await server().request('GET', '/org/v1/users?search=mia', { token: admin })
    const mia = (users.body as { data: { user_id: number; email: string }[] }).data[0]
    if (!mia) throw new Error('seed user missing')
    const staff = await server().login(STAFF, 'Brand-New-Secret-9')
    const denied = await server().request('POST', '/notify', {
      token: staff,
      json: { workflow: 'first_password_email', user_id: mia.user_id },
    })
    expect(denied.status).toBe(403)
    const anonymous = await server().request('POST', '/notify', {
      json: { workflow: 'first_password_email', user_id: mia.user_id },
    })
    expect(anonymous.status).toBe(401)

    const sent = await server().request('POST', '/notify', {
      token: admin,
      json: { workflow: 'first_password_email', user_id: mia.user_id },
    })
    expect(sent.status).toBe(202)
    const token = await latestLink(mia.email)
    const set = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'Mias-First-Password' },
    })
    expect(set.status).toBe(200)
    expect(await server().login(mia.email, 'Mias-First-Password')).toBeTruthy()
    const after = await server().request('GET', `/org/v1/users/${mia.user_id}`, { token: admin })
    expect(shaped(after.body, User)).toMatchObject({
      email_confirmed: true,
      phone_confirmed: false,
    })
  })

  it('confirms the phone, not the e-mail, when an SMS invite is followed', async () => {
    const admin = await server().login(ORGADMIN)
    const users = await server().request('GET', '/org/v1/users?search=noah', { token: admin })
    const noah = shaped(users.body, listOf(User)).data[0]
    if (!noah?.phone_number) throw new Error('seed user with a phone missing')
    expect(noah).toMatchObject({ email_confirmed: false, phone_confirmed: false })
    const sent = await server().request('POST', '/notify', {
      token: admin,
      json: { workflow: 'first_password_sms', user_id: noah.user_id },
    })
    expect(sent.status).toBe(202)
    const token = await latestLink(noah.phone_number)
    const set = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'Noahs-First-Password' },
    })
    expect(set.status).toBe(200)
    const after = await server().request('GET', `/org/v1/users/${noah.user_id}`, { token: admin })
    expect(shaped(after.body, User)).toMatchObject({
      email_confirmed: false,
      phone_confirmed: true,
    })
  })

  it('hides other organizations’ users from invites (404)', async () => {
    const admin = await server().login(ORGADMIN)
    const globex = await server().login(GLOBEX)
    const me = shaped(
      (await server().request('GET', '/org/v1/users/me', { token: globex })).body,
      Me,
    )
    const reply = await server().request('POST', '/notify', {
      token: admin,
      json: { workflow: 'first_password_sms', user_id: me.user_id },
    })
    expect(reply.status).toBe(404)
  })

  it('names the bad field of a notify body', async () => {
    const reply = await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: 'not-an-email' },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      error: 'validation',
      message: 'Please enter valid email address.',
      field: 'email',
      rule: 'email_invalid',
      params: {},
    })
  })
})
