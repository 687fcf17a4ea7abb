import type { Db } from './database'

/**
 * ANALYZEs the tables that grew by more than a tenth since their statistics were taken, and
 * answers their names. PGlite has no autovacuum, so a server on it refreshes statistics as it
 * starts (server/db/seed.ts says what stale ones cost); analyzing every table took most of a
 * start on an unchanged database. Growth in pages is the test: `relpages` is the size the last
 * ANALYZE saw, and without vacuum an insert or an update only ever adds pages. The threshold is
 * autovacuum's default scale factor.
 */
export async function analyzeGrown(db: Db): Promise<string[]> {
  const grown = await db.query<{ name: string }>(
    `select format('%I', c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r'
       and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 1`,
  )
  const names = grown.map((row) => row.name)
  if (names.length > 0) await db.query(`analyze ${names.join(', ')}`)
  return names
}
