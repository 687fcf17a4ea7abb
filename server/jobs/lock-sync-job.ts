import { SYSTEM_SOURCE, recordEvent } from '../alerts/events'
import { holdingFailures, type HoldingFailure } from '../../src/contract/lock-sync'
import type { Clock } from '../clock'
import type { Db, Prepared, Queryable } from '../db/database'
import { transition, type Holding } from '../access/lock-states'
import type { Logger } from '../logger'
import { PolledJob } from './polled-job'

// The lock sync job (decision 073): every server claims the queues of connected locks with a lease
// (lock_sync_claims) and applies each lock's queued changes (lock_changes) in order, in one
// transaction that locks the device row and re-reads the queue under that lock, so no change is
// applied twice even when a lease ran out. A simulated lock takes a change after a short random
// delay (from when the job first saw it, on the server's clock) and refuses one at the failure
// rate; a refused change stays at the head of its lock's queue and is tried again after a pause.
// A lock not connected keeps its queue until it is seen again.

export interface LockSyncJobOptions {
  leaseMs: number
  pollMs: number
  /** Locks claimed at a time, and changes one lock takes in one transaction. */
  batch: number
  /** The simulated locks' delay before taking a change: uniformly half of this to all of it, in ms. */
  delayMs: number
  /** The share of changes a simulated lock refuses, 0 to 1 (DEVICE_FAILURE_RATE). */
  failureRate: number
  /** How long after a refusal the lock is asked again. */
  retryMs: number
  /** The dice: Math.random unless a test passes its own. */
  random?: () => number
}

interface Change {
  change_id: string
  credential_id: number
  kind: 'put' | 'remove' | 'withdraw_code'
  code_id: number | null
  due_at: string | null
}

/** How long after a refusal a simulated lock is asked again. */
export const LOCK_SYNC_RETRY_MS = 2000

// Prepared: run for every change a lock takes (server/db/database.ts, Prepared).
const applySql: Prepared = {
  name: 'lock_change_apply',
  text: `update lock_changes set state = 'applied', applications = applications + 1,
       applied_at = $2, applied_by = $3, attempts = attempts + 1,
       applied_seq = nextval('lock_changes_applied_seq')
     where change_id = $1 and state = 'queued'`,
}

