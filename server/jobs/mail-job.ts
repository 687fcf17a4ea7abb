import type { Clock } from '../clock'
import type { Db } from '../db/database'
import type { Logger } from '../logger'
import type { MailOutcome, MailSender } from '../mail/sender'
import type { Metrics } from '../metrics'
import { nextAttemptAt } from '../webhooks/schedule'
import { PolledJob } from './polled-job'

// The mail job (decision 084): the outbox is the queue. A message is written `pending` in its
// cause's transaction (an invite, a reset, an incident opening); every server claims pending rows
// due on the server's clock with a lease (FOR UPDATE SKIP LOCKED, the lockdown job's pattern,
// decision 056), hands each to the mail sender, and records the outcome only while it still holds
// the claim. A server killed after claiming leaves rows another takes when the lease runs out; one
// killed between sending and recording sends that message again, with the same Message-ID. Tests
// move services.clock and call tick().

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
/** The waits after each temporary failure: about 28 hours of a mail server away, then failed. */
export const MAIL_RETRY_DELAYS_MS = [
  10 * SECOND,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
] as const

export interface MailJobOptions {
  leaseMs: number
  pollMs: number
  batch: number
}

interface Claimed {
  message_id: number
  created_at: Date
  channel: string
  recipient: string
  subject: string
  body: string
  attempts: number
}

export class MailJob extends PolledJob {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly sender: MailSender,
    private readonly options: MailJobOptions,
  ) {
    super(logger, options.pollMs, 'mail job')
  }

  /** A round after any in flight: tests move the clock, step the job and read what it left. */
  async tick() {
    await this.roundNow()
  }

  /**
   * Stops, and hands back what it claimed but did not send, for the next server to send now. A
   * database already gone keeps the claims until their lease ends, as a killed server's do.
   */
  override async stop() {
    await super.stop()
    this.sender.close()
    try {
      await this.db.query(
        `update outbox set claimed_by = null, lease_until = null
         where claimed_by = $1 and delivery = 'pending'`,
        [this.workerId],
      )
    } catch (error) {
      this.logger.warn('mail job: claims not handed back at stop; their lease ends them', {
        error: String(error),
      })
    }
  }

  protected async round() {
    for (;;) {
      if (this.stopped) return
      const claimed = await this.claim()
      for (const [i, mail] of claimed.entries()) {
        if (this.stopped) return
        const result = await this.sender.deliver({
          messageId: mail.message_id,
          createdAt: new Date(mail.created_at),
          channel: mail.channel,
          recipient: mail.recipient,
          subject: mail.subject,
          body: mail.body,
        })
        await this.record(mail, result)
        // The mail server is away or busy: the rest go back for the next round rather than each
        // waiting out its timeouts now, and another server may take them at once.
        if (result.outcome === 'deferred') {
          await this.release(claimed.slice(i + 1).map((m) => m.message_id))
          return
        }
      }
      if (claimed.length < this.options.batch) break
    }
  }

  private async release(ids: number[]) {
    if (ids.length === 0) return
    await this.db.query(
      `update outbox set claimed_by = null, lease_until = null
       where message_id = any($1::int[]) and claimed_by = $2`,
      [ids, this.workerId],
    )
  }

  private claim(): Promise<Claimed[]> {
    return this.db.tx((q) =>
      q.query<Claimed>(
        `update outbox
           set claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond'
         where message_id = any(array(
           select message_id from outbox
           where delivery = 'pending' and (next_attempt_at is null or next_attempt_at <= $3)
             and (lease_until is null or lease_until < now())
           order by message_id limit $4
           for update skip locked))
         returning message_id, created_at, channel, recipient, subject, body, attempts`,
        [this.workerId, this.options.leaseMs, this.clock.now().toISOString(), this.options.batch],
      ),
    )
  }

  /**
   * The message's next state, while this server still holds it. Sent, failed or never sent, it
   * keeps no link: a reset or invite link is a credential, needed only until it is handed over.
   */
  private async record(mail: Claimed, result: MailOutcome) {
    const now = this.clock.now()
    const tried = result.outcome === 'mailbox' || result.outcome === 'off' ? 0 : 1
    const error = 'error' in result ? result.error : ''
    const retryAt =
      result.outcome === 'deferred'
        ? nextAttemptAt(now, mail.attempts + 1, Math.random(), MAIL_RETRY_DELAYS_MS)
        : null
    const state =
      result.outcome === 'deferred' ? (retryAt === null ? 'failed' : 'pending') : result.outcome
    const [row] = await this.db.query<{ message_id: number }>(
      `update outbox set
         delivery = $3,
         attempts = attempts + $4,
         next_attempt_at = $5,
         last_error = $6,
         settled_at = case when $3 = 'pending' then null else $7::timestamptz end,
         link = case when $3 in ('pending', 'mailbox') then link end,
         body = case when $3 in ('pending', 'mailbox') or link is null then body else '' end,
         claimed_by = null, lease_until = null
       where message_id = $1 and claimed_by = $2
       returning message_id`,
      [
        mail.message_id,
        this.workerId,
        state,
        tried,
        retryAt?.toISOString() ?? null,
        error,
        now.toISOString(),
      ],
    )
    // Another server took it after this one's lease ran out: its outcome is the one kept.
    if (!row) return
    this.metrics.mailDeliveries.inc({ outcome: state === 'pending' ? 'deferred' : state })
    if (state === 'pending')
      this.logger.warn(
        `mail ${mail.message_id} not sent, tried again at ${retryAt?.toISOString()}`,
        {
          error,
        },
      )
    else if (state === 'failed')
      this.logger.error(`mail ${mail.message_id} failed for good at attempt ${mail.attempts + 1}`, {
        error,
      })
  }
}
