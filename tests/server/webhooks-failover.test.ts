import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { WebhookWithSecret } from '../../src/contract/webhooks'
import { ADMIN, PASSWORD, shaped } from './helpers'
import { useTwoServersOnPostgres } from './failover-helpers'
import { startReceiver, verifiedBySpec, type Receiver } from './webhook-receiver'

// Webhook delivery outlives the server sending (decision 081): two server processes on one
// PostgreSQL deliver 600 messages to a slow receiver; one is killed with SIGKILL half-way, with
// messages claimed and in flight. The other takes them when the lease runs out: every message
// arrives, signed, and a message sent twice (sent by the dead server, not recorded) carries the
// same webhook-id. The messages are written straight into the delivery table: that an event
// writes them in its own transaction is tests/server/webhooks.test.ts's.
const postgres = process.env.TEST_DATABASE_URL
const title = postgres
  ? 'webhook failover on one PostgreSQL'
  : 'webhook failover on one PostgreSQL — skipped: needs TEST_DATABASE_URL (npm run test:server:pg)'
const MESSAGES = 600

describe.skipIf(!postgres)(title, () => {
  const pair = useTwoServersOnPostgres()
  let receiver: Receiver
  beforeAll(async () => {
    receiver = await startReceiver()
    receiver.answer.delayMs = 40
  })
  afterAll(() => receiver.close())

  it('loses no message when the server sending is killed, and a duplicate has the same webhook-id', async () => {
    const [first] = pair.servers()
    const client = pair.client()
    const token = await fetch(`${first.url}/auth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN, password: PASSWORD }).toString(),
    }).then(async (r) => shaped(await r.json(), TokenPair).access_token)
    const created = await fetch(`${first.url}/org/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, event_types: ['door.closed'] }),
    })
    expect(created.status).toBe(201)
    const hook = shaped(await created.json(), WebhookWithSecret)

    await client.query(
      `insert into webhook_messages (message_id, webhook_id, message_type, payload,
         next_attempt_at, created_at)
       select 'msg_' || lpad(to_hex(g), 32, '0'), $1, 'ping',
         json_build_object('type', 'ping', 'data', json_build_object('n', g))::text, now(), now()
       from generate_series(1, $2::int) g`,
      [hook.webhook_id, MESSAGES],
    )
    const ids = () => new Set(receiver.received.map((r) => r.headers['webhook-id']))
    for (let waited = 0; ids().size < MESSAGES / 4; waited += 20) {
      if (waited > 60_000) throw new Error('a quarter was not delivered in 60 s')
      await new Promise((r) => setTimeout(r, 20))
    }
    first.child.kill('SIGKILL')
    const atKill = receiver.received.length
    const pending = async () => {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from webhook_messages where webhook_id = $1 and state <> 'delivered'`,
        [hook.webhook_id],
      )
      return rows[0]?.n ?? 0
    }
    expect(await pending()).toBeGreaterThan(0)
    for (let waited = 0; (await pending()) > 0; waited += 100) {
      if (waited > 90_000) throw new Error('the other server did not deliver the rest in 90 s')
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(receiver.received.length).toBeGreaterThan(atKill)
    expect(ids().size).toBe(MESSAGES)
    // Every request, the duplicates too, is signed and verifies; a duplicate's body is the same.
    const bodies = new Map<string, string>()
    for (const got of receiver.received) {
      expect(verifiedBySpec(hook.secret, got)).toBe(true)
      const id = got.headers['webhook-id'] ?? ''
      expect(bodies.get(id) ?? got.body).toBe(got.body)
      bodies.set(id, got.body)
    }
    const duplicates = receiver.received.length - MESSAGES
    // At most what the dead server had in flight (its 32 parallel sends) arrives twice.
    expect(duplicates).toBeLessThanOrEqual(32)
  }, 180_000)
})
