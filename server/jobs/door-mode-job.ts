import type { DeviceCommand } from '../../src/contract/devices'
import { SYSTEM_SOURCE, recordEvent } from '../alerts/events'
import type { Clock } from '../clock'
import type { AuditDetail } from '../db/audit'
import type { Db, Queryable } from '../db/database'
import type { DoorMode, Layer } from '../door-modes/mode-at'
import { planBoundaries } from '../door-modes/plan'
import type { Logger } from '../logger'
import { lockedDeviceRow, runCommand } from '../routes/control'
import { PolledJob } from './polled-job'

// The mode job (decision 070): at each boundary of a door's layered mode its locks get the lock or
// unlock, once. Every server plans the current boundaries into door_mode_commands (the primary key
// keeps a boundary to one row a lock), claims open rows with a lease (FOR UPDATE SKIP LOCKED) and
// runs each through THE command path in one transaction that locks the device row, re-reads its
// ledger row under lock and records the outcome, as the lockdown job does (decision 056). A lock
// not connected is "not reached" and gets its command when it is next seen connected.

export const DOOR_MODES_ACTOR = { userId: 0, email: 'system:door-modes' } as const

export interface DoorModeJobOptions {
  leaseMs: number
  pollMs: number
  batch: number
}

interface Claimed {
  device_id: number
  boundary: string
}

type Outcome = 'done' | 'in_mode' | 'not_reached' | 'failed' | 'superseded' | 'skipped'

const commandOf: Record<DoorMode, DeviceCommand> = { locked: 'lock', unlocked: 'unlock' }

/**
 * What the doors' modes are made of, in one short value: a write by any server (a mode, an
 * override or command, a snow day, an entry, a lockdown or its release, a schedule or a calendar)
 * changes it, and the next round plans again.
 */
const inputsSql = `select concat_ws('|',
    (select count(*) || ':' || coalesce(max(updated_at)::text, '') from door_modes),
    (select coalesce(max(override_id), 0) || ':' || coalesce(max(ended_at)::text, '')
       from door_overrides),
    (select count(*) || ':' || coalesce(max(snow_day_id), 0) from snow_days),
    (select count(*) from door_mode_entries),
    (select coalesce(max(lockdown_id), 0) || ':' || count(released_at) from lockdowns),
    (select coalesce(max(updated_at)::text, '') from schedules),
    (select coalesce(max(updated_at)::text, '') from calendars)) as inputs`

/** A plan stands at most this long without a change of inputs (a lock moved onto a door, say). */
const REPLAN_MS = 60_000

interface Plan {
  inputs: string
  /** The server's clock when planned, and the first instant after it a mode may change. */
  at: number
  next: number | null
  /** The real time when planned. */
  planned: number
}

/**
 * The audit row's detail: the layer that decided, by its kind and id, and who opened the day (by id
 * and by the e-mail a person reads).
 */
function detailOf(layer: Layer, boundary: string, openerEmail: string | null): AuditDetail {
  const params: Record<string, string | number> = { layer: layer.kind, boundary }
  if (layer.kind === 'override' || layer.kind === 'command') params.override_id = layer.id
  if (layer.kind === 'snow_day') params.snow_day_id = layer.snow_day_id
  if (layer.kind === 'schedule' || layer.kind === 'exception') {
    params.schedule_id = layer.schedule_id
    if (layer.exception !== undefined) params.exception = layer.exception
    const opener = layer.first_person_in?.opened_by
    if (opener != null) params.opened_by = opener
    if (opener != null && openerEmail !== null) params.opened_by_email = openerEmail
  }
  return { code: 'door_mode', params }
}

