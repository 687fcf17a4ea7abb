import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listOf } from '../../src/contract/list'
import { WebhookAttempt, WebhookSend, WebhookWithSecret } from '../../src/contract/webhooks'
import { alertKit } from './alert-helpers'
import { ORGADMIN, STAFF, shaped, useServer } from './helpers'
import { startReceiver, type Receiver } from './webhook-receiver'

// The endpoint's delivery log narrowed by outcome, message state and message, and the same log as
// CSV (decision 083's "not yet"): a receiver on 127.0.0.1 answers as the test tells it.

const server = useServer()
const { at } = alertKit(server)
const tick = () => server().running.handle.services.webhookJob.tick()
let receiver: Receiver
let token: string
let hookId: number
let delivered: string
let refused: string

beforeAll(async () => {
  receiver = await startReceiver()
  token = await server().login(ORGADMIN)
  const created = await server().request('POST', '/org/v1/webhooks', {
    token,
    json: { url: receiver.url, event_types: ['door.closed'] },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  hookId = shaped(created.body, WebhookWithSecret).webhook_id
  at(0)
  delivered = await ping()
  await tick()
  // Longer than the 1 KB the log keeps, and starting as a formula would.
  receiver.answer.status = 500
  receiver.answer.body = `=cmd|${'y'.repeat(3000)}`
  refused = await ping()
  await tick()
  receiver.answer.status = 200
  receiver.answer.body = 'ok'
})
afterAll(() => receiver.close())

async function ping() {
  const reply = await server().request('POST', `/org/v1/webhooks/${hookId}/test`, { token })
  expect(reply.status, JSON.stringify(reply.body)).toBe(202)
  return shaped(reply.body, WebhookSend).message_id
}

async function log(filter: string, as = token) {
  const reply = await server().request(
    'GET',
    `/org/v1/webhooks/${hookId}/deliveries?length=100&${filter}`,
    { token: as },
  )
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return shaped(reply.body, listOf(WebhookAttempt)).data
}

describe('the delivery log', () => {
  it('narrows to one outcome, one message state or one message', async () => {
    expect((await log('')).map((a) => a.message_id)).toEqual([refused, delivered])
    expect((await log('outcome=delivered')).map((a) => a.message_id)).toEqual([delivered])
    expect((await log('outcome=http_error')).map((a) => a.message_id)).toEqual([refused])
    expect(await log('outcome=timeout')).toEqual([])
    expect((await log('message_state=pending')).map((a) => a.message_id)).toEqual([refused])
    expect((await log('message_state=delivered')).map((a) => a.message_id)).toEqual([delivered])
    expect((await log(`message_id=${refused}`)).map((a) => a.outcome)).toEqual(['http_error'])
    expect(await log(`message_id=${refused}&outcome=delivered`)).toEqual([])
  })

  it('refuses a bad filter with 400 naming the field, in the list and the export', async () => {
    for (const path of ['deliveries', 'deliveries/export.csv'])
      for (const [field, value] of [
        ['outcome', 'lost'],
        ['message_state', 'waiting'],
        ['message_id', 'msg_nothex'],
      ]) {
        const reply = await server().request(
          'GET',
          `/org/v1/webhooks/${hookId}/${path}?${field}=${value}`,
          { token },
        )
        expect(reply.status, `${path} ${field}`).toBe(400)
        expect(reply.body).toMatchObject({ field })
      }
  })

  it('downloads as CSV, filtered, with the stored first 1 KB of each answer', async () => {
    const reply = await server().request(
      'GET',
      `/org/v1/webhooks/${hookId}/deliveries/export.csv`,
      { token },
    )
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(reply.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="webhook-${hookId}-deliveries-\\d{8}-\\d{6}\\.csv"$`),
    )
    const text = String(reply.body)
    expect(text).toContain('\r\n')
    const [header, ...rows]: string[][] = parse(text, { bom: true })
    expect(header).toEqual([
      'Attempt ID',
      'When',
      'webhook-id',
      'Event type',
      'Event ID',
      'Outcome',
      'HTTP status',
      'Latency (ms)',
      'Answer (first 1 KB)',
      'Error',
      'Message',
      'Next attempt',
    ])
    expect(rows.map((r) => [r[2], r[3], r[5], r[6], r[10]])).toEqual([
      [refused, 'Test ping', 'Refused by the receiver', '500', 'Waiting'],
      [delivered, 'Test ping', 'Delivered', '200', 'Delivered'],
    ])
    const answer = rows[0]?.[8] ?? ''
    // Defused as every export's cells are, then the 1 KB as stored.
    expect(answer.startsWith("'=cmd|")).toBe(true)
    expect(answer.slice(1)).toHaveLength(1024)
    expect(rows[0]?.[11]).not.toBe('')

    const german = await server().request(
      'GET',
      `/org/v1/webhooks/${hookId}/deliveries/export.csv?outcome=delivered`,
      { token, headers: { 'Accept-Language': 'de' } },
    )
    const [deHeader, ...deRows]: string[][] = parse(String(german.body), { bom: true })
    expect(deHeader?.[0]).toBe('Versuchs-ID')
    expect(deRows.map((r) => r[2])).toEqual([delivered])
  })

  it('is read by who may read the endpoint, and by no one else', async () => {
    const staff = await server().login(STAFF)
    expect(await log('outcome=delivered', staff)).toHaveLength(1)
    const other = await server().login('globexadmin@demo.local')
    for (const path of ['deliveries', 'deliveries/export.csv']) {
      const reply = await server().request('GET', `/org/v1/webhooks/${hookId}/${path}`, {
        token: other,
      })
      expect(reply.status, path).toBe(404)
    }
  })
})
