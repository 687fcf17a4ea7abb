import { FAILING_DAYS_TO_DISABLE, type Webhook } from '../../src/contract/webhooks'
import { SYSTEM_SOURCE, recordEvent } from '../alerts/events'
import { openSystemIncident } from '../alerts/incidents'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'

// An organization's webhook endpoints as the API answers them (decision 081), and the one
// automatic change to them: five days of failures without a success disable an endpoint.

/** The endpoint's columns, its newest attempt and its pending messages. */
export const webhookSelect = `w.webhook_id, w.organization_id, w.url, w.description, w.event_types,
  w.enabled, w.disabled_reason, w.disabled_at, w.failing_since, w.previous_secret_until,
  w.secret_rotated_at, w.created_at, w.updated_at, la.outcome as last_outcome,
  la.status as last_status, la.attempted_at as last_at,
  (select count(*)::int from webhook_messages m
   where m.webhook_id = w.webhook_id and m.state = 'pending') as pending`

export const webhookFrom = `webhooks w left join lateral (
    select a.outcome, a.status, a.attempted_at from webhook_attempts a
    where a.webhook_id = w.webhook_id order by a.attempt_id desc limit 1) la on true`

export interface WebhookRow extends Omit<Webhook, 'last_attempt'> {
  last_outcome: NonNullable<Webhook['last_attempt']>['outcome'] | null
  last_status: number | null
  last_at: string | null
}

/** The contract's shape; a previous secret past its time no longer counts (`now`). */
export function webhookOf(row: WebhookRow, now: Date): Webhook {
  const { last_outcome, last_status, last_at, ...rest } = row
  const previous = row.previous_secret_until
  return {
    ...rest,
    previous_secret_until:
      previous !== null && Date.parse(previous) > now.getTime() ? previous : null,
    last_attempt:
      last_outcome === null || last_at === null
        ? null
        : { outcome: last_outcome, status: last_status, at: last_at },
  }
}

export async function findWebhook(q: Queryable, id: number) {
  const [row] = await q.query<WebhookRow>(
    `select ${webhookSelect} from ${webhookFrom} where w.webhook_id = $1`,
    [id],
  )
  return row
}

/** The journal's name of an endpoint: its URL. */
export const byUrl = (row: { url: string }) => row.url

const FAILING_MS = FAILING_DAYS_TO_DISABLE * 24 * 3600 * 1000

/** An endpoint failing since this time or before is disabled (server/webhooks/record.ts). */
export const failingLimit = (now: Date) => new Date(now.getTime() - FAILING_MS)

/**
 * An endpoint failing for FAILING_DAYS_TO_DISABLE is disabled (the conditional update's row count
 * decides, so one server does it once), journaled by the system, its pending messages fail, and
 * the organization's `webhook.disabled` event is recorded, which rules may watch; when none opened
 * an incident for it, a rule-less one opens, so somebody sees it.
 */
export async function disableFailing(q: Queryable, webhookId: number, now: Date) {
  const before = await findWebhook(q, webhookId)
  const [disabled] = await q.query<{ failing_since: string }>(
    `update webhooks set enabled = false, disabled_reason = 'failing', disabled_at = $2,
       updated_at = now()
     where webhook_id = $1 and enabled and failing_since <= $3
     returning failing_since`,
    [webhookId, now.toISOString(), failingLimit(now).toISOString()],
  )
  if (!disabled || !before) return
  await q.query(
    `update webhook_messages set state = 'failed', next_attempt_at = null
     where webhook_id = $1 and state = 'pending'`,
    [webhookId],
  )
  const after = (await findWebhook(q, webhookId)) ?? null
  await writeJournal(q, SYSTEM_SOURCE, changeRow('webhook', webhookId, before, after, byUrl))
  const event = await recordEvent(q, SYSTEM_SOURCE, {
    type: 'webhook.disabled',
    subject: { kind: 'organization', id: before.organization_id },
    at: now,
    payload: { webhook_id: webhookId, url: before.url, failing_since: disabled.failing_since },
  })
  if (event)
    await openSystemIncident(q, SYSTEM_SOURCE, event, before.url, new Date(disabled.failing_since))
}