export class DoorModeJob extends PolledJob {
  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly clock: Clock,
    private readonly options: DoorModeJobOptions,
  ) {
    super(logger, options.pollMs, 'door mode job')
  }

  private plan: Plan | null = null

  /**
   * A round after any in flight, then until none is: tests step the job with their clock and read
   * what it left, which a round started by a write could still be finishing. It always plans.
   */
  async tick() {
    await this.running
    this.plan = null
    await this.roundNow()
    await this.running
  }

  /**
   * Planning decides every door's mode (at 1,000 doors, most of a round's work), so a round plans
   * only when it may find something new: the inputs changed, the clock reached the next instant a
   * mode may change or went back, or the plan is a minute old.
   */
  private stale(inputs: string, now: number): boolean {
    const plan = this.plan
    return (
      plan === null ||
      plan.inputs !== inputs ||
      now < plan.at ||
      (plan.next !== null && now >= plan.next) ||
      Date.now() - plan.planned >= REPLAN_MS
    )
  }

  /** One round: plan the boundaries when they may have moved, then run what is open. */
  protected async round() {
    const now = this.clock.now()
    const [row] = await this.db.query<{ inputs: string }>(inputsSql)
    const inputs = row?.inputs ?? ''
    if (this.stale(inputs, now.getTime())) {
      const next = await this.db.tx((q) => planBoundaries(q, now))
      this.plan = { inputs, at: now.getTime(), next: next?.getTime() ?? null, planned: Date.now() }
    }
    for (;;) {
      if (this.stopped) return
      const claimed = await this.claim()
      for (const item of claimed) {
        if (this.stopped) return
        // PGlite runs on this thread: a turn of the event loop per lock keeps requests answered.
        await new Promise((resolve) => setImmediate(resolve))
        await this.db.tx((q) => this.runOne(q, item))
      }
      if (claimed.length < this.options.batch) return
    }
  }

  /** Open rows: pending, or not reached on a lock that is connected again. */
  private claim(): Promise<Claimed[]> {
    return this.db.tx((q) =>
      q.query<Claimed>(
        `update door_mode_commands c
           set claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond'
         from (select x.device_id, x.boundary from door_mode_commands x
               join devices d on d.device_id = x.device_id
               where (x.state = 'pending' or (x.state = 'not_reached' and d.connected))
                 and (x.lease_until is null or x.lease_until < now())
               order by x.device_id, x.boundary limit $3
               for update of x skip locked) o
         where c.device_id = o.device_id and c.boundary = o.boundary
         returning c.device_id, c.boundary`,
        [this.workerId, this.options.leaseMs, this.options.batch],
      ),
    )
  }

  /** One lock: its device row locked first (as every command), then its ledger row, then the command. */
  private async runOne(q: Queryable, item: Claimed): Promise<Outcome> {
    const device = await lockedDeviceRow(q, item.device_id)
    const [row] = await q.query<{ state: string; mode: DoorMode; layer: Layer; newer: boolean }>(
      `select c.state, c.mode, c.layer, exists (select 1 from door_mode_commands n
         where n.device_id = c.device_id and n.created_at > c.created_at) as newer
       from door_mode_commands c where c.device_id = $1 and c.boundary = $2 for update`,
      [item.device_id, item.boundary],
    )
    if (!row || (row.state !== 'pending' && row.state !== 'not_reached')) return 'skipped'
    const finish = (state: Exclude<Outcome, 'skipped'>, auditId: number | null = null) =>
      q
        .query(
          `update door_mode_commands set state = $3, audit_id = coalesce($4, audit_id),
             claimed_by = null, lease_until = null, updated_at = now()
           where device_id = $1 and boundary = $2`,
          [item.device_id, item.boundary, state, auditId],
        )
        .then(() => state)
    // A later boundary took over: its own row commands the lock.
    if (row.newer) return finish('superseded')
    if (!device) return finish('failed')
    if (device.current_status.lock_state === row.mode) return finish('in_mode')
    const opener = row.layer.kind === 'schedule' ? row.layer.first_person_in?.opened_by : null
    const [openedBy] =
      opener == null
        ? []
        : await q.query<{ email: string }>('select email from users where user_id = $1', [opener])
    const requestId = `door-mode-${item.device_id}`
    const answer = await runCommand(q, {
      device,
      command: commandOf[row.mode],
      actor: DOOR_MODES_ACTOR,
      requestId,
      source: {
        actorId: null,
        actorEmail: DOOR_MODES_ACTOR.email,
        clientAddress: null,
        requestId,
      },
      overrides: false,
      detail: detailOf(row.layer, item.boundary, openedBy?.email ?? null),
      at: this.clock.now(),
    })
    const body = answer.body as { audit_id?: number; error?: string }
    const auditId = typeof body.audit_id === 'number' ? body.audit_id : null
    if (answer.status < 300) return finish('done', auditId)
    if (body.error !== 'device_not_connected') return finish('failed', auditId)
    // The lock missed its boundary: an event a rule may alert on (decision 079).
    await recordEvent(q, SYSTEM_SOURCE, {
      type: 'door_mode.not_reached',
      subject: { kind: 'device', id: item.device_id },
      at: this.clock.now(),
      payload: { boundary: item.boundary, mode: row.mode },
    })
    return finish('not_reached', auditId)
  }
}
