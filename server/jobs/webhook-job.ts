import { RESPONSE_KEPT_BYTES } from '../../src/contract/webhooks'
import type { SecretBox } from '../auth/secret-box'
import type { Clock } from '../clock'
import type { Db, Queryable } from '../db/database'
import type { Logger } from '../logger'
import type { Metrics } from '../metrics'
import { endpointFailed, endpointSucceeded } from '../webhooks/endpoints'
import { nextAttemptAt } from '../webhooks/schedule'
import { send, type SendResult } from '../webhooks/send'
import { signedHeaders } from '../webhooks/signing'
import {
  checkedAddress,
  isRefusal,
  systemResolver,
  type AddressPolicy,
  type Resolver,
} from '../webhooks/ssrf'
import { PolledJob } from './polled-job'

// The webhook delivery job (decision 081). Every server claims due pending messages with a lease
// (FOR UPDATE SKIP LOCKED, the lockdown job's pattern, decision 056), sends each, and records the
// attempt and the message's next state in one transaction, only while it still holds the claim.
// A server killed after claiming leaves rows another takes when the lease runs out; one killed
// between sending and recording makes the one duplicate at-least-once allows, with the same
// `webhook-id`. Time is the server's clock (services.clock): tests move it and call tick().

export interface WebhookJobOptions {
  leaseMs: number
  pollMs: number
  batch: number
  /** Deliveries in flight at once. */
  parallel: number
  policy: AddressPolicy
  timeoutMs?: number
}

interface Claimed {
  message_id: string
  webhook_id: number
  payload: string
  step: number
}

interface Endpoint {
  url: string
  enabled: boolean
  secret_sealed: string
  previous_secret_sealed: string | null
  previous_secret_until: string | null
}

/** Runs `work` over `items`, at most `parallel` at a time. */
async function eachParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker))
}

export class WebhookJob extends PolledJob {
  /** Resolves endpoint names at each delivery; tests put in their own. */
  resolver: Resolver = systemResolver

  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly secrets: SecretBox,
    private readonly options: WebhookJobOptions,
  ) {
    super(logger, options.pollMs, 'webhook job')
  }

  /** A round after any in flight: tests move the clock, step the job and read what it left. */
  async tick() {
    await this.running
    await this.round()
  }

  protected async round() {
    for (;;) {
      if (this.stopped) return
      const claimed = await this.claim()
      await eachParallel(claimed, this.options.parallel, (item) =>
        this.stopped ? Promise.resolve() : this.deliver(item),
      )
      if (claimed.length < this.options.batch) break
    }
    const [depth] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from webhook_messages where state = 'pending'`,
    )
    this.metrics.webhookOutboxDepth.set(depth?.n ?? 0)
  }

  private claim(): Promise<Claimed[]> {
    return this.db.tx((q) =>
      q.query<Claimed>(
        `update webhook_messages m
           set claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond'
         from (select x.message_id from webhook_messages x
               where x.state = 'pending' and x.next_attempt_at <= $3
                 and (x.lease_until is null or x.lease_until < now())
               order by x.next_attempt_at limit $4
               for update of x skip locked) d
         where m.message_id = d.message_id
         returning m.message_id, m.webhook_id, m.payload, m.step`,
        [this.workerId, this.options.leaseMs, this.clock.now().toISOString(), this.options.batch],
      ),
    )
  }

  private async deliver(item: Claimed) {
    const [endpoint] = await this.db.query<Endpoint>(
      `select url, enabled, secret_sealed, previous_secret_sealed, previous_secret_until
       from webhooks where webhook_id = $1`,
      [item.webhook_id],
    )
    if (!endpoint?.enabled) {
      await this.db.query(
        `update webhook_messages set state = 'failed', next_attempt_at = null, claimed_by = null,
           lease_until = null
         where message_id = $1 and claimed_by = $2`,
        [item.message_id, this.workerId],
      )
      return
    }
    const result = await this.attempt(item, endpoint)
    this.metrics.webhookDeliveries.inc({ outcome: result.outcome })
    this.metrics.webhookDeliverySeconds.observe(result.latencyMs / 1000)
    await this.db.tx((q) => this.record(q, item, result))
  }

  /** The secrets that sign now: the current one, and a rotation's previous one until its time. */
  private signingSecrets(id: number, endpoint: Endpoint): string[] {
    const sealed = [endpoint.secret_sealed]
    const until = endpoint.previous_secret_until
    if (endpoint.previous_secret_sealed && until && Date.parse(until) > this.clock.now().getTime())
      sealed.push(endpoint.previous_secret_sealed)
    return sealed.flatMap((s) => this.secrets.open(s, id, 'webhook') ?? [])
  }

  private async attempt(item: Claimed, endpoint: Endpoint): Promise<SendResult> {
    const url = new URL(endpoint.url)
    const address = await checkedAddress(url, this.options.policy, this.resolver)
    if (isRefusal(address))
      return {
        outcome: address.reason === 'unresolved' ? 'connection' : 'address_refused',
        status: null,
        latencyMs: 0,
        response: '',
        error: address.message,
      }
    const secrets = this.signingSecrets(item.webhook_id, endpoint)
    return send({
      url,
      address,
      headers: { ...signedHeaders(item.message_id, item.payload, secrets) },
      body: item.payload,
      timeoutMs: this.options.timeoutMs,
      keepBytes: RESPONSE_KEPT_BYTES,
    })
  }

  /** The attempt's row, the message's next state and the endpoint's health, in one transaction. */
  private async record(q: Queryable, item: Claimed, result: SendResult) {
    const now = this.clock.now()
    await q.query(
      `insert into webhook_attempts (message_id, webhook_id, attempted_at, outcome, status,
         latency_ms, response, error)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        item.message_id,
        item.webhook_id,
        now.toISOString(),
        result.outcome,
        result.status,
        result.latencyMs,
        // PostgreSQL text holds no NUL character.
        result.response.replaceAll('\u0000', ''),
        result.error,
      ],
    )
    if (result.outcome === 'delivered') {
      await q.query(
        `update webhook_messages set state = 'delivered', next_attempt_at = null,
           claimed_by = null, lease_until = null
         where message_id = $1 and claimed_by = $2`,
        [item.message_id, this.workerId],
      )
      await endpointSucceeded(q, item.webhook_id)
      return
    }
    // Only while still pending: an endpoint disabled meanwhile failed it for good.
    const step = item.step + 1
    const next = nextAttemptAt(now, step)
    await q.query(
      `update webhook_messages set step = $3, next_attempt_at = $4,
         state = case when $4::timestamptz is null then 'failed' else 'pending' end,
         claimed_by = null, lease_until = null
       where message_id = $1 and claimed_by = $2 and state = 'pending'`,
      [item.message_id, this.workerId, step, next?.toISOString() ?? null],
    )
    await endpointFailed(q, item.webhook_id, now)
  }
}
