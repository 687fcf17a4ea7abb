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
  const rows = await q.query<Marked<R>>(
    `select ${spec.select}, (${sort})::text as __sort, (${key})::text as __key
     from ${spec.from} where ${filtered} and ${after} order by ${order} limit ${size}`,
    params,
  )
  const last = rows.at(-1)
  return {
    rows: rows.map(({ __sort: _s, __key: _k, ...row }) => row as unknown as R),
    mark: last === undefined || rows.length < size ? null : { sort: last.__sort, key: last.__key },
  }
}
