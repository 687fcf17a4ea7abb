import type { JournalTargetType } from '../../src/contract/journal'
import type { Queryable, Row } from './database'

// Objects as they were at a moment, from today's rows and the journal (decision 052): a field's
// value then is the `before` of its first change after the moment, or today's value when it has
// not changed since; an object whose first row after the moment is its create did not exist yet,
// and one deleted since comes back from its delete row, which carries every journaled field.

/**
 * What the journal says changed after the moment, per object: whether its first row since is its
 * create or its delete, and its fields' values then.
 */
export interface Rewind {
  firstAction: Map<number, string>
  before: Map<number, Row>
}

/** journal_rewind's rows (migration 018), as the statements answer them. */
export interface RewindRow {
  target_id: string | number
  first_action: string | null
  before: Row | null
}

export const noRewind = (): Rewind => ({ firstAction: new Map(), before: new Map() })

export function rewindFrom(rows: readonly RewindRow[]): Rewind {
  const rewind = noRewind()
  for (const row of rows) {
    const id = Number(row.target_id)
    if (row.first_action !== null) rewind.firstAction.set(id, row.first_action)
    if (row.before !== null) rewind.before.set(id, row.before)
  }
  return rewind
}

/** The journal's rewind of one kind to `at`. */
export async function rewindOf(q: Queryable, type: JournalTargetType, at: Date): Promise<Rewind> {
  const rows = await q.query<RewindRow>(
    {
      name: 'access_rewind',
      text: 'select target_id, first_action, before from journal_rewind($1, $2)',
    },
    [type, at.toISOString()],
  )
  return rewindFrom(rows)
}

/** The objects as they were: today's rows with the rewind applied; those that did not exist are left out. */
export function asTheyWere(
  current: ReadonlyMap<number, Row>,
  rewind: Rewind,
  key: string,
): Map<number, Row> {
  const then = new Map<number, Row>()
  const ids = new Set([...current.keys(), ...rewind.firstAction.keys(), ...rewind.before.keys()])
  for (const id of ids) {
    const first = rewind.firstAction.get(id)
    const now = current.get(id)
    // Created after the moment, or gone without a journal row to bring it back.
    if (first === 'create') continue
    if (now === undefined && first !== 'delete' && !rewind.before.has(id)) continue
    then.set(id, { ...now, ...rewind.before.get(id), [key]: id })
  }
  return then
}

export const byId = (rows: readonly Row[], key: string) =>
  new Map(rows.map((row) => [Number(row[key]), row]))
