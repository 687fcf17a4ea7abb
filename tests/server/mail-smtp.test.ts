import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCKDOWNS_PATH } from '../../src/contract/lockdowns'
import { hashPassword } from '../../server/auth/passwords'
import { alertKit } from './alert-helpers'
import { TEMPLATE_SEED } from './database-template'
import { AUDITOR, ORGADMIN, STAFF, useServer, type TestServer } from './helpers'
import { captureFromStart, captureOutput } from './process-helpers'
import { startInbox } from './smtp-inbox'

// E-mail outside demo mode (decision 084), against a real mail server (smtp-server) on loopback:
// an incident's mail reaches each recipient once with the rule's instructions; a mail server away
// loses nothing (the outbox keeps each message, retried on the server's clock, moved here); a
// claim left by a server that died is taken over; with no SMTP_URL nothing is sent and the start
// says so once. The mail server's password reaches no log line.

const SMTP_USER = 'console'
// Outside demo mode the published demo password opens nothing, and administrators need a second
// factor: the org admin gets this password and no policy asks a factor (mail is tested, not sign-in).
const OTHER = 'Not-The-Demo-Password-8'
const SMTP_PASSWORD = `Smtp-${randomBytes(12).toString('hex')}`
const MFA_KEY = 'mail-tests-key-of-32-characters!!'
const inbox = await startInbox(SMTP_USER, SMTP_PASSWORD)
afterAll(() => inbox.stop())

/**
 * After a server started: its batched stdout lines are written (server/logger.ts) while
 * captureFromStart still holds; captureOutput's spy takes over for each test and restores after.
 */
const flushed = () => new Promise((resolve) => setImmediate(resolve))

