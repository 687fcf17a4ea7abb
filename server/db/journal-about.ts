import type { JournalAboutType } from '../../src/contract/journal'
import type { Queryable } from './database'

// "About" a user, a door or a device: the journal's rows of the thing itself and of what hangs on
// it — a user's credentials and own PIN; a door's devices and the credentials on the door or on those devices;
// a device's credentials. "Hangs on it" is today, or in any row that names it before or after a
// change (a credential moved away, a user's credential handed to another), so the History of a
// person or a door keeps what happened there. The rows are found through the GIN index on the
// changes of credential and device rows (migration 014); a place is a type and an id, which a row
// always names together (journal.ts).

export interface AboutTargets {
  types: string[]
  ids: number[]
}

type Holder = 'credential' | 'device'

const pairAt = (changes: Record<string, unknown>, field: string, side: 0 | 1) => {
  const values = changes[field]
  return Array.isArray(values) ? (values[side] as unknown) : undefined
}

/** Credentials or devices on the place (type, id) today or in any journal row, by id. */
async function onPlace(q: Queryable, holder: Holder, type: string, id: number): Promise<number[]> {
  const table = holder === 'credential' ? 'credentials' : 'devices'
  const today = await q.query<{ id: number }>(
    `select ${holder}_id as id from ${table} where assignment_type = $1 and assignment_id = $2`,
    [type, id],
  )
  const named = await q.query<{ id: number | string; changes: Record<string, unknown> }>(
    `select target_id as id, changes from journal where target_type = $1 and changes @> $2::jsonb`,
    [holder, JSON.stringify({ assignment_id: [id], assignment_type: [type] })],
  )
  // The index finds rows naming the id and the type; the place is the pair on one side.
  const moved = named.filter((row) =>
    ([0, 1] as const).some(
      (side) =>
        pairAt(row.changes, 'assignment_type', side) === type &&
        pairAt(row.changes, 'assignment_id', side) === id,
    ),
  )
  return [...new Set([...today.map((row) => row.id), ...moved.map((row) => Number(row.id))])]
}

/** A user's credentials, today or in any journal row that gave one to them or took it away. */
async function ofUser(q: Queryable, id: number): Promise<number[]> {
  const rows = await q.query<{ id: number | string }>(
    `select credential_id as id from credentials where user_id = $1
     union select target_id from journal
       where target_type = 'credential' and changes @> $2::jsonb`,
    [id, JSON.stringify({ user_id: [id] })],
  )
  return rows.map((row) => Number(row.id))
}

/** The (type, id) targets whose rows are about the thing, itself first. */
export async function aboutTargets(
  q: Queryable,
  type: JournalAboutType,
  id: number,
): Promise<AboutTargets> {
  const targets: AboutTargets = { types: [type], ids: [id] }
  const add = (kind: string, ids: readonly number[]) => {
    for (const each of ids) {
      targets.types.push(kind)
      targets.ids.push(each)
    }
  }
  if (type === 'user') {
    add('credential', await ofUser(q, id))
    // Their own PIN's rows are keyed by the person (decision 066).
    add('person_pin', [id])
    return targets
  }
  add('credential', await onPlace(q, 'credential', type, id))
  if (type === 'door') {
    const devices = await onPlace(q, 'device', 'door', id)
    add('device', devices)
    for (const device of devices)
      add('credential', await onPlace(q, 'credential', 'device', device))
  }
  return targets
}
