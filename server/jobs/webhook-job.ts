import http from 'node:http'
import https from 'node:https'
import { RESPONSE_KEPT_BYTES } from '../../src/contract/webhooks'
import type { SecretBox } from '../auth/secret-box'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import type { Logger } from '../logger'
import type { Metrics } from '../metrics'
import { recordAttempts, type Attempted } from '../webhooks/record'
import { send, type SendResult } from '../webhooks/send'
import { signedHeaders, signer, type Signer } from '../webhooks/signing'
import {
  checkedAddress,
  isRefusal,
  systemResolver,
  type AddressPolicy,
  type ResolvedAddress,
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

interface EndpointRow {
  webhook_id: number
  url: string
  enabled: boolean
  secret_sealed: string
  previous_secret_sealed: string | null
  previous_secret_until: string | null
}

interface Endpoint {
  webhook_id: number
  url: URL
  enabled: boolean
  current: Signer | null
  previous: Signer | null
  /** Until when (ms since the epoch) the previous secret still signs. */
  previousUntil: number | null
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

/** How often a round counts the pending messages for webhook_outbox_depth. */
const DEPTH_EVERY_MS = 1000
/**
 * How long a kept-alive connection may sit idle (Node's own agent's figure): shorter still when
 * the receiver's Keep-Alive header announces less, so a connection is not reused as it closes.
 */
const IDLE_CONNECTION_MS = 4000

export class WebhookJob extends PolledJob {
  /** Resolves endpoint names at each delivery; tests put in their own. */
  resolver: Resolver = systemResolver
  private finished: Attempted[] = []
  private recording: Promise<void> | null = null
  /**
   * Keep-alive agents by endpoint and checked address: a message reuses a connection only to the
   * address its own check approved, so a name that resolves elsewhere gets a new agent, and a new
   * connection, to the new address. One a round did not use is closed at its end.
   */
  private agents = new Map<string, http.Agent>()
  private agentsUsed = new Set<string>()
  /** A record transaction's failure, thrown by the round that sent those messages. */
  private recordFailure: Error | null = null
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
    await this.running
    await this.round()
    this.countedAt = 0
    await this.countDepth()
  }

  protected async round() {
    for (;;) {
      if (this.stopped) break
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
        // A sender goes on to its next message at once; the recorder takes what finished.
        void this.record()
      })
      if (claimed.length < this.options.batch) break
    }
    while (this.recording || this.finished.length > 0) await this.record()
    this.closeAgents((key) => !this.agentsUsed.has(key))
    this.agentsUsed.clear()
    const failure = this.recordFailure
    this.recordFailure = null
    if (failure !== null) throw failure
    await this.countDepth()
  }

  /**
   * Records what finished, one transaction at a time, each taking everything that finished while
   * the one before it waited for the connection and committed (a group commit). Senders do not
   * wait for it: on the embedded database's one connection a sender that waited for its own
   * record sat behind every event's transaction, and each record took one attempt. Resolves once
   * all that finished before the call is recorded; a failed transaction leaves its messages
   * claimed until the lease runs out (then they are sent again, with the same webhook-id), and the
   * round reports it.
   */
  private record(): Promise<void> {
    // It starts after this turn of the event loop: every send that finished in the turn is then
    // in the batch. Started at once, the first one's transaction ran to its commit before the
    // next send's callback (PGlite answers within the same turn), and each batch held one attempt.
    this.recording ??= new Promise((resolve) => setImmediate(resolve))
      .then(() => this.recordFinished())
      .finally(() => {
        this.recording = null
        // What finished as the last transaction ended has no recorder waiting for it yet.
        if (this.finished.length > 0) void this.record()
      })
    return this.recording
  }

  private async recordFinished() {
    while (this.finished.length > 0) {
      const batch = this.finished.splice(0)
      try {
        await this.db.tx((q) => recordAttempts(q, this.workerId, this.clock.now(), batch))
      } catch (error) {
        this.recordFailure ??= error instanceof Error ? error : new Error(String(error))
      }
    }
  }

  /** Stops polling; the kept-alive connections close once the round in flight has ended. */
  override async stop() {
    await super.stop()
    this.closeAgents(() => true)
  }

  private closeAgents(which: (key: string) => boolean) {
    for (const [key, agent] of this.agents)
      if (which(key)) {
        agent.destroy()
        this.agents.delete(key)
      }
  }

  private agent(url: URL, address: ResolvedAddress): http.Agent {
    const key = `${url.protocol}//${url.host} ${address.address}`
    this.agentsUsed.add(key)
    let agent = this.agents.get(key)
    if (!agent) {
      const options: http.AgentOptions = {
        keepAlive: true,
        timeout: IDLE_CONNECTION_MS,
        maxSockets: this.options.parallel,
      }
      agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
      this.agents.set(key, agent)
    }
    return agent
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

  /**
   * The claimed messages' endpoints, read once a round, with their secrets opened once a round
   * too (unsealing and decoding a secret for every message was a cost per message).
   */
  private async endpoints(claimed: Claimed[]): Promise<Map<number, Endpoint>> {
    const ids = [...new Set(claimed.map((c) => c.webhook_id))]
    const rows =
      ids.length === 0
        ? []
        : await this.db.query<EndpointRow>(
            `select webhook_id, url, enabled, secret_sealed, previous_secret_sealed,
               previous_secret_until
             from webhooks where webhook_id = any($1::int[])`,
            [ids],
          )
    const open = (sealed: string | null, id: number) => {
      const secret = sealed === null ? null : this.secrets.open(sealed, id, 'webhook')
      return secret === null ? null : signer(secret)
    }
    return new Map(
      rows.map((row) => [
        row.webhook_id,
        {
          webhook_id: row.webhook_id,
          url: new URL(row.url),
          enabled: row.enabled,
          current: open(row.secret_sealed, row.webhook_id),
          previous: open(row.previous_secret_sealed, row.webhook_id),
          previousUntil:
            row.previous_secret_until === null ? null : Date.parse(row.previous_secret_until),
        },
      ]),
    )
  }

  /** The secrets that sign now: the current one, and a rotation's previous one until its time. */
  private signers(endpoint: Endpoint): Signer[] {
    const { current, previous, previousUntil } = endpoint
    const signers = current ? [current] : []
    if (previous && previousUntil !== null && previousUntil > this.clock.now().getTime())
      signers.push(previous)
    return signers
  }

  private async attempt(item: Claimed, endpoint: Endpoint): Promise<SendResult> {
    const refused = (outcome: SendResult['outcome'], error: string): SendResult => ({
      outcome,
      status: null,
      latencyMs: 0,
      response: '',
      error,
    })
    const { url } = endpoint
    const address = await checkedAddress(url, this.options.policy, this.resolver)
    if (isRefusal(address))
      return refused(
        address.reason === 'unresolved' ? 'connection' : 'address_refused',
        address.message,
      )
    return send({
      url,
      address,
      headers: { ...signedHeaders(item.message_id, item.payload, this.signers(endpoint)) },
      body: item.payload,
      timeoutMs: this.options.timeoutMs,
      keepBytes: RESPONSE_KEPT_BYTES,
      agent: this.agent(url, address),
    })
  }
}
