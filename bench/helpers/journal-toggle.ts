import type { Db, Queryable } from '../../server/db/database'

/** Statements that write a journal row (server/db/journal.ts, writeJournal). */
const journalInsert = /^\s*insert\s+into\s+journal\s*\(/i

export interface JournalToggle {
  /** Whether the next transactions write their journal rows. */
  journaling: boolean
  /** Journal inserts left out since the start. */
  skipped: number
  /** How long each transaction took, in ms, from BEGIN to COMMIT, with its journaling state. */
  transactions: { ms: number; journaled: boolean }[]
}

/**
 * A bench-only switch for the journal row, with no change to the product: the running server's
 * `db.tx` (the one every route calls) is wrapped so that, while `journaling` is off, the one
 * statement `writeJournal` sends (the INSERT, and with it the chain trigger, the head's row lock
 * held to the commit and the four index entries) answers no rows without reaching the database.
 * Everything else a route does runs as it does in production, including what it does to build
 * the row: the changes computed in JavaScript and, for a user update, reading the user back
 * (which the answer then reads again). So "without" is the write minus its journal insert.
 * Each transaction is timed as well, from the pool's connection to the commit.
 */
export function toggleJournal(db: Db): JournalToggle {
  const toggle: JournalToggle = { journaling: true, skipped: 0, transactions: [] }
  const tx = db.tx.bind(db)
  const without = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      if (journalInsert.test(typeof sql === 'string' ? sql : sql.text)) {
        toggle.skipped += 1
        return Promise.resolve([])
      }
      return q.query(sql, params)
    },
  })
  db.tx = async (work) => {
    const journaled = toggle.journaling
    const started = performance.now()
    try {
      return await tx((q) => work(journaled ? q : without(q)))
    } finally {
      toggle.transactions.push({ ms: performance.now() - started, journaled })
    }
  }
  return toggle
}
