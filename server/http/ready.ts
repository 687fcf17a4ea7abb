import type { App, Services } from '../context'
import { migrationNames } from '../db/migrate'

/** How long /ready waits for the database before it says the database does not answer. */
const DATABASE_WAIT_MS = 2000

/**
 * `busy`: the check's own query waited past DATABASE_WAIT_MS behind the requests being served, but
 * other queries came back within that time. A loaded server is working: taking it out of the load
 * balancer would only pile its load onto the others, so it stays ready.
 */
type DatabaseCheck = 'ok' | 'busy' | 'unreachable' | 'timeout'

export interface Readiness {
  status: 'ready' | 'not_ready'
  /** `unknown` while draining: not asked. */
  database: DatabaseCheck | 'unknown'
  /** `unknown` when the database could not be asked. */
  migrations: 'applied' | 'missing' | 'unknown'
  /** Migrations this server needs that the database lacks (e.g. a restored older backup). */
  missing: string[]
  /** Held back at start because old rows break their rules (README, "Operations"): not a fault. */
  held: string[]
  draining: boolean
}

async function appliedMigrations(s: Services): Promise<Set<string> | DatabaseCheck> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DATABASE_WAIT_MS)
  })
  const asked = s.db
    .query<{ name: string }>('select name from schema_migrations')
    .then((rows) => new Set(rows.map((r) => r.name)))
    .catch(() => 'unreachable' as const)
  try {
    return await Promise.race([asked, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `/health` says the process answers (a liveness probe: restart me if not). `/ready` says whether
 * this server should get traffic now: its database answers, every migration it knows is applied
 * or knowingly held, and it is not shutting down. A load balancer routes on `/ready` only.
 */
export function registerReady(app: App, s: Services, heldAtStart: readonly string[]) {
  const known = migrationNames()
  // What the last check that got an answer found applied, for a check that finds the pool busy.
  let lastApplied: Set<string> | null = null
  app.get('/health', (c) => c.json({ status: 'ok' as const }))
  app.get('/ready', async (c) => {
    c.header('Cache-Control', 'no-store')
    // Draining is the answer whatever the database says, and it must reach the load balancer
    // fast: no query to wait behind.
    if (s.lifecycle.draining) {
      const body: Readiness = {
        status: 'not_ready',
        database: 'unknown',
        migrations: 'unknown',
        missing: [],
        held: [...heldAtStart],
        draining: true,
      }
      return c.json(body, 503)
    }
    const asked = await appliedMigrations(s)
    if (asked instanceof Set) lastApplied = asked
    const database: DatabaseCheck =
      asked instanceof Set
        ? 'ok'
        : asked === 'timeout' && Date.now() - s.db.lastAnswerAt() < DATABASE_WAIT_MS
          ? 'busy'
          : asked
    const applied = database === 'ok' || database === 'busy' ? lastApplied : null
    const missing = applied ? known.filter((n) => !applied.has(n) && !heldAtStart.includes(n)) : []
    const held = applied ? heldAtStart.filter((n) => !applied.has(n)) : [...heldAtStart]
    const ready = applied !== null && missing.length === 0
    const body: Readiness = {
      status: ready ? 'ready' : 'not_ready',
      database,
      migrations: applied === null ? 'unknown' : missing.length ? 'missing' : 'applied',
      missing,
      held,
      draining: false,
    }
    return c.json(body, ready ? 200 : 503)
  })
}
