import type { Db, Queryable } from '../../server/db/database'
import { changeRow, writeJournalRows, type JournalSource } from '../../server/db/journal'
import type { JournalTargetType } from '../../src/contract/journal'

// Groups, members, schedules, calendars and rules written as the model's routes write them: the row
// and its journal row (before and after, the allow-listed fields) in one transaction, so the past
// of "who can open" can be rebuilt from the journal. Tests of who can open use them to build a
// model quickly and to change it between moments.

const source: JournalSource = {
  actorId: null,
  actorEmail: 'tests@access.example',
  clientAddress: null,
  requestId: null,
}

type Row = Record<string, unknown> & { organization_id: number }

const tables = {
  group: { table: 'access_groups', key: 'group_id' },
  group_member: { table: 'group_members', key: 'member_id' },
  schedule: { table: 'schedules', key: 'schedule_id' },
  calendar: { table: 'calendars', key: 'calendar_id' },
  access_rule: { table: 'access_rules', key: 'rule_id' },
} as const
type Kind = keyof typeof tables & JournalTargetType

const nameOf = (row: Row) =>
  typeof row.name === 'string' ? row.name : `${Number(row.user_id)} → ${Number(row.group_id)}`

// jsonb columns are sent as JSON text; arrays and scalars as they are.
const asParam = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? JSON.stringify(value)
    : Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)
      ? JSON.stringify(value)
      : value

async function journaled(q: Queryable, kind: Kind, before: Row | null, after: Row | null) {
  const row = (after ?? before) as Row
  await writeJournalRows(q, source, [
    changeRow(kind, Number(row[tables[kind].key]), before, after, nameOf),
  ])
}

/** Inserts a row of `kind` with `fields` and journals its create; answers the row. */
export function create(db: Db, kind: Kind, fields: Record<string, unknown>): Promise<Row> {
  const columns = Object.keys(fields)
  return db.tx(async (q) => {
    const [row] = await q.query<Row>(
      `insert into ${tables[kind].table} (${columns.join(', ')})
       values (${columns.map((_, n) => `$${n + 1}`).join(', ')}) returning *`,
      columns.map((c) => asParam(fields[c])),
    )
    if (!row) throw new Error(`no ${kind} made`)
    await journaled(q, kind, null, row)
    return row
  })
}

/** Changes `fields` of a row of `kind` and journals the update. */
export function update(
  db: Db,
  kind: Kind,
  id: number,
  fields: Record<string, unknown>,
): Promise<Row> {
  const { table, key } = tables[kind]
  const columns = Object.keys(fields)
  return db.tx(async (q) => {
    const [before] = await q.query<Row>(`select * from ${table} where ${key} = $1 for update`, [id])
    const [after] = await q.query<Row>(
      `update ${table} set ${columns.map((c, n) => `${c} = $${n + 2}`).join(', ')}
       where ${key} = $1 returning *`,
      [id, ...columns.map((c) => asParam(fields[c]))],
    )
    if (!before || !after) throw new Error(`no ${kind} ${id}`)
    await journaled(q, kind, before, after)
    return after
  })
}

/** Deletes a row of `kind` and journals the delete (its every field). */
export function remove(db: Db, kind: Kind, id: number): Promise<void> {
  const { table, key } = tables[kind]
  return db.tx(async (q) => {
    const [before] = await q.query<Row>(`delete from ${table} where ${key} = $1 returning *`, [id])
    if (!before) throw new Error(`no ${kind} ${id}`)
    await journaled(q, kind, before, null)
  })
}
