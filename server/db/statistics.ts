import type { Db } from './database'

/**
 * VACUUMs and ANALYZEs the tables that grew by more than a tenth since their statistics were
 * taken, and answers their names. PGlite has no autovacuum, so a server on it does at its start
 * what autovacuum would have done: fresh statistics (server/db/seed.ts says what stale ones cost),
 * and pages marked all-visible, without which no index-only scan runs: a journal filtered by its
 * busiest actor counted 57,734 rows in 451 ms from the heap and in 48 ms from the index alone, and
 * its deep pages walked the heap (bench/journal.ts). The journal is append-only, so its vacuum
 * only reads the pages added since the last (1.4 s for a million rows the first time, 3 ms again).
 * Doing every table at each start took most of a start on an unchanged database. Growth in pages
 * is the test: `relpages` is the size the last VACUUM or ANALYZE saw. The threshold is
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
  if (names.length > 0) await db.query(`vacuum (analyze) ${names.join(', ')}`)
  return names
}
