import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Webhook as Verifier } from 'standardwebhooks'
import { Incident } from '../../src/contract/alerts'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import {
  Webhook,
  WebhookAttempt,
  WebhookSend,
  WebhookWithSecret,
} from '../../src/contract/webhooks'
import { RETRY_DELAYS_MS, JITTER } from '../../server/webhooks/schedule'
import type { Resolver } from '../../server/webhooks/ssrf'
import { alertKit } from './alert-helpers'
import { GLOBEX, ORGADMIN, shaped, useServer } from './helpers'
import { startReceiver, verifiedBySpec, type Receiver } from './webhook-receiver'

// Webhooks (decision 081) over real HTTP, to a receiver on 127.0.0.1 (demo mode allows loopback
// over http): signatures checked by the package's own verify and by a verifier written from the
// specification; the retry schedule and the five days to disable on the server's clock, moved and
// stepped, never waited for; "Send again"; the address checks at save and at delivery with a
// resolver the test controls.

const server = useServer()
const { at, simulate, deviceId, sensorName, sql } = alertKit(server)
const services = () => server().running.handle.services
const tick = () => services().webhookJob.tick()
let receiver: Receiver

// Names the test resolves: a public address, a private one.
const names: Record<string, string> = { 'public.test': '93.184.216.34', 'private.test': '10.1.2.3' }
const testResolver: Resolver = (hostname) => {
  const address = names[hostname]
  return Promise.resolve(address ? [{ address, family: 4 }] : [])
}

beforeAll(async () => {
  receiver = await startReceiver()
  services().webhookJob.resolver = testResolver
})
afterAll(() => receiver.close())

async function createWebhook(token: string, body: Record<string, unknown>) {
  const reply = await server().request('POST', '/org/v1/webhooks', { token, json: body })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return shaped(reply.body, WebhookWithSecret)
}

