import type { Logger } from '../logger'
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
export async function analyzeGrown(
  db: Db,
  how: 'vacuum and analyze' | 'analyze' = 'vacuum and analyze',
): Promise<string[]> {
  const grown = await db.query<{ name: string }>(
    `select format('%I', c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r'
       and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 1`,
  )
  const names = grown.map((row) => row.name)
  if (how === 'analyze') {
    // One table a statement: each holds the embedded database's one connection for its own sample
    // only (up to 0.4 s for a table past 30,000 rows), and what waits runs in between.
    for (const name of names) await db.query(`analyze ${name}`)
  } else if (names.length > 0) await db.query(`vacuum (analyze) ${names.join(', ')}`)
  return names
}

/**
 * While the server runs on PGlite, what autovacuum's ANALYZE does on PostgreSQL: every `everyMs`,
 * the tables that grew by more than a tenth are analyzed. Not only for the planner's guesses: a
 * plan PostgreSQL keeps (a prepared statement's generic plan, and each foreign key's check) was
 * made for the table's size when first used, and only new statistics make it plan again. Without
 * this, the check of webhook_attempts' key into webhook_messages kept the sequential scan it chose
 * when the table had a few rows: 4.2 ms an attempt half a minute into the webhook bench, and
 * growing with the table (bench/webhooks.ts, decision 081). ANALYZE alone: it reads a bounded
 * sample, where a VACUUM of a table with dead rows reads all its indexes while the one connection
 * waits. Answers the stop.
 */
export function keepStatistics(db: Db, everyMs: number, logger: Logger): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    analyzeGrown(db, 'analyze')
      .catch((error: unknown) =>
        logger.error('refreshing the statistics failed', { error: String(error) }),
      )
      .finally(() => (running = false))
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
