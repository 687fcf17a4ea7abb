import { mkdirSync, readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import pg from 'pg'

export type Row = Record<string, unknown>

/**
 * What a handler needs: a query function that works the same inside and outside a transaction. A
 * `name` makes the statement prepared once per connection and planned from then on by the rules of
 * `plan_cache_mode`: for a large statement asked often, whose planning costs more than its run.
 */
export interface Queryable {
  query<R extends object = Row>(
    sql: string,
    params?: readonly unknown[],
    prepared?: { name: string },
  ): Promise<R[]>
}

export interface Db extends Queryable {
  tx<T>(work: (q: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
  /** When a query last came back (ms since the epoch; 0 before the first): /ready reads it. */
  lastAnswerAt(): number
  /** PGlite only: its whole data directory as an uncompressed tar (ServerOptions.dataDirSnapshot). */
  dumpDataDir?(): Promise<Blob>
}

// timestamptz as ISO 8601 (the API's format) and int8 as a number (counts fit easily).
const TIMESTAMPTZ = 1184
const INT8 = 20
// Postgres' text form `2026-01-31 08:00:00.123456+00` → ISO 8601 with `T` and `+00:00`.
const isoTimestamp = (v: string) =>
  new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString()
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === TIMESTAMPTZ) return isoTimestamp
    if (oid === INT8) return (v: string) => Number(v)
    return pg.types.getTypeParser(oid, format) as (v: string) => unknown
  }) as pg.CustomTypesConfig['getTypeParser'],
}

// A deadlock (40P01) or serialization failure (40001) means another transaction won a race the
// database refereed; the loser's work had no effect, so running it again is safe and answers right.
const retryable = new Set<unknown>(['40001', '40P01'])
const RETRIES = 5

/** Told how long each query took and how long each transaction waited for a connection (seconds). */
export interface DbObserver {
  query(seconds: number): void
  poolWait(seconds: number): void
}

function wrap(
  pool: pg.Pool,
  kind: Db['kind'],
  shutdown: () => Promise<void>,
  observe: DbObserver | undefined,
): Db {
  // Closing twice (a failed /ready test, a shutdown racing a close) answers the first close.
  let closed: Promise<void> | undefined
  let answeredAt = 0
  const run =
    (client: pg.Pool | pg.PoolClient) =>
    async <R extends object>(
      sql: string,
      params: readonly unknown[] = [],
      prepared?: { name: string },
    ) => {
      const asked = performance.now()
      const values = [...params]
      const { rows } = await client.query<R>(
        prepared ? { name: prepared.name, text: sql, values } : { text: sql, values },
      )
      answeredAt = Date.now()
      observe?.query((performance.now() - asked) / 1000)
      return rows
    }
  return {
    kind,
    lastAnswerAt: () => answeredAt,
    query: run(pool),
    async tx(work) {
      // PGlite has one connection: a pool of size 1 hands it to one transaction at a time, so
      // concurrent requests queue here instead of interleaving statements inside a transaction.
      for (let attempt = 1; ; attempt++) {
        const waited = performance.now()
        const client = await pool.connect()
        observe?.poolWait((performance.now() - waited) / 1000)
        try {
          await client.query('begin')
          const result = await work({ query: run(client) })
          await client.query('commit')
          return result
        } catch (error) {
          await client.query('rollback')
          if (attempt >= RETRIES || !retryable.has((error as { code?: unknown }).code)) throw error
        } finally {
          client.release()
        }
      }
    },
    close: () => (closed ??= shutdown()),
  }
}

export async function openDatabase(
  options: { databaseUrl: string | null; dataDir: string; dataDirSnapshot?: string | null },
  observe?: DbObserver,
): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types })
    // An idle connection dropped by the database (restart, failover) must not crash the server;
    // the pool replaces it on the next query.
    pool.on('error', (error) => {
      process.stderr.write(`idle PostgreSQL connection lost: ${error.message}\n`)
    })
    return wrap(pool, 'postgres', () => pool.end(), observe)
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true })
  // pg_trgm backs the list searches' substring indexes (migration 002), btree_gist the exclusive
  // credential windows (migration 004-invariants); PostgreSQL ships both in contrib.
  const snapshot = options.dataDirSnapshot
  const pglite = new PGlite(options.dataDir, {
    extensions: { pg_trgm, btree_gist },
    ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
  })
  await pglite.waitReady
  const config = createPgConfig(pglite)
  // idleTimeoutMillis 0: the single PGlite connection object must never be closed and reopened.
  const pool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0, types })
  const db = wrap(
    pool,
    'pglite',
    async () => {
      await pool.end()
      await pglite.close()
    },
    observe,
  )
  return { ...db, dumpDataDir: () => pglite.dumpDataDir('none') }
}