export class LockSyncJob extends PolledJob {
  private readonly random: () => number

  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly clock: Clock,
    private readonly options: LockSyncJobOptions,
  ) {
    super(logger, options.pollMs, 'lock sync job')
    this.random = options.random ?? Math.random
  }

  /** A round after any in flight: tests step the job and read what it left. */
  async tick() {
    await this.roundNow()
    await this.running
  }

  protected async round() {
    for (;;) {
      if (this.stopped) return
      const devices = await this.claim()
      for (const deviceId of devices) {
        if (this.stopped) return
        // PGlite runs on this thread: a turn of the event loop per lock keeps requests answered.
        await new Promise((resolve) => setImmediate(resolve))
        await this.db.tx((q) => this.runLock(q, deviceId))
        await this.db.query(
          'delete from lock_sync_claims where device_id = $1 and claimed_by = $2',
          [deviceId, this.workerId],
        )
      }
      if (devices.length < this.options.batch) return
    }
  }

  /** Connected locks whose first queued change is due (or not yet timed), claimed with a lease. */
  private async claim(): Promise<number[]> {
    const rows = await this.db.tx((q) =>
      q.query<{ device_id: number }>(
        `insert into lock_sync_claims (device_id, claimed_by, lease_until)
         select h.device_id, $1, now() + $2 * interval '1 millisecond'
         from (select distinct on (device_id) device_id, due_at from lock_changes
               where state = 'queued' order by device_id, change_id) h
           join devices d on d.device_id = h.device_id and d.connected
         where h.due_at is null or h.due_at <= $3
         order by h.device_id limit $4
         on conflict (device_id) do update set claimed_by = excluded.claimed_by,
           lease_until = excluded.lease_until
         where lock_sync_claims.lease_until < now()
         returning device_id`,
        [this.workerId, this.options.leaseMs, this.clock.now().toISOString(), this.options.batch],
      ),
    )
    return rows.map((r) => r.device_id).sort((a, b) => a - b)
  }

  /** The delay a simulated lock takes before it takes a change. */
  private delay() {
    const half = this.options.delayMs / 2
    return Math.floor(half + this.random() * half)
  }

  /**
   * One lock: its device row locked first (as every command), its queue read under that lock, then
   * each due change in order until one is not due yet or the lock refuses one.
   */
  private async runLock(q: Queryable, deviceId: number) {
    const [device] = await q.query<{ connected: boolean }>(
      'select connected from devices where device_id = $1 for update',
      [deviceId],
    )
    if (!device?.connected) return
    const changes = await q.query<Change>(
      `select l.change_id::text as change_id, credential_id, kind, code_id, due_at from lock_changes l
       where device_id = $1 and state = 'queued' order by l.change_id limit $2 for update`,
      [deviceId, this.options.batch],
    )
    const now = this.clock.now()
    const untimed = changes.filter((c) => c.due_at === null)
    if (untimed.length > 0) {
      const dues = untimed.map((c) => {
        c.due_at = new Date(now.getTime() + this.delay()).toISOString()
        return c.due_at
      })
      await q.query(
        `update lock_changes l set due_at = x.due from unnest($1::bigint[], $2::timestamptz[])
           as x(id, due) where l.change_id = x.id`,
        [untimed.map((c) => c.change_id), dues],
      )
    }
    const applied: Change[] = []
    for (const change of changes) {
      if (Date.parse(change.due_at ?? '') > now.getTime()) break
      if (this.options.failureRate > 0 && this.random() < this.options.failureRate) {
        await this.refused(q, deviceId, change, now)
        break
      }
      applied.push(change)
    }
    if (applied.length === 0) return
    // One by one, in the queue's order; `state = 'queued'` again under the device row's lock.
    for (const change of applied) {
      await q.query(applySql, [change.change_id, now.toISOString(), this.workerId])
    }
    const withdrawn = applied.filter((c) => c.kind === 'withdraw_code').map((c) => c.code_id)
    if (withdrawn.length > 0)
      await q.query(
        `update offline_codes set withdrawn = 'on_lock' where code_id = any($1::int[])`,
        [withdrawn],
      )
    // A holding is settled by the last change queued for it: one still queued after it moves it later.
    const last = new Map<number, Change>()
    for (const c of applied) if (c.kind !== 'withdraw_code') last.set(c.credential_id, c)
    if (last.size === 0) return
    const stillQueued = await q.query<{ credential_id: number }>(
      `select distinct credential_id from lock_changes where device_id = $1 and state = 'queued'
         and kind <> 'withdraw_code' and credential_id = any($2::int[])`,
      [deviceId, [...last.keys()]],
    )
    for (const { credential_id } of stillQueued) last.delete(credential_id)
    await this.moveHoldings(q, deviceId, [...last.keys()], { type: 'applied' })
  }

  /** The lock refused `change`: it stays first in the queue, asked again after the pause. */
  private async refused(q: Queryable, deviceId: number, change: Change, now: Date) {
    const reason: HoldingFailure =
      holdingFailures[Math.floor(this.random() * holdingFailures.length)] ?? 'lock_timeout'
    await q.query(
      `update lock_changes set attempts = attempts + 1, due_at = $2 where change_id = $1`,
      [change.change_id, new Date(now.getTime() + this.options.retryMs).toISOString()],
    )
    if (change.kind !== 'withdraw_code')
      await this.moveHoldings(q, deviceId, [change.credential_id], { type: 'failed', reason })
    // A refusal is an event a rule may alert on (decision 079); the queue asks again later.
    await recordEvent(q, SYSTEM_SOURCE, {
      type: 'credential.sync_failed',
      subject: { kind: 'device', id: deviceId },
      at: now,
      payload: { credential_id: change.credential_id, kind: change.kind, reason },
    })
  }

  /** Moves the holdings of `credentialIds` on the lock by the one table (lock-states.ts). */
  private async moveHoldings(
    q: Queryable,
    deviceId: number,
    credentialIds: readonly number[],
    event: { type: 'applied' } | { type: 'failed'; reason: HoldingFailure },
  ) {
    const rows = await q.query<Holding & { credential_id: number }>(
      `select credential_id, state, wanted, reason from lock_holdings
       where device_id = $1 and credential_id = any($2::int[]) for update`,
      [deviceId, credentialIds],
    )
    const moved = rows.flatMap((row) => {
      const next = transition(row, event).holding
      return next && next.state !== row.state ? [{ id: row.credential_id, ...next }] : []
    })
    if (moved.length === 0) return
    await q.query(
      `update lock_holdings h set state = x.state, reason = x.reason, updated_at = now()
       from unnest($2::int[], $3::text[], $4::text[]) as x(id, state, reason)
       where h.device_id = $1 and h.credential_id = x.id`,
      [deviceId, moved.map((m) => m.id), moved.map((m) => m.state), moved.map((m) => m.reason)],
    )
  }
}