const startLog = captureFromStart()
const server = useServer({
  demoMode: false,
  mfaEncryptionKey: MFA_KEY,
  smtpUrl: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${inbox.port}`,
  smtpFrom: 'Acme alerts <alerts@acme.example>',
  logLevel: 'debug',
})
beforeAll(flushed)
const logged = captureOutput()

function kitOf(s: () => TestServer) {
  const kit = alertKit(s)
  const services = () => s().running.handle.services
  return {
    ...kit,
    services,
    /** An incident on the demo's ground floor (a lockdown there), mailed to a team and a person. */
    incidentMails: async (ruleName: string, instructions: string) => {
      await kit.sql('update users set password_hash = $1 where email = $2', [
        await hashPassword(OTHER, TEMPLATE_SEED.scryptLogN),
        ORGADMIN,
      ])
      await kit.sql(`update mfa_policies set required_for = '{}'`)
      const token = await s().login(ORGADMIN, OTHER)
      const place = await kit.demoPlace()
      const me = await kit.one<{ user_id: number }>('select user_id from users where email = $1', [
        ORGADMIN,
      ])
      const rule = await kit.createRule(token, {
        name: ruleName,
        event_types: ['lockdown.started'],
        scope: { kind: 'location', id: place.location_id },
        severity: 'critical',
        instructions,
        recipients: { user_ids: [me.user_id], group_ids: [place.group_id] },
        channels: ['console', 'email'],
      })
      const started = await s().request('POST', LOCKDOWNS_PATH, {
        token,
        json: { scope_type: 'floor', scope_id: place.floor_id, reason: 'Drill' },
      })
      expect(started.status, JSON.stringify(started.body)).toBe(201)
      // The rule's people: the person and the team's members, in the organization, each once.
      const people = await kit.sql<{ email: string }>(
        `select email from users where not disabled and (user_id = $1 or user_id in
           (select user_id from group_members where group_id = $2)) order by email`,
        [me.user_id, place.group_id],
      )
      return { rule, recipients: people.map((p) => p.email) }
    },
    rowsOf: (workflow: string) =>
      kit.sql<{
        recipient: string
        delivery: string
        attempts: number
        link: string | null
        body: string
        next_attempt_at: Date | null
        last_error: string
      }>(
        `select recipient, delivery, attempts, link, body, next_attempt_at, last_error from outbox
         where workflow = $1 order by message_id`,
        [workflow],
      ),
  }
}

const kit = kitOf(server)

describe('with SMTP_URL outside demo mode', () => {
  it('an incident mails each recipient once, with the rule’s instructions, from SMTP_FROM', async () => {
    const instructions = 'Walk the ground floor and check every door is shut.'
    const { rule, recipients } = await kit.incidentMails('Lockdown at Acme HQ', instructions)
    expect(recipients.length).toBeGreaterThanOrEqual(2)
    await kit.services().mailJob.tick()
    const got = inbox.received.filter((r) => r.mail.subject?.includes(rule.name))
    expect(
      got
        .map((r) => r.to)
        .flat()
        .sort(),
    ).toEqual(recipients)
    for (const { mail } of got) {
      expect(mail.subject).toBe(`[critical] ${rule.name}: ${'Ground floor'}`)
      expect(mail.text).toContain(instructions)
      expect(mail.from?.value).toEqual([{ address: 'alerts@acme.example', name: 'Acme alerts' }])
    }
    const rows = await kit.rowsOf('incident_email')
    expect(rows.map((r) => [r.delivery, r.attempts])).toEqual(recipients.map(() => ['sent', 1]))
    const metrics = await server().request<string>('GET', '/metrics')
    expect(metrics.body).toContain(`mail_deliveries_total{outcome="sent"} ${recipients.length}`)
  })

  it('a mail server away loses nothing: retried on the clock, delivered when it is back', async () => {
    const s = kit.services()
    await inbox.stop()
    const before = inbox.received.length
    const t0 = Date.now()
    const { last } = await kit.one<{ last: number }>('select max(message_id) as last from outbox')
    // While it is away: a reset, and a lockdown on another floor (the first test's rule mails it).
    const reset = await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: STAFF },
    })
    expect(reset.status).toBe(202)
    const place = await kit.demoPlace()
    const other = await kit.one<{ floor_id: number }>(
      'select floor_id from floors where location_id = $1 and floor_id <> $2 limit 1',
      [place.location_id, place.floor_id],
    )
    const started = await server().request('POST', LOCKDOWNS_PATH, {
      token: await server().login(ORGADMIN, OTHER),
      json: { scope_type: 'floor', scope_id: other.floor_id, reason: 'Second drill' },
    })
    expect(started.status).toBe(201)
    const written = await kit.sql<{ recipient: string }>(
      'select recipient from outbox where message_id > $1 order by message_id',
      [last],
    )
    expect(written.length).toBeGreaterThan(2)

    // A round ends at the first mail put off, so each round tries one while the server is away
    // (the job's own polls try some too, on the real clock: the test's runs on from now).
    const untried = async () =>
      (
        await kit.one<{ n: number }>(
          'select count(*)::int as n from outbox where message_id > $1 and attempts = 0',
          [last],
        )
      ).n
    for (let round = 0; round <= written.length && (await untried()) > 0; round++)
      await s.mailJob.tick()
    const away = await kit.sql<{ delivery: string; attempts: number; next_attempt_at: Date }>(
      'select delivery, attempts, next_attempt_at from outbox where message_id > $1',
      [last],
    )
    expect(away.map((r) => [r.delivery, r.attempts])).toEqual(written.map(() => ['pending', 1]))
    // The first retry is 10 s after each attempt, give or take a tenth.
    for (const row of away) {
      const wait = new Date(row.next_attempt_at).getTime() - t0
      expect(wait).toBeGreaterThanOrEqual(8_900)
      expect(wait).toBeLessThan(16_000)
    }
    const [reason] = await kit.rowsOf('reset_password_email')
    expect(reason?.last_error).toBe('ESOCKET (ECONNREFUSED)')
    s.clock.set(new Date(t0 + 5_000))
    await s.mailJob.tick()
    expect((await kit.rowsOf('reset_password_email'))[0]?.attempts).toBe(1)

    await inbox.start()
    s.clock.set(new Date(t0 + 30_000))
    await s.mailJob.tick()
    const got = inbox.received.slice(before)
    expect(
      got
        .map((r) => r.to)
        .flat()
        .sort(),
    ).toEqual(written.map((r) => r.recipient).sort())
    const [sent] = await kit.rowsOf('reset_password_email')
    // Handed over, the outbox keeps no link: it signs its reader in.
    expect(sent).toMatchObject({ delivery: 'sent', attempts: 2, link: null, body: '' })
    const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(
      got.find((r) => r.mail.subject === 'Reset your password')?.mail.text ?? '',
    )?.[1]
    const used = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'Mailed-Link-Works-9' },
    })
    expect(used.status).toBe(200)
    const metrics = await server().request<string>('GET', '/metrics')
    expect(metrics.body).toContain(`mail_deliveries_total{outcome="deferred"} ${written.length}`)
    s.clock.set(null)
  })

  it('a claim left by a server that died is sent once its lease ran out', async () => {
    const s = kit.services()
    const [row] = await kit.sql<{ message_id: number }>(
      `insert into outbox (workflow, channel, recipient, subject, body, user_id, claimed_by,
         lease_until)
       select 'reset_password_email', 'email', email, 'Reset your password', 'Left behind',
         user_id, 'a-server-that-died', now() + interval '1 hour'
       from users where email = $1
       returning message_id`,
      [AUDITOR],
    )
    const before = inbox.received.length
    await s.mailJob.tick()
    expect(inbox.received.length).toBe(before)
    await kit.sql(
      `update outbox set lease_until = now() - interval '1 second' where message_id = $1`,
      [row?.message_id],
    )
    await s.mailJob.tick()
    expect(inbox.received.slice(before).map((r) => [r.to, r.mail.text?.trim()])).toEqual([
      [[AUDITOR], 'Left behind'],
    ])
  })

  it('a recipient the mail server refuses for good is failed at once, not retried', async () => {
    const s = kit.services()
    inbox.refused.add('gone@acme.example')
    const [row] = await kit.sql<{ message_id: number }>(
      `insert into outbox (workflow, channel, recipient, subject, body)
       values ('incident_email', 'email', 'gone@acme.example', 'Door forced', 'Go and look.')
       returning message_id`,
    )
    await s.mailJob.tick()
    const [failed] = await kit.sql<{ delivery: string; attempts: number; last_error: string }>(
      'select delivery, attempts, last_error from outbox where message_id = $1',
      [row?.message_id],
    )
    expect(failed).toMatchObject({ delivery: 'failed', attempts: 1 })
    expect(failed?.last_error).toMatch(/^EENVELOPE 550 /)
    expect(logged()).toContain(`mail ${row?.message_id} failed for good at attempt 1`)
    const metrics = await server().request<string>('GET', '/metrics')
    expect(metrics.body).toContain('mail_deliveries_total{outcome="failed"} 1')
  })

  it('the mail server’s password is in no log line, from the start on', () => {
    expect(startLog()).toContain(`e-mail through smtp://127.0.0.1:${inbox.port}`)
    expect(startLog()).not.toContain(SMTP_PASSWORD)
    expect(logged()).not.toContain(SMTP_PASSWORD)
    expect(inbox.refusedLogins).toBe(0)
  })
})

