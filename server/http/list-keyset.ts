import type { ListQuery } from '../../src/contract/list'
import { preparedText, type Queryable } from '../db/database'
import { searched, type ListSpec } from './list'

/** Where the previous batch ended: its last row's sort value (as text, null kept) and key. */
export interface KeysetMark {
  sort: string | null
  key: string
}

type Marked<R> = R & { __sort: string | null; __key: string }

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
  query: ListOrder<K>,
  mark: KeysetMark | null,
  size: number,
): Promise<{ rows: R[]; mark: KeysetMark | null }> {
  const { text, params } = keysetQuery(spec, query, mark, size)
  const rows = await q.query<Marked<R>>(text, params)
  const last = rows.at(-1)
  return {
    rows: rows.map(({ __sort: _s, __key: _k, ...row }) => row as unknown as R),
    mark: last === undefined || rows.length < size ? null : { sort: last.__sort, key: last.__key },
  }
}

type ListOrder<K extends string> = Pick<ListQuery<K>, 'order_by' | 'order_direction' | 'search'>

/** The batch's query: the list's select with its sort value and key as text (the next mark). */
function keysetQuery<K extends string>(
  spec: ListSpec<K>,
  query: ListOrder<K>,
  mark: KeysetMark | null,
  size: number,
): { text: string; params: unknown[] } {
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
  return { text, params }
}

/**
 * The batch as CSV records written by the database, one string for the batch: `record` is the SQL
 * expression of one record over the batch's row `b`, given a function that adds a parameter and
 * names it. A million rows as JavaScript objects cost the server more than everything else in the
 * export (decoding each batch, parsing it, turning rows into cells: docs/csv.md); on PostgreSQL
 * this work now runs in the database's own process, on the other core. The aggregate reads its
 * sorted, limited subquery in order (a plain Aggregate over a Limit: nothing between them could
 * reorder), so the records are in the list's order and the last one's mark is the last element.
 * Run as a prepared statement: same text, same name.
 */
export async function csvBatch<K extends string>(
  q: Queryable,
  spec: ListSpec<K>,
  query: ListOrder<K>,
  mark: KeysetMark | null,
  size: number,
  record: (param: (value: unknown) => string) => string,
): Promise<{ text: string; mark: KeysetMark | null }> {
  const { text, params } = keysetQuery(spec, query, mark, size)
  const param = (value: unknown) => `$${params.push(value)}`
  const sql = `select coalesce(string_agg(${record(param)}, ''), '') as text, count(*)::int as n,
       (array_agg(b.__sort))[count(*)::int] as sort, (array_agg(b.__key))[count(*)::int] as key
     from (${text}) b`
  const [answer] = await q.query<{
    text: string
    n: number
    sort: string | null
    key: string | null
  }>(preparedText('keyset', sql), params)
  if (answer === undefined || answer.n < size || answer.key === null)
    return { text: answer?.text ?? '', mark: null }
  return { text: answer.text, mark: { sort: answer.sort, key: answer.key } }
}
