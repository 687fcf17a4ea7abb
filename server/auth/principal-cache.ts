/** What the cache keeps: the caller (server/context.ts's Principal; generic so this file needs no import of it). */
interface Cacheable {
  roles: readonly unknown[]
  permissions: readonly unknown[]
}

interface Entry<Principal> {
  epoch: number
  /** When the load began (performance.now()): the row it reads is at least this recent. */
  loadedAt: number
  principal: Promise<Principal | null>
}

/** Past this many users the expired entries are swept (a sweep is one pass over the map). */
const SWEEP_AT = 10_000

/**
 * The signed-in caller by (user, session generation), kept for `ttlMs` after it was read, so a
 * burst of requests (a page's first answers, a list scrolled, 50 connections of a load test) reads
 * the user's row once instead of once per request (decision 055). Concurrent misses share one
 * read.
 *
 * What bounds a stale caller:
 * - A change made through this server (PUT or DELETE of a user, a password reset, an organization
 *   renamed) calls `forget` after its commit and before its answer: from then on every request
 *   here reads the row afresh. A read that began before the forget is dropped with its entry.
 * - A change made through another server sharing PostgreSQL reaches this one when the entry
 *   expires: at most `ttlMs` after the change committed (the entry's row was read before that).
 * `ttlMs` 0 reads the user on every request, as before the cache.
 */
export class PrincipalCache<Principal extends Cacheable> {
  private readonly entries = new Map<number, Entry<Principal>>()

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The cached caller for `userId` at `epoch`, or `load()`'s, then kept for `ttlMs`. */
  get(userId: number, epoch: number, load: () => Promise<Principal | null>) {
    if (this.ttlMs <= 0) return load()
    const at = this.now()
    const known = this.entries.get(userId)
    if (known !== undefined && known.epoch === epoch && at - known.loadedAt < this.ttlMs) {
      return known.principal
    }
    if (this.entries.size >= SWEEP_AT) this.sweep(at)
    const principal = load().then(
      (found) => (found === null ? null : freeze(found)),
      (error: unknown) => {
        // A failed read (database unreachable) is not an answer to keep.
        if (this.entries.get(userId)?.principal === principal) this.entries.delete(userId)
        throw error
      },
    )
    this.entries.set(userId, { epoch, loadedAt: at, principal })
    return principal
  }

  /** After a change to this user's row committed: the next request reads it again. */
  forget(userId: number) {
    this.entries.delete(userId)
  }

  /** After a change every caller may show (an organization's name): all are read again. */
  forgetAll() {
    this.entries.clear()
  }

  private sweep(at: number) {
    for (const [userId, entry] of this.entries) {
      if (at - entry.loadedAt >= this.ttlMs) this.entries.delete(userId)
    }
  }
}

/** One object serves many requests: none may change what the others see. */
function freeze<Principal extends Cacheable>(principal: Principal): Principal {
  Object.freeze(principal.roles)
  Object.freeze(principal.permissions)
  return Object.freeze(principal)
}
