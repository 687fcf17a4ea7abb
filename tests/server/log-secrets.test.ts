import { afterAll, describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { CreatePinResult, Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { OutboxMessage } from '../../src/contract/notify'
import { DeviceSecretIssued, PersonPinIssued } from '../../src/contract/pin-entry'
import { EnrolmentDone, FactorChallenge, TotpEnrolment } from '../../src/contract/mfa'
import { Secret, TOTP } from 'otpauth'
import { captureOutput, logLines } from './process-helpers'
import { ADMIN, PASSWORD, STAFF, shaped, useServer } from './helpers'
import { startInbox } from './smtp-inbox'

// The most talkative level: a line for every request, so every request's line is read here.
const server = useServer({ logLevel: 'debug' })

const logged = captureOutput()

// A mail server whose login the console gets wrong (the last test).
const inbox = await startInbox('console', 'the-right-one')

describe('what the server logs', () => {
  it('holds no password, token, reset link or PIN from sign-in, refresh, reset, PIN creation and logout', async () => {
    const secrets: string[] = [PASSWORD]
    const signIn = await server().request('POST', '/auth/v1/token', {
      form: { username: ADMIN, password: PASSWORD },
    })
    const pair = shaped(signIn.body, TokenPair)
    const refreshed = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: pair.refresh_token },
    })
    const next = shaped(refreshed.body, TokenPair)
    secrets.push(pair.access_token, pair.refresh_token, next.access_token, next.refresh_token)
    const token = next.access_token

    await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: STAFF },
    })
    const outbox = await server().request('GET', '/dev/outbox?length=50')
    const link = shaped(outbox.body, listOf(OutboxMessage)).data.find(
      (m) => m.recipient === STAFF,
    )?.link
    const resetToken = link?.split('token=')[1]
    if (!link || !resetToken) throw new Error('no reset link in the outbox')
    secrets.push(link, resetToken)
    // The operators' mail queue lists the reset's message, never its body or link (decision 087).
    const queue = await server().request('GET', '/org/v1/mail-queue?length=50', {
      token: await server().login(ADMIN),
    })
    expect(queue.status).toBe(200)
    const listed = JSON.stringify(queue.body)
    expect(listed).toContain(STAFF)
    expect(listed).not.toContain(link)
    expect(listed).not.toContain(resetToken)
    const newPassword = 'Logged-Never-77'
    const reset = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token: resetToken, new_password: newPassword },
    })
    expect(reset.status).toBe(200)
    secrets.push(newPassword)
    const staff = await server().request('POST', '/auth/v1/token', {
      form: { username: STAFF, password: newPassword },
    })
    secrets.push(shaped(staff.body, TokenPair).access_token)

    const devices = await server().request('GET', '/sbm/v1/devices?length=500', { token })
    const keypad = shaped(devices.body, listOf(Device)).data.find((d) =>
      d.capabilities.includes('program_offline_access_codes'),
    )
    if (!keypad) throw new Error('no seeded device makes offline codes')
    const created = await server().request(
      'POST',
      `/access/v1/devices/${keypad.device_id}/set/create_pin`,
      {
        token,
        json: {
          data: {
            start_date: '2026-01-01T08:00:00Z',
            end_date: '2026-12-31T18:00:00Z',
            manufacturer_id: keypad.manufacturer_id,
            device_id_manufacturer: keypad.device_id_manufacturer,
          },
        },
      },
    )
    const pin = shaped(created.body, CreatePinResult).details.pin
    const out = await server().request('POST', '/auth/v1/token/revoke', {
      json: { refresh_token: next.refresh_token },
    })
    expect(out.status).toBe(204)

    // The run was logged (or this test would pass on silence)...
    const answered = logLines(logged()).map((l) => [l.method, l.route, l.status].join(' '))
    for (const line of [
      'POST /auth/v1/token 200',
      'POST /auth/v1/token/refresh 200',
      'POST /org/v1/users/password-reset 200',
      'GET /org/v1/mail-queue 200',
      'POST /access/v1/devices/:device_id/set/create_pin 200',
      'POST /auth/v1/token/revoke 204',
    ]) {
      expect(answered).toContain(line)
    }
    // ...and none of what it handed out or was given.
    for (const secret of secrets) expect(logged()).not.toContain(secret)
    expect(logged()).not.toMatch(new RegExp(`\\b${pin}\\b`))
    expect(logged().toLowerCase()).not.toContain('bearer')
  })

  it('holds no person’s PIN, no device secret and no PIN typed at a keypad', async () => {
    const token = await server().login(ADMIN)
    const [person] = await server().running.handle.services.db.query<{ user_id: number }>(
      'select user_id from users where email = $1',
      [STAFF],
    )
    const issued = await server().request('POST', `/access/v1/users/${person?.user_id}/pin`, {
      token,
    })
    const pin = shaped(issued.body, PersonPinIssued).pin
    const devices = await server().request('GET', '/sbm/v1/devices?length=1', { token })
    const device = shaped(devices.body, listOf(Device)).data[0]?.device_id
    const made = await server().request('POST', `/sbm/v1/devices/${device}/secret`, { token })
    const secret = shaped(made.body, DeviceSecretIssued).secret
    const entry = await server().request('POST', `/access/v1/devices/${device}/pin-entry`, {
      json: { pin },
      headers: { authorization: `Device ${secret}` },
    })
    expect(entry.status).toBe(200)

    const answered = logLines(logged()).map((l) => [l.method, l.route, l.status].join(' '))
    for (const line of [
      'POST /access/v1/users/:id/pin 200',
      'POST /sbm/v1/devices/:id/secret 200',
      'POST /access/v1/devices/:id/pin-entry 200',
    ]) {
      expect(answered).toContain(line)
    }
    expect(logged()).not.toContain(secret)
    expect(logged()).not.toMatch(new RegExp(`\\b${pin}\\b`))
  })

  it('holds no authenticator secret, code, recovery code or factor-step token, nor does the journal or its export', async () => {
    const s = server()
    const sql = <R extends object>(text: string, params: unknown[]) =>
      s.running.handle.services.db.query<R>(text, params)
    // A person who may enrol (no shared demo login), with the demo password.
    const [person] = await sql<{ email: string }>(
      `update users set password_hash = (select password_hash from users where email = $1)
       where user_id = (select min(user_id) from users where email like '%@acme.example')
       returning email`,
      [ADMIN],
    )
    const email = person?.email ?? ''
    const token = await s.login(email)
    const enrolment = shaped(
      (await s.request('POST', '/auth/v1/factors/totp', { token })).body,
      TotpEnrolment,
    )
    const totp = new TOTP({ secret: Secret.fromBase32(enrolment.secret) })
    // One step back: the sign-in below then uses a newer step (each step is taken once).
    const confirming = totp.generate({ timestamp: Date.now() - 30_000 })
    const done = await s.request('POST', '/auth/v1/factors/totp/confirm', {
      token,
      json: { code: confirming },
    })
    const codes = shaped(done.body, EnrolmentDone).recovery_codes ?? []
    const step = async () =>
      shaped(
        (
          await s.request('POST', '/auth/v1/token', {
            form: { username: email, password: PASSWORD },
          })
        ).body,
        FactorChallenge,
      )
    const first = await step()
    const code = totp.generate()
    const byCode = await s.request('POST', '/auth/v1/token/factor', {
      json: { mfa_token: first.mfa_token, method: 'totp', code },
    })
    expect(byCode.status).toBe(200)
    const second = await step()
    const byRecovery = await s.request('POST', '/auth/v1/token/factor', {
      json: { mfa_token: second.mfa_token, method: 'recovery', code: codes[0] },
    })
    expect(byRecovery.status).toBe(200)
    const secrets = [enrolment.secret, first.mfa_token, second.mfa_token, ...codes]
    const answered = logLines(logged()).map((l) => [l.method, l.route, l.status].join(' '))
    expect(answered).toContain('POST /auth/v1/token/factor 200')
    for (const secret of secrets) expect(logged()).not.toContain(secret)
    for (const typed of [confirming, code])
      expect(logged()).not.toMatch(new RegExp(`\\b${typed}\\b`))
    const journal = await sql<{ row: string }>(
      'select row_to_json(j)::text as row from journal j',
      [],
    )
    const rows = journal.map((r) => r.row).join('\n')
    expect(rows).toContain('authenticator_app')
    for (const secret of secrets) expect(rows).not.toContain(secret)
    const admin = await s.login(ADMIN)
    const csv = await s.request<string>('GET', '/org/v1/journal/export.csv', { token: admin })
    expect(csv.status).toBe(200)
    for (const secret of secrets) expect(csv.body).not.toContain(secret)
  })

  it('holds no webhook secret, created or rotated, nor does the journal or its export', async () => {
    const s = server()
    const admin = await s.login(ADMIN)
    const created = await s.request<{ webhook_id: number; secret: string }>(
      'POST',
      '/org/v1/webhooks',
      { token: admin, json: { url: 'http://127.0.0.1:9/hook', event_types: ['door.closed'] } },
    )
    expect(created.status).toBe(201)
    const rotated = await s.request<{ secret: string }>(
      'POST',
      `/org/v1/webhooks/${created.body.webhook_id}/rotate-secret`,
      { token: admin },
    )
    expect(rotated.status).toBe(200)
    // The part after `whsec_`: a log line could hold the key without its prefix.
    const secrets = [created.body.secret, rotated.body.secret].map((secret) => secret.slice(6))
    const answered = logLines(logged()).map((l) => [l.method, l.route, l.status].join(' '))
    expect(answered).toContain('POST /org/v1/webhooks 201')
    for (const secret of secrets) expect(logged()).not.toContain(secret)
    const journal = await s.running.handle.services.db.query<{ row: string }>(
      'select row_to_json(j)::text as row from journal j',
      [],
    )
    const rows = journal.map((r) => r.row).join('\n')
    expect(rows).toContain('webhook')
    for (const secret of secrets) expect(rows).not.toContain(secret)
    const csv = await s.request<string>('GET', '/org/v1/journal/export.csv', { token: admin })
    expect(csv.status).toBe(200)
    for (const secret of secrets) expect(csv.body).not.toContain(secret)
  })

  describe('outside demo mode, with a mail server that refuses the login', () => {
    // The mail server's password is in SMTP_URL; a refused login is logged, the password never.
    const password = 'Smtp-Password-Never-Logged-41'
    afterAll(() => inbox.stop())
    const mailing = useServer({
      demoMode: false,
      mfaEncryptionKey: 'log-secrets-key-of-32-characters!',
      logLevel: 'debug',
      smtpUrl: `smtp://console:${password}@127.0.0.1:${inbox.port}`,
    })

    it('holds no SMTP password when a mail is not sent', async () => {
      const reset = await mailing().request('POST', '/notify', {
        json: { workflow: 'reset_password_email', email: STAFF },
      })
      expect(reset.status).toBe(202)
      await mailing().running.handle.services.mailJob.tick()
      expect(inbox.refusedLogins).toBeGreaterThan(0)
      const notSent = logLines(logged()).filter((l) => /^mail \d+ not sent/.test(String(l.msg)))
      expect(notSent.map((l) => l.error)).toEqual(['EAUTH 535 Invalid username or password'])
      expect(logged()).not.toContain(password)
    })
  })
})
