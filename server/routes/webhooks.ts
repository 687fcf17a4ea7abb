import type { Context } from 'hono'
import { WEBHOOKS_PATH } from '../../src/contract/api-paths'
import { Id } from '../../src/contract/fields'
import { inScope } from '../../src/contract/permissions'
import { object, optional, validate } from '../../src/contract/struct'
import {
  MAX_WEBHOOKS,
  MessageId,
  PREVIOUS_SECRET_HOURS,
  WebhookAttemptListQuery,
  WebhookInput,
  WebhookListQuery,
  webhookAttemptSortKeys,
  webhookSortKeys,
  type WebhookAttempt,
  type WebhookAttemptListQuery as AttemptQuery,
} from '../../src/contract/webhooks'
import { eventWordKey } from '../../src/contract/alerts'
import type { App, AppEnv, Services } from '../context'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { badField, conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { csvResponse, type CsvColumn } from '../http/csv-export'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'
import {
  byUrl,
  findWebhook,
  webhookFrom,
  webhookOf,
  webhookSelect,
  type WebhookRow,
} from '../webhooks/endpoints'
import { enqueuePing } from '../webhooks/messages'
import { newSecret } from '../webhooks/signing'
import { checkedAddress, isRefusal } from '../webhooks/ssrf'
import { column, freshCheckForLarge, wordOf } from './exports'

// Webhook endpoints (decision 081): an organization's, written by its admins (webhooks:update:org),
// each change journaled. The secret is in the create's and the rotation's answer only.

const WebhookCreate = object({ ...WebhookInput.schema, organization_id: optional(Id) })

// The paths of api-paths.ts (webhookPath …) with the id as a parameter.
const ONE = `${WEBHOOKS_PATH}/:id`

const sortColumns: Record<(typeof webhookSortKeys)[number], string> = {
  webhook_id: 'w.webhook_id',
  url: 'w.url',
  created_at: 'w.created_at',
}

export function registerWebhooks(app: App, s: Services) {
  const now = () => s.clock.now()

  /** The save-time check of the URL (the same runs again at every delivery): 400 naming `url`. */
  const checkUrl = async (url: string) => {
    const address = await checkedAddress(
      new URL(url),
      { allowLoopback: s.options.demoMode },
      s.webhookJob.resolver,
    )
    if (isRefusal(address))
      throw badField('url', address.message, 'invalid', { why: address.reason })
  }

  const load = async (q: Queryable, c: Context<AppEnv>, write: boolean) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'webhooks', write ? 'update' : 'read')
    const id = idParam(c)
    if (write) await lockRow(q, 'webhooks', id, 'update')
    return ensureInScope(scope, p, await findWebhook(q, id), 'Webhook')
  }

  app.get(WEBHOOKS_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'webhooks', 'read'), p)
    const page = await listPage<(typeof webhookSortKeys)[number], WebhookRow>(
      s.db,
      {
        select: webhookSelect,
        from: webhookFrom,
        where: limit === null ? [] : ['w.organization_id = $1'],
        params: limit === null ? [] : [limit],
        searchColumns: ['w.url', 'w.description'],
        sortColumns,
        tiebreak: 'w.webhook_id',
      },
      query(c, WebhookListQuery),
    )
    return c.json({ ...page, data: page.data.map((row) => webhookOf(row, now())) })
  })

  app.get(ONE, async (c) => c.json(webhookOf(await load(s.db, c, false), now())))

  app.post(WEBHOOKS_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'webhooks', 'create')
    const input = await jsonBody(c, WebhookCreate)
    const org = input.organization_id ?? p.organizationId
    if (!inScope(scope, p.organizationId, org)) throw notFound('Organization')
    await checkUrl(input.url)
    const secret = newSecret()
    const created = await s.db.tx(async (q) => {
      // The limit counts under the organization's lock, so two creates cannot both be the 20th.
      if (!(await lockRow(q, 'organizations', org, 'no key update'))) throw notFound('Organization')
      const [count] = await q.query<{ n: number }>(
        'select count(*)::int as n from webhooks where organization_id = $1',
        [org],
      )
      if ((count?.n ?? 0) >= MAX_WEBHOOKS)
        throw conflict(
          `An organization has at most ${MAX_WEBHOOKS} webhook endpoints.`,
          'url',
          'too_many',
          { max: MAX_WEBHOOKS },
        )
      const [row] = await q.query<{ id: number }>(
        `select nextval(pg_get_serial_sequence('webhooks', 'webhook_id'))::int as id`,
      )
      if (!row) throw new Error('no webhook id')
      const enabled = input.enabled ?? true
      await q.query(
        `insert into webhooks (webhook_id, organization_id, url, description, event_types, enabled,
           disabled_reason, disabled_at, secret_sealed)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          row.id,
          org,
          input.url,
          input.description ?? '',
          input.event_types,
          enabled,
          enabled ? null : 'person',
          enabled ? null : now().toISOString(),
          s.secrets.seal(secret, row.id, 'webhook'),
        ],
      )
      const after = (await findWebhook(q, row.id)) ?? null
      await writeJournal(q, journalSource(c), changeRow('webhook', row.id, null, after, byUrl))
      if (!after) throw new Error('webhook not written')
      return after
    })
    return c.json({ ...webhookOf(created, now()), secret }, 201)
  })

  app.put(ONE, async (c) => {
    // Permission before the body: who may not change it learns nothing from its checks.
    requireScope(c.get('principal'), 'webhooks', 'update')
    const input = await jsonBody(c, WebhookInput)
    await checkUrl(input.url)
    const updated = await s.db.tx(async (q) => {
      const before = await load(q, c, true)
      const enabled = input.enabled ?? before.enabled
      const turnedOff = before.enabled && !enabled
      await q.query(
        `update webhooks set url = $2, description = $3, event_types = $4, enabled = $5,
           disabled_reason = case when $5 then null when enabled then 'person' else disabled_reason end,
           disabled_at = case when $5 then null when enabled then $6::timestamptz else disabled_at end,
           failing_since = case when $5 and not enabled then null else failing_since end,
           updated_at = now()
         where webhook_id = $1`,
        [
          before.webhook_id,
          input.url,
          input.description ?? before.description,
          input.event_types,
          enabled,
          now().toISOString(),
        ],
      )
      // Turned off, it is sent nothing more: what waited has failed ("Send again" once it is on).
      if (turnedOff)
        await q.query(
          `update webhook_messages set state = 'failed', next_attempt_at = null
           where webhook_id = $1 and state = 'pending'`,
          [before.webhook_id],
        )
      const after = (await findWebhook(q, before.webhook_id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow('webhook', before.webhook_id, before, after, byUrl),
      )
      if (!after) throw notFound('Webhook')
      return after
    })
    return c.json(webhookOf(updated, now()))
  })

  app.delete(ONE, async (c) => {
    await s.db.tx(async (q) => {
      const before = await load(q, c, true)
      await q.query('delete from webhooks where webhook_id = $1', [before.webhook_id])
      await writeJournal(
        q,
        journalSource(c),
        changeRow('webhook', before.webhook_id, before, null, byUrl),
      )
    })
    return c.body(null, 204)
  })

  app.post(`${ONE}/rotate-secret`, async (c) => {
    const secret = newSecret()
    const rotated = await s.db.tx(async (q) => {
      const before = await load(q, c, true)
      const at = now()
      const until = new Date(at.getTime() + PREVIOUS_SECRET_HOURS * 3600 * 1000)
      await q.query(
        `update webhooks set previous_secret_sealed = secret_sealed, previous_secret_until = $2,
           secret_sealed = $3, secret_rotated_at = $4, updated_at = now()
         where webhook_id = $1`,
        [
          before.webhook_id,
          until.toISOString(),
          s.secrets.seal(secret, before.webhook_id, 'webhook'),
          at.toISOString(),
        ],
      )
      const after = (await findWebhook(q, before.webhook_id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow('webhook', before.webhook_id, before, after, byUrl),
      )
      if (!after) throw notFound('Webhook')
      return after
    })
    return c.json({ ...webhookOf(rotated, now()), secret })
  })

  app.post(`${ONE}/test`, async (c) => {
    const messageId = await s.db.tx(async (q) => {
      const endpoint = await load(q, c, true)
      if (!endpoint.enabled) throw conflict('The endpoint is disabled.', 'enabled', 'not_active')
      return enqueuePing(q, endpoint.webhook_id, endpoint.organization_id, now())
    })
    s.webhookJob.wake()
    return c.json({ message_id: messageId }, 202)
  })

  app.post(`${ONE}/messages/:mid/resend`, async (c) => {
    const [invalid, messageId] = validate(c.req.param('mid'), MessageId)
    if (invalid) throw notFound('Message')
    await s.db.tx(async (q) => {
      const endpoint = await load(q, c, true)
      if (!endpoint.enabled) throw conflict('The endpoint is disabled.', 'enabled', 'not_active')
      // The same message, the same webhook-id: the schedule starts over from now.
      const resent = await q.query(
        `update webhook_messages set state = 'pending', step = 0, next_attempt_at = $3,
           claimed_by = null, lease_until = null
         where message_id = $1 and webhook_id = $2 returning 1`,
        [messageId, endpoint.webhook_id, now().toISOString()],
      )
      if (resent.length === 0) throw notFound('Message')
    })
    s.webhookJob.wake()
    return c.json({ message_id: messageId }, 202)
  })

  app.get(`${ONE}/deliveries`, async (c) => {
    const endpoint = await load(s.db, c, false)
    const request = query(c, WebhookAttemptListQuery)
    const page = await listPage<AttemptSort, WebhookAttempt>(
      s.db,
      deliveriesSpec(endpoint.webhook_id, request),
      request,
    )
    return c.json(page)
  })

  // The log as the page shows it, filters and all, streamed as the lists' exports are.
  app.get(`${ONE}/deliveries/export.csv`, async (c) => {
    const endpoint = await load(s.db, c, false)
    const request = query(c, WebhookAttemptListQuery)
    const spec = deliveriesSpec(endpoint.webhook_id, request)
    await freshCheckForLarge(c, s, spec, request.search)
    return csvResponse(c, s, {
      what: `webhook-${endpoint.webhook_id}-deliveries`,
      spec,
      query: request,
      columns: attemptColumns,
    })
  })
}

type AttemptSort = (typeof webhookAttemptSortKeys)[number]

/** One endpoint's attempts, narrowed by the log's filters (message, outcome, message state). */
function deliveriesSpec(webhookId: number, request: AttemptQuery): ListSpec<AttemptSort> {
  const where = ['a.webhook_id = $1']
  const params: unknown[] = [webhookId]
  const narrow = (column: string, value: string | undefined) => {
    if (value === undefined) return
    params.push(value)
    where.push(`${column} = $${params.length}`)
  }
  narrow('a.message_id', request.message_id)
  narrow('a.outcome', request.outcome)
  narrow('m.state', request.message_state)
  return {
    select: `a.attempt_id, a.message_id, m.message_type, m.event_id, a.attempted_at,
      a.outcome, a.status, a.latency_ms, a.response, a.error, m.state as message_state,
      m.next_attempt_at`,
    from: 'webhook_attempts a join webhook_messages m on m.message_id = a.message_id',
    where,
    params,
    searchColumns: ['a.message_id', 'm.message_type'],
    sortColumns: { attempted_at: 'a.attempt_id' },
    tiebreak: 'a.attempt_id',
  }
}

const outcomeWord = wordOf((LL) => LL.answers.webhookOutcome)
const stateWord = wordOf((LL) => LL.answers.webhookMessageState)
const eventWord = wordOf((LL) => LL.answers.alertEvent)

/** The log's file: what the page shows of each attempt, the answer as stored (its first 1 KB). */
const attemptColumns: CsvColumn<WebhookAttempt>[] = [
  column('attempt_id', (a) => a.attempt_id),
  column('at', (a) => a.attempted_at),
  column('webhook_message_id', (a) => a.message_id),
  column('message_type', (a, LL) =>
    a.message_type === 'ping' ? LL.webhooks.ping() : eventWord(LL, eventWordKey(a.message_type)),
  ),
  column('event_id', (a) => a.event_id),
  column('outcome', (a, LL) => outcomeWord(LL, a.outcome)),
  column('http_status', (a) => a.status),
  column('latency_ms', (a) => a.latency_ms),
  column('response', (a) => a.response),
  column('error', (a) => a.error),
  column('message_state', (a, LL) => stateWord(LL, a.message_state)),
  column('next_attempt_at', (a) => a.next_attempt_at),
]
