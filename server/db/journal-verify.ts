import type { Queryable } from './database'

export type JournalProblem = 'altered' | 'deleted' | 'out_of_order'

export type JournalVerdict =
  | { intact: true; rows: number; firstId: number | null; lastId: number }
  | { intact: false; journalId: number; problem: JournalProblem; detail: string }

interface Checked {
  journal_id: number
  prev_hash: string
  hash: string
  /** Whether the row's content gives its hash. */
  sound: boolean
  /** The row before it in this batch (null for the batch's first row). */
  before_id: number | null
  before_hash: string | null
  /** The batch's size, on every row. */
  batch: number
}

const BATCH = 5000

/**
 * One batch along the primary key, checked in the database: only the rows that might break the
 * chain (a gap, a hash that does not match, a link to a row other than the one before, the
 * batch's first row, whose links are checked here) come back, and the batch's last row, from
 * which the next batch goes on. Sending every row's three hashes over PGlite's wire protocol
 * cost more than hashing them (27 of 43 µs a row).
 */
const batchSql = `
  with b as (
    select journal_id, prev_hash, hash, journal_hash(j) = hash as sound,
           lag(journal_id) over w as before_id, lag(hash) over w as before_hash,
           count(*) over () as batch, row_number() over w as n
    from (select * from journal where journal_id >= $1 order by journal_id limit $3) j
    window w as (order by journal_id)
  )
  select journal_id, prev_hash, hash, sound, before_id, before_hash, batch::int from b
  where n = 1 or n = batch or not sound or journal_id <> before_id + 1
     or prev_hash <> before_hash or journal_id > $2
  order by journal_id`

/**
 * Walks the chain from the retention anchor to the head (migration 013) and names the first row
 * that breaks it: `altered` — its content no longer gives its hash, or it no longer follows the
 * row before it; `deleted` — an id between the anchor and the head is missing; `out_of_order` —
 * a row sits where no write could have put it (at or below the anchor, or beyond the head).
 * The rows are read in batches along the primary key: a million rows hold no more than one batch.
 */
export async function verifyJournal(q: Queryable, batch = BATCH): Promise<JournalVerdict> {
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
    const rows = await q.query<Checked>(batchSql, [expected, ends.head_id, batch])
    for (const row of rows) {
      // Rows left out between two that came back followed each other soundly.
      if (row.before_id !== null) {
        expected = row.before_id + 1
        previous = row.before_hash ?? ''
      }
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
      if (!row.sound) {
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
    if ((rows[0]?.batch ?? 0) < batch) break
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
