import { INCIDENT_IDLE_DAYS, severities, type AlertEventType } from '../../src/contract/alerts'
import type { RecordedEvent } from '../alerts/event-row'
import { SYSTEM_SOURCE, placeOf } from '../alerts/events'
import { openOrBump, resolveIdle, type RuleRow } from '../alerts/incidents'
import type { Clock } from '../clock'
import type { Db, Queryable } from '../db/database'
import type { Logger } from '../logger'
import type { Metrics } from '../metrics'
import { PolledJob } from './polled-job'

// The alert job (decision 079): a condition waiting for its rule's threshold (a door held open for
// 60 s) is a row in alert_checks, due at the server's clock (services.clock). Every server claims
// due rows with a lease (FOR UPDATE SKIP LOCKED), as the lockdown job does (decision 056), then in
// one transaction deletes its row and opens the incident: the delete's row count decides, so a
// row another server took after a lease ran out opens nothing twice. The door closing deleted the
// row before it was due. The job also resolves incidents idle for INCIDENT_IDLE_DAYS and counts the
// open ones for /metrics.

export interface AlertJobOptions {
  leaseMs: number
  pollMs: number
  batch: number
}

interface Claimed {
  rule_id: number
  subject_type: RecordedEvent['subject']['kind']
  subject_id: number
}

export class AlertJob extends PolledJob {
  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly options: AlertJobOptions,
  ) {
    super(logger, options.pollMs, 'alert job')
  }

  /** A round after any in flight: tests move the clock, step the job and read what it left. */
  async tick() {
    await this.roundNow()
  }

  protected async round() {
    for (;;) {
      if (this.stopped) return
      const claimed = await this.claim()
      for (const item of claimed) {
        if (this.stopped) return
        await this.db.tx((q) => this.openDue(q, item))
      }
      if (claimed.length < this.options.batch) break
    }
    await this.db.tx((q) => resolveIdle(q, SYSTEM_SOURCE, this.clock.now(), INCIDENT_IDLE_DAYS))
    await this.countOpen()
  }

  private claim(): Promise<Claimed[]> {
    return this.db.tx((q) =>
      q.query<Claimed>(
        `update alert_checks c
           set claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond'
         from (select x.rule_id, x.subject_type, x.subject_id from alert_checks x
               where x.due_at <= $3 and (x.lease_until is null or x.lease_until < now())
               order by x.due_at limit $4
               for update of x skip locked) d
         where c.rule_id = d.rule_id and c.subject_type = d.subject_type
           and c.subject_id = d.subject_id
         returning c.rule_id, c.subject_type, c.subject_id`,
        [this.workerId, this.options.leaseMs, this.clock.now().toISOString(), this.options.batch],
      ),
    )
  }

  /** The claimed check, if still there, becomes its incident (opened or bumped). */
  private async openDue(q: Queryable, item: Claimed) {
    const [check] = await q.query<{
      event_id: string
      event_type: AlertEventType
      occurred_at: string
      due_at: string
    }>(
      `delete from alert_checks c using events e
       where c.rule_id = $1 and c.subject_type = $2 and c.subject_id = $3
         and c.event_id = e.event_id
       returning c.event_id, e.event_type, e.occurred_at, c.due_at`,
      [item.rule_id, item.subject_type, item.subject_id],
    )
    if (!check) return
    const [rule] = await q.query<RuleRow>(
      `select rule_id, name, severity, instructions, threshold_s, user_ids, group_ids, channels
       from alert_rules where rule_id = $1`,
      [item.rule_id],
    )
    const subject = { kind: item.subject_type, id: item.subject_id }
    const place = await placeOf(q, subject)
    if (!rule || !place) return
    const event: RecordedEvent = {
      event_id: Number(check.event_id),
      type: check.event_type,
      subject,
      place,
      at: new Date(check.due_at),
    }
    // Seen first when the condition began; opened when it had lasted the threshold.
    await openOrBump(q, SYSTEM_SOURCE, rule, event, new Date(check.occurred_at))
  }

  private async countOpen() {
    const rows = await this.db.query<{ severity: string; n: number }>(
      `select severity, count(*)::int as n from incidents where state <> 'resolved'
       group by severity`,
    )
    for (const severity of severities) {
      this.metrics.incidentsOpen.set(
        { severity },
        rows.find((r) => r.severity === severity)?.n ?? 0,
      )
    }
  }
}
