import type { WebhookMessageType } from '../../src/contract/webhooks'
import type { Prepared, Queryable } from '../db/database'
import type { NewEvent, RecordedEvent } from '../alerts/event-row'

// The delivery table (decision 081): one message per endpoint and event, written by recordEvent
// in the event's own transaction, so an event that commits has its messages and one that rolls
// back has none. The body is fixed here, once: every attempt signs and sends the same bytes.

/** A message's id and `webhook-id`: `msg_` and 32 hex digits, made by the database. */
const newMessageId = `'msg_' || replace(gen_random_uuid()::text, '-', '')`

const enqueueSql: Prepared = {
  name: 'webhook_enqueue',
  text: `insert into webhook_messages (message_id, webhook_id, event_id, message_type, payload,
       next_attempt_at, created_at)
     select ${newMessageId}, w.webhook_id, $2, $3, $4, $5, $5 from webhooks w
     where w.organization_id = $1 and w.enabled and w.event_types @> array[$3::text]`,
}

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export function eventBody(event: RecordedEvent, payload: NewEvent['payload']): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.at.toISOString(),
    data: {
      event_id: event.event_id,
      organization_id: event.place.organization_id,
      subject: { kind: event.subject.kind, id: event.subject.id, name: event.place.name },
      location_id: event.place.location_id,
      details: payload ?? {},
    },
  })
}

/** A message for each enabled endpoint of the event's organization subscribed to its type. */
export async function enqueueEvent(
  q: Queryable,
  event: RecordedEvent,
  payload: NewEvent['payload'],
) {
  await q.query(enqueueSql, [
    event.place.organization_id,
    event.event_id,
    event.type,
    eventBody(event, payload),
    event.at.toISOString(),
  ])
}

/** "Test": a `ping` to one endpoint, due now; its message id. */
export async function enqueuePing(
  q: Queryable,
  webhookId: number,
  organizationId: number,
  at: Date,
) {
  const type: WebhookMessageType = 'ping'
  const body = JSON.stringify({
    type,
    timestamp: at.toISOString(),
    data: { webhook_id: webhookId, organization_id: organizationId },
  })
  const [row] = await q.query<{ message_id: string }>(
    `insert into webhook_messages (message_id, webhook_id, message_type, payload, next_attempt_at,
       created_at)
     values (${newMessageId}, $1, $2, $3, $4, $4) returning message_id`,
    [webhookId, type, body, at.toISOString()],
  )
  if (!row) throw new Error('ping not written')
  return row.message_id
}
