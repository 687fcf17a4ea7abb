import type { Queryable } from '../db/database'
import { HttpError } from './errors'

// What "who can open" and "where can they go" ask first (decision 052, decision 067): one snapshot
// for the journal's rows and today's tables, and the moment asked about, refused before the journal
// began.

/**
 * One snapshot: the journal's rows and today's tables must agree. The statements prepared for the
 * answer keep one generic plan: planning the people's statement costs more than running it
 * (server/db/access-at.ts). PostgreSQL's JIT, drawn in by the rewind's row estimates, spent 3.4 s
 * compiling a query that runs in 0.1 s. A year's rewind sorts 100,000 journal rows: in memory, not
 * on disk. One round trip (no parameters: a simple query, which may hold several statements).
 */
export async function answerFromOneSnapshot(q: Queryable): Promise<void> {
  await q.query(`set transaction isolation level repeatable read;
    set local plan_cache_mode = force_generic_plan; set local jit = off;
    set local work_mem = '32MB'`)
}

/**
 * The moment asked about (`at`, else the server clock's now) and the earliest moment the journal
 * can answer for; a past moment before it is refused with the rule `before_journal`.
 */
export async function askedMoment(
  q: Queryable,
  at: string | undefined,
  now: Date,
): Promise<{ moment: Date; since: Date | null }> {
  const [anchor] = await q.query<{ since: string }>({
    name: 'access_anchor',
    text: 'select since from journal_anchor',
  })
  const moment = at === undefined ? now : new Date(at)
  const since = anchor ? new Date(anchor.since) : null
  if (at !== undefined && since !== null && moment < since) {
    throw new HttpError(
      409,
      'conflict',
      `The journal reaches back to ${since.toISOString()}: ask about a later moment.`,
      'at',
      {},
      { rule: 'before_journal', params: { since: since.toISOString() } },
    )
  }
  return { moment, since }
}