describe('without SMTP_URL outside demo mode', () => {
  const startLogOff = captureFromStart()
  const off = useServer({ demoMode: false, mfaEncryptionKey: MFA_KEY, logLevel: 'info' })
  beforeAll(flushed)
  const offKit = kitOf(off)

  it('sends nothing, keeps no link, and said so in one line at start', async () => {
    const lines = startLogOff()
      .split('\n')
      .filter((line) => line.includes('E-mail is off'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('SMTP_URL')
    const before = inbox.received.length
    const { recipients } = await offKit.incidentMails('Lockdown, no mail', 'Check the doors.')
    const reset = await off().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: STAFF },
    })
    expect(reset.status).toBe(202)
    // The lockdown's event (and the incident's mails with it) is written by its job, after the
    // answer: the mail job is stepped once they are there.
    await expect
      .poll(async () => (await offKit.rowsOf('incident_email')).length)
      .toBe(recipients.length)
    await offKit.services().mailJob.tick()
    expect(inbox.received.length).toBe(before)
    const mails = await offKit.rowsOf('incident_email')
    expect(mails.map((r) => r.delivery)).toEqual(recipients.map(() => 'off'))
    expect(await offKit.rowsOf('reset_password_email')).toMatchObject([
      { delivery: 'off', attempts: 0, link: null, body: '' },
    ])
  })

  it('refuses an invitation nothing would carry, by e-mail or text, and journals none', async () => {
    await offKit.sql('update users set password_hash = $1 where email = $2', [
      await hashPassword(OTHER, TEMPLATE_SEED.scryptLogN),
      ORGADMIN,
    ])
    await offKit.sql(`update mfa_policies set required_for = '{}'`)
    await offKit.sql(`update users set phone_number = '+4930123456' where email = $1`, [STAFF])
    const token = await off().login(ORGADMIN, OTHER)
    const person = await offKit.one<{ user_id: number }>(
      'select user_id from users where email = $1',
      [STAFF],
    )
    for (const [workflow, channel] of [
      ['first_password_email', 'email'],
      ['first_password_sms', 'sms'],
    ] as const) {
      const reply = await off().request('POST', '/notify', {
        token,
        json: { workflow, user_id: person.user_id },
      })
      expect(reply.status, JSON.stringify(reply.body)).toBe(409)
      expect(reply.body).toMatchObject({
        field: 'workflow',
        rule: 'no_transport',
        params: { channel },
      })
    }
    expect(await offKit.rowsOf('first_password_email')).toEqual([])
    expect(await offKit.rowsOf('first_password_sms')).toEqual([])
    expect(await offKit.sql("select journal_id from journal where action = 'invite_sent'")).toEqual(
      [],
    )
  })
})
