import type { Db } from './database'
import type { Logger } from '../logger'

/** How often a running server prunes: rows outlive their retention by at most this much. */
const EVERY_MS = 60 * 60 * 1000

/**
 * Removes the journal rows older than `days` through migration 013's journal_prune, the one path
 * the append-only trigger lets a delete through; it records the cut's hash so the rest verifies.
 */
export async function pruneJournal(db: Db, days: number): Promise<number> {
  const [row] = await db.tx((q) =>
    q.query<{ removed: number }>('select journal_prune($1) as removed', [days]),
  )
  return row?.removed ?? 0
}

/** Prunes every hour from now on (the server prunes once itself as it starts); answers the stop. */
export function keepJournalRetention(db: Db, days: number, logger: Logger): () => void {
  const run = () => {
    pruneJournal(db, days).then(
      (removed) => {
        if (removed > 0)
          logger.info(`journal retention removed ${removed} rows older than ${days} days`)
      },
      (error: unknown) => logger.error('journal retention failed', { error: String(error) }),
    )
  }
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
