import type { Queryable } from './database'

export type JournalProblem = 'altered' | 'deleted' | 'out_of_order'

export type JournalVerdict =
  | { intact: true; rows: number; firstId: number | null; lastId: number }
  | { intact: false; journalId: number; problem: JournalProblem; detail: string }

interface Checked {
  journal_id: number
  prev_hash: string
  hash: string
  computed: string
}

const BATCH = 5000

/**
 * Walks the chain from the retention anchor to the head (migration 013) and names the first row
 * that breaks it: `altered` — its content no longer gives its hash, or it no longer follows the
 * row before it; `deleted` — an id between the anchor and the head is missing; `out_of_order` —
 * a row sits where no write could have put it (at or below the anchor, or beyond the head).
 * The rows are read in batches along the primary key: a million rows hold no more than one batch.
 */
export async function verifyJournal(q: Queryable): Promise<JournalVerdict> {
  const [ends] = await q.query<{
    through_id: number
    anchor_hash: string
    head_id: number
    head_hash: string
  }>(
    `select a.through_id, a.hash as anchor_hash, h.journal_id as head_id, h.hash as head_hash
     from journal_anchor a, journal_head h`,
  )
  if (!ends) throw new Error('the journal has no anchor or head: is migration 013 applied?')
  const [early] = await q.query<{ journal_id: number }>(
    'select journal_id from journal where journal_id <= $1 order by journal_id limit 1',
    [ends.through_id],
  )
  if (early) {
    return {
      intact: false,
      journalId: early.journal_id,
      problem: 'out_of_order',
      detail: `row ${early.journal_id} is at or before the retention cut (${ends.through_id})`,
    }
  }
  let expected = ends.through_id + 1
  let previous = ends.anchor_hash
  for (;;) {
    const rows = await q.query<Checked>(
      `select journal_id, prev_hash, hash, journal_hash(j) as computed from journal j
       where journal_id >= $1 order by journal_id limit ${BATCH}`,
      [expected],
    )
    for (const row of rows) {
      if (row.journal_id > ends.head_id) {
        return {
          intact: false,
          journalId: row.journal_id,
          problem: 'out_of_order',
          detail: `row ${row.journal_id} lies beyond the chain's head (${ends.head_id})`,
        }
      }
      if (row.journal_id !== expected) {
        return {
          intact: false,
          journalId: expected,
          problem: 'deleted',
          detail: `row ${expected} is missing (the next row is ${row.journal_id})`,
        }
      }
      if (row.computed !== row.hash) {
        return {
          intact: false,
          journalId: row.journal_id,
          problem: 'altered',
          detail: `row ${row.journal_id}'s content does not give its hash`,
        }
      }
      if (row.prev_hash !== previous) {
        return {
          intact: false,
          journalId: row.journal_id,
          problem: 'altered',
          detail: `row ${row.journal_id} does not follow row ${row.journal_id - 1}: one of them was altered and rehashed`,
        }
      }
      previous = row.hash
      expected += 1
    }
    if (rows.length < BATCH) break
  }
  if (expected - 1 !== ends.head_id || previous !== ends.head_hash) {
    return {
      intact: false,
      journalId: expected,
      problem: 'deleted',
      detail: `rows ${expected} to ${ends.head_id} are missing: the chain's head is ${ends.head_id}`,
    }
  }
  return {
    intact: true,
    rows: ends.head_id - ends.through_id,
    firstId: ends.head_id > ends.through_id ? ends.through_id + 1 : null,
    lastId: ends.head_id,
  }
}
