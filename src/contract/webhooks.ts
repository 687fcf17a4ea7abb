import { alertEventTypes } from './alerts'
import { Id, IsoDateTime, optionalText } from './fields'
import { listQuery } from './list'
import { fail } from './rules'
import {
  array,
  assign,
  boolean,
  define,
  enums,
  integer,
  nullable,
  object,
  optional,
  refine,
  string,
  type Infer,
} from './struct'

// Webhooks (issue 68, decision 081): an organization's endpoints receive its events, signed per
// the Standard Webhooks specification, from a delivery table written with each event. The paths
// are in api-paths.ts (WEBHOOKS_PATH and the helpers beside it).

/** The events an endpoint may subscribe to: every alert event. */
export const webhookEventTypes = alertEventTypes
export const WebhookEventType = enums(webhookEventTypes)
export type WebhookEventType = Infer<typeof WebhookEventType>

/** What a message carries: an event, or the `ping` of "Test". */
export const webhookMessageTypes = [...webhookEventTypes, 'ping'] as const
export type WebhookMessageType = (typeof webhookMessageTypes)[number]

/** An organization holds at most this many endpoints (a 21st is 409 `too_many`). */
export const MAX_WEBHOOKS = 20
export const MAX_WEBHOOK_URL_LENGTH = 2000
/** A rotated-out secret still signs (beside the new one) for this long. */
export const PREVIOUS_SECRET_HOURS = 24
/** An endpoint whose deliveries have failed, without one success, this long is disabled. */
export const FAILING_DAYS_TO_DISABLE = 5
/** Of an attempt's answer the log keeps this many bytes. */
export const RESPONSE_KEPT_BYTES = 1024

/**
 * An absolute http(s) URL without a user or password. Whether plain http (loopback in demo mode
 * only) and the address it names are allowed is the server's check, after DNS, at every delivery.
 */
