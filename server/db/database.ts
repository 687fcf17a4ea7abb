import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { forgetCluster, keepCluster, keptCluster } from './empty-cluster'
import { initdbOffThread, initialized } from './initdb-off-thread'
import { pglitePoolConfig } from './pglite-socket'
import { isoFromPostgres } from './timestamps'

export type Row = Record<string, unknown>

/**
 * A query the hottest paths run on every request (the caller, the audit log's default page), as a
 * named prepared statement: each connection parses and plans it once and then only binds and runs
 * it. On PGlite planning was most of a query's cost (the audit page: ≈ 3.3 ms planned each time, ≈
 * 1.6 ms prepared). Only for statements whose plan does not depend on their parameters (a key or a
 * key range): a prepared statement may run a generic plan — or for a large one whose caller asks
 * for the generic plan (who can open this?, access-at.ts).
 */
export interface Prepared {
  /** Unique among prepared statements; the text must never change under the same name. */
  name: string
  text: string
}

/**
 * `text` as a prepared statement named by its digest, for a query built in a few shapes (a list's
 * sort and direction): each connection parses and plans each shape once. Same text, same name.
 */
export const preparedText = (prefix: string, text: string): Prepared => ({
  name: `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`,
  text,
})

/** What a handler needs: a query function that works the same inside and outside a transaction. */
export interface Queryable {
  query<R extends object = Row>(sql: string | Prepared, params?: readonly unknown[]): Promise<R[]>
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
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === TIMESTAMPTZ) return isoFromPostgres
    if (oid === INT8) return (v: string) => Number(v)
    return pg.types.getTypeParser(oid, format) as (v: string) => unknown
  }) as pg.CustomTypesConfig['getTypeParser'],
}

// A deadlock (40P01) or serialization failure (40001) means another transaction won a race the
// database refereed; the loser's work had no effect, so running it again is safe and answers right.
// The re-run waits a few random milliseconds first: run at once, it can take the row it just freed
// before the woken winner does and deadlock with it again.
const retryable = new Set<unknown>(['40001', '40P01'])
const RETRIES = 5
const retryPause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, attempt * (10 + Math.random() * 20)))

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
    async <R extends object>(sql: string | Prepared, params: readonly unknown[] = []) => {
      const asked = performance.now()
      const { rows } = await client.query<R>(
        typeof sql === 'string'
          ? { text: sql, values: [...params] }
          : { name: sql.name, text: sql.text, values: [...params] },
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
        await retryPause(attempt)
      }
    },
    close: () => (closed ??= shutdown()),
  }
}

// pg_trgm backs the list searches' substring indexes (migration 002), btree_gist the exclusive
// credential windows (migration 004-invariants); PostgreSQL ships both in contrib.
const extensions = { pg_trgm, btree_gist }

/**
 * PGlite on `dataDir`, from `dump` when given. A new in-memory database starts from the kept empty
 * cluster (empty-cluster.ts) instead of running initdb, and the first one on a machine keeps it.
 */
async function openPglite(dataDir: string, dump: Blob | null): Promise<PGlite> {
  const inMemory = dataDir.startsWith('memory://')
  const kept = dump === null && inMemory ? keptCluster() : null
  if (kept) {
    try {
      const pglite = new PGlite(dataDir, { extensions, loadDataDir: kept })
      await pglite.waitReady
      return pglite
    } catch {
      forgetCluster()
    }
  }
  const pglite = new PGlite(dataDir, { extensions, ...(dump ? { loadDataDir: dump } : {}) })
  await pglite.waitReady
  if (inMemory && dump === null) await keepCluster(await pglite.dumpDataDir('none'))
  return pglite
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
  if (!options.dataDir.startsWith('memory://')) {
    if (!initialized(options.dataDir) && !options.dataDirSnapshot) {
      mkdirSync(dirname(resolve(options.dataDir)), { recursive: true })
      await initdbOffThread(options.dataDir)
    }
    mkdirSync(options.dataDir, { recursive: true })
  }
  const snapshot = options.dataDirSnapshot
  const pglite = await openPglite(
    options.dataDir,
    snapshot ? new Blob([readFileSync(snapshot)]) : null,
  )
  const pool = new pg.Pool({ ...pglitePoolConfig(pglite), types })
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
