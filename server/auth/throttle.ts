/**
 * Per-account login throttling, in memory. After `maxFailures` failed attempts in a row the account
 * (keyed by the normalised username or email typed, so unknown names are throttled alike and reveal
 * nothing) is locked for `lockSeconds`; each failure while locked doubles the lock, up to an hour.
 * A success clears the record. In memory because one server process owns the login endpoint; a
 * multi-instance deployment would move this to the database.
 */
export class LoginThrottle {
  private readonly records = new Map<string, { failures: number; lockedUntil: number }>()

  constructor(
    private readonly maxFailures: number,
    private readonly lockSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the next attempt is allowed; 0 when it is allowed now. */
  retryAfter(key: string): number {
    const record = this.records.get(key)
    if (!record) return 0
    return Math.max(0, Math.ceil((record.lockedUntil - this.now()) / 1000))
  }

  fail(key: string): void {
    const record = this.records.get(key) ?? { failures: 0, lockedUntil: 0 }
    record.failures += 1
    const over = record.failures - this.maxFailures
    if (over >= 0) {
      const seconds = Math.min(3600, this.lockSeconds * 2 ** Math.min(over, 12))
      record.lockedUntil = this.now() + seconds * 1000
    }
    this.records.set(key, record)
    if (this.records.size > 100_000) this.prune()
  }

  succeed(key: string): void {
    this.records.delete(key)
  }

  private prune(): void {
    const now = this.now()
    for (const [key, record] of this.records) {
      if (record.lockedUntil < now - 3600_000) this.records.delete(key)
    }
  }
}