export const WebhookUrl = define<string>('webhook_url', (v) => {
  if (typeof v !== 'string' || v.trim() === '')
    return fail('required', 'A URL is required.', { subject: 'url' })
  if (v.length > MAX_WEBHOOK_URL_LENGTH)
    return fail('too_long', `At most ${MAX_WEBHOOK_URL_LENGTH} characters.`, {
      max: MAX_WEBHOOK_URL_LENGTH,
    })
  let url: URL
  try {
    url = new URL(v)
  } catch {
    return fail('invalid', 'Expected an absolute https URL.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return fail('invalid', 'Expected an absolute https URL.')
  return (url.username === '' && url.password === '') || fail('invalid', 'No user or password.')
})

const WebhookEventTypes = refine(array(WebhookEventType), 'event_types', (types) =>
  types.length === 0
    ? fail('required', 'At least one event type is required.')
    : new Set(types).size === types.length || fail('duplicate', 'Each once.'),
)

export const WebhookInput = object({
  url: WebhookUrl,
  event_types: WebhookEventTypes,
  description: optional(optionalText(200)),
  /** Defaults to true on create. */
  enabled: optional(boolean()),
})
export type WebhookInput = Infer<typeof WebhookInput>

/** How a message stands: waiting for its next attempt, delivered (a 2xx), or given up. */
export const webhookMessageStates = ['pending', 'delivered', 'failed'] as const
export const WebhookMessageState = enums(webhookMessageStates)
export type WebhookMessageState = Infer<typeof WebhookMessageState>

/**
 * One attempt's outcome: `delivered` a 2xx within the timeout; `http_error` any other status
 * (a redirect too: none is followed); `timeout` no whole answer within 15 s; `connection` no
 * connection or a broken one; `address_refused` the name resolved to an address no delivery
 * goes to (private, link-local, metadata …). Also the label of `webhook_deliveries_total`.
 */
export const webhookOutcomes = [
  'delivered',
  'http_error',
  'timeout',
  'connection',
  'address_refused',
] as const
export const WebhookOutcome = enums(webhookOutcomes)
export type WebhookOutcome = Infer<typeof WebhookOutcome>

/**
 * Why the server refused an endpoint's URL: a 400 on `url`, rule `invalid`, these in `params.why`
 * (server/webhooks/ssrf.ts): not https (plain http is for loopback in demo mode), an address no
 * delivery goes to, or a name that does not resolve.
 */
export const webhookUrlRefusals = ['not_https', 'address', 'unresolved'] as const
export type WebhookUrlRefusal = (typeof webhookUrlRefusals)[number]

/** Why an endpoint is off: a person turned it off, or it failed for FAILING_DAYS_TO_DISABLE. */
export const webhookDisabledReasons = ['person', 'failing'] as const
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number]

export const Webhook = object({
  webhook_id: Id,
  organization_id: Id,
  url: string(),
  description: string(),
  event_types: array(WebhookEventType),
  enabled: boolean(),
  /** Null while enabled. */
  disabled_reason: nullable(enums(webhookDisabledReasons)),
  disabled_at: nullable(IsoDateTime),
  /** The first failure since the last success; null while the last attempt succeeded. */
  failing_since: nullable(IsoDateTime),
  /** The newest attempt's outcome and time; null before the first. */
  last_attempt: nullable(
    object({ outcome: WebhookOutcome, status: nullable(integer()), at: IsoDateTime }),
  ),
  /** Messages waiting to be delivered. */
  pending: integer(),
  /** While a rotation's previous secret still signs: until when. */
  previous_secret_until: nullable(IsoDateTime),
  /** The last rotation; null before the first. */
  secret_rotated_at: nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Webhook = Infer<typeof Webhook>

/** The create's and the rotation's answer: the `whsec_` secret, shown this once. */
export const WebhookWithSecret = object({ ...Webhook.schema, secret: string() })
export type WebhookWithSecret = Infer<typeof WebhookWithSecret>

export const webhookSortKeys = ['webhook_id', 'url', 'created_at'] as const
export const WebhookListQuery = listQuery(webhookSortKeys, 'created_at', 'desc')

/** A message's id, also its `webhook-id` header: stable over every attempt and "Send again". */
export const MessageId = define<string>(
  'message_id',
  (v) => (typeof v === 'string' && /^msg_[0-9a-f]{32}$/.test(v)) || fail('invalid', 'No message.'),
)

/** One attempt in the per-attempt log, newest first. */
export const WebhookAttempt = object({
  attempt_id: Id,
  message_id: string(),
  message_type: enums(webhookMessageTypes),
  /** The event's id; null for a ping. */
  event_id: nullable(integer()),
  attempted_at: IsoDateTime,
  outcome: WebhookOutcome,
  /** The answer's HTTP status; null when there was no answer. */
  status: nullable(integer()),
  latency_ms: integer(),
  /** The first RESPONSE_KEPT_BYTES of the answer's body, as text. */
  response: string(),
  /** What went wrong without an answer (a connection's error code, the refused address). */
  error: string(),
  /** The message now, and its next attempt while pending. */
  message_state: WebhookMessageState,
  next_attempt_at: nullable(IsoDateTime),
})
export type WebhookAttempt = Infer<typeof WebhookAttempt>

export const webhookAttemptSortKeys = ['attempted_at'] as const
export const WebhookAttemptListQuery = assign(
  listQuery(webhookAttemptSortKeys, 'attempted_at', 'desc'),
  object({
    /** Only this message's attempts. */
    message_id: optional(MessageId),
    /** Only the attempts that ended so (the attempts table's `outcome`). */
    outcome: optional(WebhookOutcome),
    /** Only the attempts of messages that stand so now: waiting, delivered or given up. */
    message_state: optional(WebhookMessageState),
  }),
)
export type WebhookAttemptListQuery = Infer<typeof WebhookAttemptListQuery>

/** The answer of "Test" and "Send again": the message that will be sent (202). */
export const WebhookSend = object({ message_id: string() })
export type WebhookSend = Infer<typeof WebhookSend>
