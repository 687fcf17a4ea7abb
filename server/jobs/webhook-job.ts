import { RESPONSE_KEPT_BYTES } from '../../src/contract/webhooks'
import type { SecretBox } from '../auth/secret-box'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import type { Logger } from '../logger'
import type { Metrics } from '../metrics'
import { recordAttempts, type Attempted } from '../webhooks/record'
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
  webhook_id: number
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
      if (item !== undefined) await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker))
}

/** How long a record waits for more attempts to finish, to write them in one transaction. */
const RECORD_GATHER_MS = 10

/** How often a round counts the pending messages for webhook_outbox_depth. */
const DEPTH_EVERY_MS = 1000

export class WebhookJob extends PolledJob {
  /** Resolves endpoint names at each delivery; tests put in their own. */
  resolver: Resolver = systemResolver
  private finished: Attempted[] = []
  private recording: Promise<void> | null = null
  private countedAt = 0

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
    await this.roundNow()
    this.countedAt = 0
    await this.countDepth()
  }

  protected async round() {
    for (;;) {
      if (this.stopped) return
      const claimed = await this.claim()
      const endpoints = await this.endpoints(claimed)
      const on = (item: Claimed) => endpoints.get(item.webhook_id)?.enabled === true
      await this.dropUnsendable(claimed.filter((item) => !on(item)))
      await eachParallel(claimed.filter(on), this.options.parallel, async (item) => {
        if (this.stopped) return
        const endpoint = endpoints.get(item.webhook_id)
        if (!endpoint) return
        const result = await this.attempt(item, endpoint)
        this.metrics.webhookDeliveries.inc({ outcome: result.outcome })
        this.metrics.webhookDeliverySeconds.observe(result.latencyMs / 1000)
        this.finished.push({ ...item, result })
        await this.record()
      })
      if (claimed.length < this.options.batch) break
    }
    await this.countDepth()
  }

  /**
   * Records what finished, in one transaction; what finishes meanwhile waits for the next one.
   * Resolves once the caller's attempt is recorded. The batch is taken RECORD_GATHER_MS later, with
   * the answers that arrived meanwhile: on the embedded database a transaction's statements run
   * one after another without the event loop turning, so a batch taken at once held only the
   * attempt that started it (15,000 attempts were 15,000 transactions in the webhook bench); one
   * turn of the loop gathered 2.3 on average, 10 ms about 19. Each sender still waits for its own
   * attempt's record before it takes the next message, so a server killed meanwhile has sent at
   * most `parallel` messages it did not record.
   */
  private async record(): Promise<void> {
    while (this.recording) await this.recording
    if (this.finished.length === 0) return
    this.recording = new Promise<void>((resolve) => setTimeout(resolve, RECORD_GATHER_MS))
      .then(() => {
        const batch = this.finished.splice(0)
        return this.db.tx((q) => recordAttempts(q, this.workerId, this.clock.now(), batch))
      })
      .finally(() => (this.recording = null))
    await this.recording
  }

  /** Messages of an endpoint turned off after they were written: never sent, failed at once. */
  private async dropUnsendable(items: Claimed[]) {
    if (items.length === 0) return
    await this.db.query(
      `update webhook_messages set state = 'failed', next_attempt_at = null, claimed_by = null,
         lease_until = null
       where message_id = any($1::text[]) and claimed_by = $2`,
      [items.map((item) => item.message_id), this.workerId],
    )
  }

  private async countDepth() {
    if (Date.now() - this.countedAt < DEPTH_EVERY_MS) return
    this.countedAt = Date.now()
    const [depth] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from webhook_messages where state = 'pending'`,
    )
    this.metrics.webhookOutboxDepth.set(depth?.n ?? 0)
  }

  private claim(): Promise<Claimed[]> {
    return this.db.tx((q) =>
      q.query<Claimed>(
        `update webhook_messages
           set claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond'
         where message_id = any(array(
           select message_id from webhook_messages
           where state = 'pending' and next_attempt_at <= $3
             and (lease_until is null or lease_until < now())
           order by next_attempt_at limit $4
           for update skip locked))
         returning message_id, webhook_id, payload, step`,
        [this.workerId, this.options.leaseMs, this.clock.now().toISOString(), this.options.batch],
      ),
    )
  }

  /** The claimed messages' endpoints, read once a round. */
  private async endpoints(claimed: Claimed[]) {
    const ids = [...new Set(claimed.map((c) => c.webhook_id))]
    const rows =
      ids.length === 0
        ? []
        : await this.db.query<Endpoint>(
            `select webhook_id, url, enabled, secret_sealed, previous_secret_sealed,
               previous_secret_until
             from webhooks where webhook_id = any($1::int[])`,
            [ids],
          )
    return new Map(rows.map((row) => [row.webhook_id, row]))
  }

  /** The secrets that sign now: the current one, and a rotation's previous one until its time. */
  private signingSecrets(endpoint: Endpoint): string[] {
    const sealed = [endpoint.secret_sealed]
    const until = endpoint.previous_secret_until
    if (endpoint.previous_secret_sealed && until && Date.parse(until) > this.clock.now().getTime())
      sealed.push(endpoint.previous_secret_sealed)
    return sealed.flatMap((s) => this.secrets.open(s, endpoint.webhook_id, 'webhook') ?? [])
  }

  private async attempt(item: Claimed, endpoint: Endpoint): Promise<SendResult> {
    const refused = (outcome: SendResult['outcome'], error: string): SendResult => ({
      outcome,
      status: null,
      latencyMs: 0,
      response: '',
      error,
    })
    const url = new URL(endpoint.url)
    const address = await checkedAddress(url, this.options.policy, this.resolver)
    if (isRefusal(address))
      return refused(
        address.reason === 'unresolved' ? 'connection' : 'address_refused',
        address.message,
      )
    return send({
      url,
      address,
      headers: { ...signedHeaders(item.message_id, item.payload, this.signingSecrets(endpoint)) },
      body: item.payload,
      timeoutMs: this.options.timeoutMs,
      keepBytes: RESPONSE_KEPT_BYTES,
    })
  }
}
