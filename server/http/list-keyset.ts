import { isoFromPostgres } from '../db/timestamps'
import { createHash } from 'node:crypto'
import type { ListQuery } from '../../src/contract/list'
import type { Queryable } from '../db/database'
import { searched, type ListSpec } from './list'

/** Where the previous batch ended: its last row's sort value (as text, null kept) and key. */
export interface KeysetMark {
  sort: string | null
  key: string
}

type Marked<R> = R & { __sort: string | null; __key: string }

/**
 * A batch's rows as one JSON array (one row, one field) instead of one row of fields each: on the
 * embedded database every field of every row is cut from the answer and decoded on its own
 * (PGlite's protocol parser, then node-postgres's), which cost more than the query itself — 16
 * fields × a million rows. Each row is a JSON array of `columns` (the select list's names, in
 * its order; keys repeated on every row were as much text again). JSON numbers, booleans and
 * strings come back as they would; a timestamptz comes as `2026-01-31T08:00:00.123456+00:00`, so
 * the caller names its timestamp columns and they are turned into the API's ISO form
 * (`…08:00:00.123Z`) as the driver does.
 */
export interface JsonRows {
  columns: readonly string[]
  timestamps: readonly string[]
}

// Prepared statements by their text: each connection plans a batch's query once, not per batch
// (planning is a large part of a short query on PGlite). Same text, same name.
const statementName = (text: string) =>
  `keyset_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`

/**
 * The rows after `mark` in the list's own order (sort column, then the tiebreak, both in the
 * query's direction; PostgreSQL puts nulls last ascending and first descending, as the list
 * does). Each batch is one short query from where the last ended, so an export of a million rows
 * holds one batch in memory and never holds the connection between batches: other requests run
 * in between, even on the embedded database's single connection. The mark carries the sort value
 * as text: PostgreSQL reads the parameter back in the column's own type, so a timestamp keeps its
 * microseconds.
 */
export async function keysetBatch<K extends string, R extends object>(
  q: Queryable,
  spec: ListSpec<K>,
  query: Pick<ListQuery<K>, 'order_by' | 'order_direction' | 'search'>,
  mark: KeysetMark | null,
  size: number,
  json?: JsonRows,
): Promise<{ rows: R[]; mark: KeysetMark | null }> {
  const { filtered, params } = searched(spec, query.search)
  const sort = spec.sortColumns[query.order_by]
  const key = spec.tiebreak
  const asc = query.order_direction === 'asc'
  const sameColumn = sort === key
  let after = 'true'
  if (mark !== null) {
    params.push(mark.key)
    const k = `$${params.length}`
    if (sameColumn) after = `${key} ${asc ? '>' : '<'} ${k}`
    else if (mark.sort === null)
      after = asc
        ? `(${sort} is null and ${key} > ${k})`
        : `((${sort} is null and ${key} < ${k}) or ${sort} is not null)`
    else {
      params.push(mark.sort)
      const s = `$${params.length}`
      after = asc
        ? `((${sort}, ${key}) > (${s}, ${k}) or ${sort} is null)`
        : `(${sort}, ${key}) < (${s}, ${k})`
    }
  }
  const way = asc ? 'asc' : 'desc'
  const order = sameColumn ? `${key} ${way}` : `${sort} ${way}, ${key} ${way}`
  const text = `select ${spec.select}, (${sort})::text as __sort, (${key})::text as __key
     from ${spec.from} where ${filtered} and ${after} order by ${order} limit ${size}`
  if (json !== undefined) return jsonBatch<R>(q, text, params, json, size)
  const rows = await q.query<Marked<R>>(text, params)
  const last = rows.at(-1)
  return {
    rows: rows.map(({ __sort: _s, __key: _k, ...row }) => row as unknown as R),
    mark: last === undefined || rows.length < size ? null : { sort: last.__sort, key: last.__key },
  }
}

/**
 * The batch's query as one json_agg over it, run as a prepared statement. The aggregate reads its
 * sorted, limited subquery in order (a plain Aggregate over a Limit: nothing between them could
 * reorder), so the array is in the list's order.
 */
async function jsonBatch<R>(
  q: Queryable,
  text: string,
  params: unknown[],
  json: JsonRows,
  size: number,
): Promise<{ rows: R[]; mark: KeysetMark | null }> {
  const names = [...json.columns, '__sort', '__key']
  const sql = `select coalesce(json_agg(json_build_array(${names.map((n) => `b.${n}`).join(', ')})), '[]') as rows
     from (${text}) b`
  const [answer] = await q.query<{ rows: unknown[][] }>(
    { name: statementName(sql), text: sql },
    params,
  )
  const values = answer?.rows ?? []
  const stamps = json.timestamps.map((column) => json.columns.indexOf(column))
  const { columns } = json
  // Each row built once, with the list's columns only (the mark is read off the last array).
  const rows = values.map((value) => {
    for (const i of stamps) {
      const v = value[i]
      if (typeof v === 'string') value[i] = isoFromPostgres(v)
    }
    const row: Record<string, unknown> = {}
    for (let i = 0; i < columns.length; i++) row[columns[i]] = value[i]
    return row as R
  })
  const last = values.at(-1)
  return {
    rows,
    mark:
      last === undefined || values.length < size
        ? null
        : { sort: last[columns.length] as string | null, key: last[columns.length + 1] as string },
  }
}