async function ping(token: string, id: number) {
  const reply = await server().request('POST', `/org/v1/webhooks/${id}/test`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(202)
  return shaped(reply.body, WebhookSend).message_id
}

async function attempts(token: string, id: number, messageId?: string) {
  const query = messageId ? `&message_id=${messageId}` : ''
  const reply = await server().request(
    'GET',
    `/org/v1/webhooks/${id}/deliveries?length=100${query}`,
    { token },
  )
  expect(reply.status).toBe(200)
  return shaped(reply.body, listOf(WebhookAttempt)).data
}

const asSent = (id: string) => receiver.received.filter((r) => r.headers['webhook-id'] === id)

describe('a delivery', () => {
  it('carries the event, signed so that the package and a verifier from the spec accept it, and a replay later is refused', async () => {
    const token = await server().login(ORGADMIN)
    const hook = await createWebhook(token, {
      url: receiver.url,
      event_types: ['door.forced_open'],
      description: 'SIEM',
    })
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    // The secret is shown once: reading the endpoint again does not show it.
    const read = await server().request('GET', `/org/v1/webhooks/${hook.webhook_id}`, { token })
    expect(JSON.stringify(read.body)).not.toContain(hook.secret)

    receiver.answer.status = 200
    await simulate(await deviceId(sensorName), 'door_forced_open')
    await tick()
    const [got] = receiver.received.filter((r) => r.body.includes('door.forced_open'))
    if (!got) throw new Error('nothing delivered')
    const body = JSON.parse(got.body) as { type: string; data: { subject: { kind: string } } }
    expect(body.type).toBe('door.forced_open')
    expect(body.data.subject.kind).toBe('door')
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)

    expect(new Verifier(hook.secret).verify(got.body, got.headers)).toEqual(JSON.parse(got.body))
    expect(verifiedBySpec(hook.secret, got)).toBe(true)
    // Captured and sent again ten minutes later: the timestamp gives it away.
    const tenMinutesLater = Math.floor(Date.now() / 1000) + 600
    expect(verifiedBySpec(hook.secret, got, tenMinutesLater)).toBe(false)
    // Another body under the same headers, or another secret, is refused.
    expect(verifiedBySpec(hook.secret, { ...got, body: got.body.replace('door', 'room') })).toBe(
      false,
    )
    expect(verifiedBySpec(`whsec_${Buffer.alloc(24).toString('base64')}`, got)).toBe(false)

    const log = await attempts(token, hook.webhook_id)
    expect(log[0]).toMatchObject({ outcome: 'delivered', status: 200, response: 'ok' })
    expect(log[0]?.message_state).toBe('delivered')
  })

  it('signs with both secrets during a rotation, and the rotation is journaled without either', async () => {
    const token = await server().login(ORGADMIN)
    const hook = await createWebhook(token, { url: receiver.url, event_types: ['door.closed'] })
    const reply = await server().request(
      'POST',
      `/org/v1/webhooks/${hook.webhook_id}/rotate-secret`,
      { token },
    )
    expect(reply.status).toBe(200)
    const rotated = shaped(reply.body, WebhookWithSecret)
    expect(rotated.secret).not.toBe(hook.secret)
    expect(rotated.previous_secret_until).not.toBeNull()
    const id = await ping(token, hook.webhook_id)
    await tick()
    const [got] = asSent(id)
    if (!got) throw new Error('no ping')
    expect(got.headers['webhook-signature']?.split(' ')).toHaveLength(2)
    for (const secret of [hook.secret, rotated.secret]) {
      expect(new Verifier(secret).verify(got.body, got.headers)).toMatchObject({ type: 'ping' })
      expect(verifiedBySpec(secret, got)).toBe(true)
    }
    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=webhook&target_id=${hook.webhook_id}`,
      { token },
    )
    const rows = shaped(journal.body, listOf(JournalEntry)).data
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'update'])
    expect(JSON.stringify(rows)).not.toContain(hook.secret.slice(6))
    expect(JSON.stringify(rows)).not.toContain(rotated.secret.slice(6))
  })

  it('"Send again" sends the same message with the same webhook-id', async () => {
    const token = await server().login(ORGADMIN)
    const hook = await createWebhook(token, { url: receiver.url, event_types: ['door.closed'] })
    const id = await ping(token, hook.webhook_id)
    await tick()
    const reply = await server().request(
      'POST',
      `/org/v1/webhooks/${hook.webhook_id}/messages/${id}/resend`,
      { token },
    )
    expect(reply.status).toBe(202)
    await tick()
    const sent = asSent(id)
    expect(sent).toHaveLength(2)
    expect(sent[1]?.body).toBe(sent[0]?.body)
    expect(await attempts(token, hook.webhook_id, id)).toHaveLength(2)
    const other = await server().request(
      'POST',
      `/org/v1/webhooks/${hook.webhook_id}/messages/msg_${'0'.repeat(32)}/resend`,
      { token },
    )
    expect(other.status).toBe(404)
  })
})

describe('failures', () => {
  it('are retried at about 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, each logged with the first 1 KB, then the message has failed', async () => {
    const token = await server().login(ORGADMIN)
    const hook = await createWebhook(token, { url: receiver.url, event_types: ['door.closed'] })
    receiver.answer.status = 500
    receiver.answer.body = 'x'.repeat(2048)
    try {
      let now = 0
      at(now)
      const id = await ping(token, hook.webhook_id)
      await tick()
      expect(asSent(id)).toHaveLength(1)
      for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
        // Not before the earliest the jitter allows; by the latest, tried again.
        now += (delay * (1 - JITTER)) / 1000 - 1
        at(now)
        await tick()
        expect(asSent(id), `before retry ${i + 1}`).toHaveLength(i + 1)
        now += (delay * 2 * JITTER) / 1000 + 2
        at(now)
        await tick()
        expect(asSent(id), `retry ${i + 1}`).toHaveLength(i + 2)
      }
      const log = await attempts(token, hook.webhook_id, id)
      expect(log).toHaveLength(RETRY_DELAYS_MS.length + 1)
      expect(log.every((a) => a.outcome === 'http_error' && a.status === 500)).toBe(true)
      expect(log[0]?.response).toHaveLength(1024)
      expect(log[0]).toMatchObject({ message_state: 'failed', next_attempt_at: null })
      // Newest first.
      expect(log.map((a) => a.attempt_id)).toEqual(
        [...log.map((a) => a.attempt_id)].sort((a, b) => b - a),
      )
      const endpoint = await server().request('GET', `/org/v1/webhooks/${hook.webhook_id}`, {
        token,
      })
      expect(shaped(endpoint.body, Webhook)).toMatchObject({
        enabled: true,
        last_attempt: { outcome: 'http_error', status: 500 },
        pending: 0,
      })
    } finally {
      receiver.answer.status = 200
      receiver.answer.body = 'ok'
    }
  })

  it('for 5 days disable the endpoint, journaled, with an incident', async () => {
    const token = await server().login(ORGADMIN)
    const hook = await createWebhook(token, {
      url: `${receiver.url}?failing`,
      event_types: ['door.closed'],
    })
    receiver.answer.status = 503
    try {
      at(0)
      await ping(token, hook.webhook_id)
      await tick()
      const failing = shaped(
        (await server().request('GET', `/org/v1/webhooks/${hook.webhook_id}`, { token })).body,
        Webhook,
      )
      expect(failing.failing_since).not.toBeNull()
      expect(failing.enabled).toBe(true)
      // Four days on, still failing, still on.
      at(4 * 86_400)
      await ping(token, hook.webhook_id)
      await tick()
      expect(
        shaped(
          (await server().request('GET', `/org/v1/webhooks/${hook.webhook_id}`, { token })).body,
          Webhook,
        ).enabled,
      ).toBe(true)
      at(5 * 86_400 + 1)
      await ping(token, hook.webhook_id)
      await tick()
      const off = shaped(
        (await server().request('GET', `/org/v1/webhooks/${hook.webhook_id}`, { token })).body,
        Webhook,
      )
      expect(off).toMatchObject({ enabled: false, disabled_reason: 'failing', pending: 0 })
      const journal = shaped(
        (
          await server().request(
            'GET',
            `/org/v1/journal?target_type=webhook&target_id=${hook.webhook_id}`,
            { token },
          )
        ).body,
        listOf(JournalEntry),
      ).data
      const disabling = journal.find((r) => r.action === 'update')
      expect(disabling).toMatchObject({ actor_id: null, changes: { enabled: [true, false] } })
      const incidents = shaped(
        (await server().request('GET', '/sbm/v1/incidents?length=100', { token })).body,
        listOf(Incident),
      ).data.filter((i) => i.rule_name === hook.url)
      expect(incidents).toHaveLength(1)
      expect(incidents[0]).toMatchObject({
        event_type: 'webhook.disabled',
        state: 'open',
        subject: { kind: 'organization' },
      })
      // A disabled endpoint is not tested or sent again.
      const refused = await server().request('POST', `/org/v1/webhooks/${hook.webhook_id}/test`, {
        token,
      })
      expect(refused.status).toBe(409)
    } finally {
      receiver.answer.status = 200
    }
  })
})

describe('addresses', () => {
  const refusedUrl = async (url: string) => {
    const token = await server().login(ORGADMIN)
    const reply = await server().request('POST', '/org/v1/webhooks', {
      token,
      json: { url, event_types: ['door.closed'] },
    })
    expect(reply.status, url).toBe(400)
    expect(reply.body).toMatchObject({ field: 'url' })
    return reply.body as { params?: Record<string, string>; message: string }
  }

  it('refuses at save what is not https, private, link-local, metadata or resolves to private', async () => {
    expect((await refusedUrl('http://public.test/hook')).message).toContain('https')
    await refusedUrl('https://10.0.0.5/hook')
    await refusedUrl('https://169.254.169.254/latest/meta-data')
    await refusedUrl('https://100.64.0.1/hook')
    await refusedUrl('https://[::ffff:10.0.0.1]/hook')
    await refusedUrl('https://[fd00:ec2::254]/hook')
    expect((await refusedUrl('https://private.test/hook')).message).toContain('10.1.2.3')
    await refusedUrl('https://nowhere.test/hook')
    await refusedUrl('ftp://public.test/hook')
    await refusedUrl('https://user:pw@public.test/hook')
  })

  it('checks again at each delivery, on the address it connects to', async () => {
    const token = await server().login(ORGADMIN)
    const hook = await createWebhook(token, {
      url: 'https://public.test/hook',
      event_types: ['door.closed'],
    })
    names['public.test'] = '10.9.9.9'
    try {
      const id = await ping(token, hook.webhook_id)
      await tick()
      const [attempt] = await attempts(token, hook.webhook_id, id)
      expect(attempt).toMatchObject({ outcome: 'address_refused', status: null })
      expect(attempt?.error).toContain('10.9.9.9')
    } finally {
      names['public.test'] = '93.184.216.34'
    }
  })

  it('refuses unknown event types and a 21st endpoint, naming the field', async () => {
    const token = await server().login(GLOBEX)
    const unknown = await server().request('POST', '/org/v1/webhooks', {
      token,
      json: { url: 'https://public.test/a', event_types: ['door.closed', 'door.exploded'] },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ field: 'event_types.1' })
    const [existing] = await sql<{ n: number }>(
      `select count(*)::int as n from webhooks w join organizations o using (organization_id)
       where o.name = 'Globex'`,
    )
    for (let i = existing?.n ?? 0; i < 20; i++)
      await createWebhook(token, { url: `https://public.test/${i}`, event_types: ['door.closed'] })
    const over = await server().request('POST', '/org/v1/webhooks', {
      token,
      json: { url: 'https://public.test/21', event_types: ['door.closed'] },
    })
    expect(over.status).toBe(409)
    expect(over.body).toMatchObject({ field: 'url', rule: 'too_many', params: { max: 20 } })
  })

  it('keeps another organization out', async () => {
    const acme = await server().login(ORGADMIN)
    const hook = await createWebhook(acme, { url: receiver.url, event_types: ['door.closed'] })
    const globex = await server().login(GLOBEX)
    for (const [method, path] of [
      ['GET', `/org/v1/webhooks/${hook.webhook_id}`],
      ['GET', `/org/v1/webhooks/${hook.webhook_id}/deliveries`],
      ['POST', `/org/v1/webhooks/${hook.webhook_id}/test`],
      ['POST', `/org/v1/webhooks/${hook.webhook_id}/rotate-secret`],
    ] as const)
      expect((await server().request(method, path, { token: globex })).status, path).toBe(404)
  })
})

describe('metrics', () => {
  it('count deliveries by outcome and the messages waiting', async () => {
    const reply = await server().request('GET', '/metrics')
    const text = String(reply.body)
    expect(text).toMatch(/webhook_deliveries_total\{outcome="delivered"\} [1-9]/)
    expect(text).toMatch(/webhook_deliveries_total\{outcome="http_error"\} [1-9]/)
    expect(text).toMatch(/webhook_delivery_seconds_count [1-9]/)
    expect(text).toMatch(/webhook_outbox_depth \d+/)
  })
})
