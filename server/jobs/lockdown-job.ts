import type { Clock } from '../clock'
import type { Db, Prepared, Queryable } from '../db/database'
import { writeJournal } from '../db/journal'
import type { Logger } from '../logger'
import type { Metrics } from '../metrics'
import { lockedDeviceRow, runCommand } from '../routes/control'
import { once } from '../http/idempotency'
import { PolledJob } from './polled-job'

// A lockdown's job (docs/lockdown.md, decision 056): its lockable devices are rows in
// lockdown_devices. Every server claims pending rows with a lease (FOR UPDATE SKIP LOCKED), and
// locks each device through THE command path in one transaction that also records the row's
// outcome: a server that dies leaves its uncommitted rows pending, and another claims them once
// the lease ends. A row's state is read under its lock before the command, so none runs twice.

export interface LockdownJobOptions {
  /** How long a claim lasts before another server may take the row. */
  leaseMs: number
  /** How often an idle server looks for work (a start on this server wakes it at once). */
  pollMs: number
  /** Rows claimed at a time. */
  batch: number
  /** Transactions in flight at once; 1 on the embedded database, which runs one at a time. */
  parallel: number
}

interface Claimed {
  lockdown_id: number
  device_id: number
}

type Outcome = 'locked' | 'not_reached' | 'failed' | 'done'

// Prepared: run for every device, by key (server/db/database.ts, Prepared).
const itemSql: Prepared = {
  name: 'lockdown_item',
  text: `select ld.state, l.released_at is not null as released, l.started_by, l.started_by_email,
         l.retries
       from lockdown_devices ld join lockdowns l using (lockdown_id)
       where ld.lockdown_id = $1 and ld.device_id = $2 for update of ld`,
}
const finishSql: Prepared = {
  name: 'lockdown_finish',
  text: `update lockdown_devices set state = $3, audit_id = $4, claimed_by = null,
             lease_until = null, updated_at = now()
           where lockdown_id = $1 and device_id = $2`,
}

export class LockdownJob extends PolledJob {
  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly metrics: Metrics,
    private readonly clock: Clock,
    private readonly options: LockdownJobOptions,
  ) {
    super(logger, options.pollMs, 'lockdown job')
  }

  protected async round() {
    await this.lapseRequests()
    for (;;) {
      if (this.stopped) return
      const claimed = await this.claim()
      if (claimed.length === 0) return
      await this.runAll(claimed)
      if (claimed.length < this.options.batch) return
    }
  }

  private async claim(): Promise<Claimed[]> {
    return this.db.tx((q) =>
      q.query<Claimed>(
        `update lockdown_devices ld
           set claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond'
         from (select x.lockdown_id, x.device_id from lockdown_devices x
               join lockdowns l on l.lockdown_id = x.lockdown_id and l.released_at is null
               where x.state = 'pending' and (x.lease_until is null or x.lease_until < now())
               order by x.lockdown_id, x.device_id limit $3
               for update of x skip locked) c
         where ld.lockdown_id = c.lockdown_id and ld.device_id = c.device_id
         returning ld.lockdown_id, ld.device_id`,
        [this.workerId, this.options.leaseMs, this.options.batch],
      ),
    )
  }

  private async runAll(claimed: Claimed[]) {
    let next = 0
    const worker = async () => {
      while (next < claimed.length && !this.stopped) {
        const item = claimed[next++]
        if (!item) return
        // The embedded database runs on this thread and its answers resolve without a turn of
        // the event loop: without this, a lockdown of 1,000 devices held every other request
        // (its own start's answer included) for the whole job.
        await new Promise((resolve) => setImmediate(resolve))
        const outcome = await this.db.tx((q) => this.lockOne(q, item))
        if (outcome !== 'done') this.metrics.lockdownDevices.inc({ outcome })
      }
    }
    const workers = Math.max(1, Math.min(this.options.parallel, claimed.length))
    await Promise.all(Array.from({ length: workers }, worker))
  }

  /** One device: its row locked first (as every command does), then the job's row, then the lock. */
  private async lockOne(q: Queryable, item: Claimed): Promise<Outcome> {
    const device = await lockedDeviceRow(q, item.device_id)
    const [row] = await q.query<{
      state: string
      released: boolean
      started_by: number
      started_by_email: string
      retries: number
    }>(itemSql, [item.lockdown_id, item.device_id])
    if (!row || row.state !== 'pending' || row.released) return 'done'
    const finish = (state: Exclude<Outcome, 'done'>, auditId: number | null) =>
      q.query(finishSql, [item.lockdown_id, item.device_id, state, auditId]).then(() => state)
    if (!device) return finish('failed', null)
    const actor = { userId: row.started_by, email: row.started_by_email }
    const requestId = `lockdown-${item.lockdown_id}`
    // One Idempotency-Key per device, lockdown and round of retries: within a round a replay
    // answers what the first run answered; a retry (POST …/retry) starts a new round.
    const answer = await once(
      q,
      {
        userId: actor.userId,
        key: `${requestId}-device-${item.device_id}-${row.retries}`,
        request: `/access/v1/devices/${item.device_id}/control/lock`,
      },
      () =>
        runCommand(q, {
          device,
          command: 'lock',
          actor,
          requestId,
          source: {
            actorId: actor.userId,
            actorEmail: actor.email,
            clientAddress: null,
            requestId,
          },
          overrides: false,
          detail: { code: 'lockdown_lock', params: { lockdown_id: item.lockdown_id } },
          at: this.clock.now(),
        }),
    )
    const body = answer.body as { audit_id?: number; error?: string }
    const auditId = typeof body.audit_id === 'number' ? body.audit_id : null
    if (answer.status < 300) {
      // runCommand marked every waiting lockdown row of this device locked, this one included.
      return 'locked'
    }
    return finish(body.error === 'device_not_connected' ? 'not_reached' : 'failed', auditId)
  }

  /** A release request past its time limit lapses: journaled once, by whichever server sees it. */
  private async lapseRequests() {
    await this.db.tx(async (q) => {
      const lapsed = await q.query<{
        lockdown_id: number
        organization_id: number
        scope_name: string
        request_by: number
        request_by_email: string
      }>(
        `update lockdowns set request_lapsed = true
         where released_at is null and not request_lapsed and request_expires_at < now()
         returning lockdown_id, organization_id, scope_name, request_by, request_by_email`,
      )
      for (const l of lapsed) {
        await writeJournal(
          q,
          { actorId: null, actorEmail: null, clientAddress: null, requestId: null },
          {
            organizationId: l.organization_id,
            action: 'release_lapse',
            targetType: 'lockdown',
            targetId: l.lockdown_id,
            targetName: l.scope_name,
            changes: { requested_by: [l.request_by_email, null] },
          },
        )
      }
      const [active] = await q.query<{ n: number }>(
        'select count(*)::int as n from lockdowns where released_at is null',
      )
      this.metrics.activeLockdowns.set(active?.n ?? 0)
    })
  }
}
