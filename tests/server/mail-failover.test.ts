import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTwoServersOnPostgres } from './failover-helpers'
import { startInbox, type Inbox } from './smtp-inbox'

// E-mail outlives the server sending it (decision 084): two server processes outside demo mode on
// one PostgreSQL send 200 messages to a slow mail server; one is killed with SIGKILL half-way, with
// a batch claimed and a message in flight. The other takes them when the lease runs out: every
// message arrives, and one sent twice (taken by the mail server, not recorded by the dead server)
// carries the same Message-ID. The messages are written straight into the outbox: that an incident
// or a reset writes them is tests/server/mail-smtp.test.ts's.
const postgres = process.env.TEST_DATABASE_URL
const title = postgres
  ? 'mail failover on one PostgreSQL'
  : 'mail failover on one PostgreSQL — skipped: needs TEST_DATABASE_URL (npm run test:server:pg)'
const MESSAGES = 200
const PASSWORD = 'failover-smtp-password'
const inbox: Inbox = await startInbox('console', PASSWORD)
afterAll(() => inbox.stop())

describe.skipIf(!postgres)(title, () => {
  const pair = useTwoServersOnPostgres({
    DEMO_MODE: '0',
    MFA_ENCRYPTION_KEY: 'mail-failover-key-of-32-characters',
    SMTP_URL: `smtp://console:${PASSWORD}@127.0.0.1:${inbox.port}`,
    MAIL_LEASE_MS: '3000',
    MAIL_POLL_MS: '100',
  })
  beforeAll(() => {
    inbox.delayMs = 20
  })

  it('loses no mail when the server sending is killed, and a duplicate has the same Message-ID', async () => {
    const [first] = pair.servers()
    const client = pair.client()
    const { rows: written } = await client.query<{ message_id: number }>(
      `insert into outbox (workflow, channel, recipient, subject, body)
       select 'incident_email', 'email', 'desk' || g || '@acme.example', 'Door forced ' || g, 'Go.'
       from generate_series(1, $1::int) g
       returning message_id`,
      [MESSAGES],
    )
    expect(written).toHaveLength(MESSAGES)
    const ids = () => new Set(inbox.received.map((r) => r.mail.messageId))
    for (let waited = 0; ids().size < MESSAGES / 4; waited += 20) {
      if (waited > 60_000) throw new Error('a quarter was not sent in 60 s')
      await new Promise((r) => setTimeout(r, 20))
    }
    first.child.kill('SIGKILL')
    const atKill = inbox.received.length
    const pending = async () => {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from outbox where delivery <> 'sent'`,
      )
      return rows[0]?.n ?? 0
    }
    expect(await pending()).toBeGreaterThan(0)
    for (let waited = 0; (await pending()) > 0; waited += 100) {
      if (waited > 90_000) throw new Error('the other server did not send the rest in 90 s')
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(inbox.received.length).toBeGreaterThan(atKill)
    expect(ids().size).toBe(MESSAGES)
    const sorted = (list: string[]) => [...list].sort()
    expect(sorted([...new Set(inbox.received.flatMap((r) => r.to))])).toEqual(
      sorted(Array.from({ length: MESSAGES }, (_, i) => `desk${i + 1}@acme.example`)),
    )
    // A duplicate is the same message: same Message-ID, same recipient and subject.
    const seen = new Map<string, string>()
    for (const got of inbox.received) {
      const id = got.mail.messageId ?? ''
      const what = `${got.to.join()} ${got.mail.subject}`
      expect(seen.get(id) ?? what).toBe(what)
      seen.set(id, what)
    }
    // At most the dead server's claimed batch (10) arrives twice.
    expect(inbox.received.length - MESSAGES).toBeLessThanOrEqual(10)
  }, 180_000)
})
