import { randomUUID } from 'node:crypto'
import type { Logger } from '../logger'

/**
 * A job every server runs on the database's rows (decision 056): a round at start, then every
 * `pollMs`, and at once when a write wakes it; one round at a time, and another straight after it
 * when woken meanwhile. What a round does, and how it claims rows with a lease, is the job's own.
 */
export abstract class PolledJob {
  /** This server in `claimed_by`: which one held a row, for the logs and an operator. */
  readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`
  private timer: NodeJS.Timeout | null = null
  protected running: Promise<void> | null = null
  private again = false
  protected stopped = false

  protected constructor(
    private readonly log: Logger,
    private readonly pollMs: number,
    /** Names it in the log line of a round that failed. */
    private readonly what: string,
  ) {}

  /** One round over the rows; a failure is logged and the next poll tries again. */
  protected abstract round(): Promise<void>

  /** Starts polling: at once, and again after a stop (a bench holds a job for a while). */
  start() {
    this.stopped = false
    this.schedule(0)
  }

  /** Work arrived: run now rather than at the next poll. */
  wake() {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.schedule(0)
  }

  /**
   * One round now, after any in flight and with none beside it: what a test's tick() runs. A
   * polled or woken round started beside it could claim the rows first (on PostgreSQL, from
   * another connection) and leave this one nothing to do while the other is still at work.
   * Its failure is the caller's.
   */
  protected async roundNow(): Promise<void> {
    while (this.running) await this.running
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
      this.again = true
    }
    const round = this.round()
    this.running = round.then(
      () => this.settle(),
      () => this.settle(),
    )
    await round
  }

  /** Stops polling and waits for the transactions in flight; their rows commit or roll back. */
  async stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  /** After a round: the next at once when woken meanwhile, else at the next poll. */
  private settle() {
    this.running = null
    const more = this.again
    this.again = false
    this.schedule(more ? 0 : this.pollMs)
  }

  private schedule(ms: number) {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      this.running = this.round()
        .catch((error: unknown) => this.log.error(`${this.what} failed`, { error: String(error) }))
        .finally(() => this.settle())
    }, ms)
    this.timer.unref()
  }
}
