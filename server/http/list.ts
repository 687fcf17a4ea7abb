import type { ListQuery, ListResponse } from '../../src/contract/list'
import { preparedText, type Queryable } from '../db/database'

export interface ListSpec<K extends string> {
  /** `select` list and `from` clause, trusted SQL. */
  select: string
  from: string
  /** Conditions joined with `and`; placeholders $1… refer to params. */
  where: string[]
  params: unknown[]
  /**
   * Columns the search is matched against: each of its words, in any order, is a case-insensitive
   * substring of one of them (searchWords).
   */
  searchColumns: readonly string[]
  /** SQL for each sortable key; only keys the contract allows reach here. */
  sortColumns: Record<K, string>
  /** Unique column that makes the order total, so pages never overlap. */
  tiebreak: string
  /**
   * The search columns have trigram indexes (migration 002): a search then collects its matches
   * once from them (searchPage). Without indexes that would read and sort every match, where the
   * scan below stops at the page's last row.
   */
  indexedSearch?: boolean
  /**
   * The search is one phrase, matched whole: the audit log, whose main search does so over a
   * million rows (server/db/audit-search.ts), so that its other pages answer the same text alike.
   */
  phrase?: boolean
  /**
   * A scalar SQL expression for recordsTotal (same params), cheaper than count(*): it is also the
   * unsearched list's recordsFiltered.
   */
  total?: string
  /**
   * The one table that `where` and every sort column read, as `users u`: a page's rows are found
   * there first (OFFSET over the index alone) and only they are joined and projected. Without it a
   * deep page builds every row it skips.
   */
  keysFrom?: string
}

/** %, _ and \ are literal in the user's search text. */
export const likePattern = (term: string) =>
  `%${term.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/**
 * A search's words: a row matches when each is found in one of the list's columns, in any order,
 * so "mee lock" finds "Smart lock – First floor Meeting room door" and "clara smith" a person
 * whose first and last names are two columns.
 */
export const searchWords = (search: string) =>
  search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')

/** The words a list's search must each find: the whole text for a phrase list. */
function wordsOf(spec: Pick<ListSpec<string>, 'phrase'>, search: string) {
  if (spec.phrase !== true) return searchWords(search)
  return search === '' ? [] : [search.toLowerCase()]
}

/**
 * Each word found in one of `columns`: `match(column, n)` is one column's test of the word in
 * parameter `$n`, the words' parameters following the first `offset`.
 */
function everyWord(
  words: readonly string[],
  columns: readonly string[],
  offset: number,
  match: (word: string, column: string, n: number) => string,
) {
  return words
    .map((word, i) => `(${columns.map((c) => match(word, c, offset + i + 1)).join(' or ')})`)
    .join(' and ')
}

/** The list's conditions, and the same with its search (`filtered`), with their params. */
export function searched(
  spec: Pick<ListSpec<string>, 'where' | 'params' | 'searchColumns' | 'phrase'>,
  search: string,
) {
  const params = [...spec.params]
  const base = spec.where.length > 0 ? spec.where.join(' and ') : 'true'
  const words = wordsOf(spec, search)
  if (words.length === 0 || spec.searchColumns.length === 0) {
    return { base, filtered: base, params }
  }
  // lower(x) like … rather than ilike: the same matches, 2-3× faster on a million audit rows.
  const matches = everyWord(
    words,
    spec.searchColumns,
    params.length,
    (_word, c, n) => `lower(${c}) like $${n}`,
  )
  params.push(...words.map(likePattern))
  return { base, filtered: `${base} and ${matches}`, params }
}

/**
 * OFFSET paging along an index, from the nearer end; the audit log has its own keyset path
 * (server/db/audit-pages.ts). Counts and rows come from two queries: call it in a repeatable-read
 * transaction where a write meanwhile must not shift the page against its count (the users list).
 */
export async function listPage<K extends string, R extends object>(
  q: Queryable,
  spec: ListSpec<K>,
  query: ListQuery<K>,
): Promise<ListResponse<R>> {
  if (onePass(spec, query)) return searchPage<K, R>(q, spec, query)
  const { base, filtered, params } = searched(spec, query.search)
  const direction = query.order_direction === 'asc' ? 'asc' : 'desc'
  const [counts] = await q.query<{ total: number; filtered: number }>(
    filtered === base && spec.total !== undefined
      ? `select t as total, t as filtered from (select (${spec.total})::int as t) x`
      : `select count(*)::int as total, (count(*) filter (where ${filtered}))::int as filtered
         from ${spec.from} where ${base}`,
    params,
  )
  const filteredCount = counts?.filtered ?? 0
  const window = nearerEnd(query.start, query.length, filteredCount)
  const way = window.reversed ? flip(direction) : direction
  const order = `order by ${spec.sortColumns[query.order_by]} ${way}, ${spec.tiebreak} ${way}`
  const found =
    window.limit === 0
      ? []
      : await q.query<R>(
          spec.keysFrom === undefined
            ? `select ${spec.select} from ${spec.from} where ${filtered} ${order} ${window.sql}`
            : `select ${spec.select} from ${spec.from}
               where ${spec.tiebreak} in (select ${spec.tiebreak} from ${spec.keysFrom}
                                          where ${filtered} ${order} ${window.sql})
               ${order}`,
          params,
        )
  return {
    data: window.reversed ? found.reverse() : found,
    recordsTotal: counts?.total ?? 0,
    recordsFiltered: filteredCount,
  }
}

const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc')

/**
 * Rows start … start+length of `count`, read from the end they are nearer to: OFFSET walks every
 * row it skips, so the last page of 100,000 is the first page read backwards and reversed, and no
 * window walks more than half the list.
 */
export function nearerEnd(start: number, length: number, count: number) {
  const end = Math.min(count, start + length)
  if (end <= start) return { reversed: false, limit: 0, sql: 'limit 0' }
  const fromEnd = count - end
  return fromEnd < start
    ? { reversed: true, limit: end - start, sql: `limit ${end - start} offset ${fromEnd}` }
    : { reversed: false, limit: end - start, sql: `limit ${end - start} offset ${start}` }
}

/**
 * Whether listPage answers with one statement, so from one snapshot without a transaction: a
 * search of a list with trigram indexes (searchPage).
 */
export const onePass = <K extends string>(spec: ListSpec<K>, query: ListQuery<K>) =>
  spec.indexedSearch === true &&
  wordsOf(spec, query.search).length > 0 &&
  spec.searchColumns.length > 0

/**
 * Whether pg_trgm can take a trigram from the term, which needs three word characters (letters or
 * digits) in a row: without one its indexes cannot narrow the search, and every row is read.
 */
const hasTrigram = (term: string) => /[\p{L}\p{N}]{3}/u.test(term)

/**
 * A search collects its matches once, from the trigram indexes (migration 002), and both counts
 * and pages them: a count with the search as a FILTER would scan the whole table, and the page
 * query alone would walk the sort index hoping for early matches, reading every row when there
 * are few. Only the page's rows are then joined and selected in full.
 *
 * A search none of whose words has a trigram reads every row whatever its value, so its statement
 * is prepared (one per list, sort, direction and number of words): parsing and planning it cost
 * PGlite twice its run (docs/decisions/064). Such a word matches with strpos, the same substring
 * as the pattern, so that a generic plan never takes a trigram index it could only scan whole. A
 * search with a trigram is planned for its values, as the indexes pay off only for rare ones. The page's keys are also given
 * as an array the rows must be in: the select list (a user's sorted permissions) is computed where
 * its table is read, and a plan made while the table was small, then kept as it grew, read every
 * row with it (twice the unprepared search's time at 100,000 users) instead of only the page's.
 */
async function searchPage<K extends string, R extends object>(
  q: Queryable,
  spec: ListSpec<K>,
  query: ListQuery<K>,
): Promise<ListResponse<R>> {
  const words = wordsOf(spec, query.search)
  const indexed = words.some(hasTrigram)
  const matches = everyWord(words, spec.searchColumns, spec.params.length, (word, c, n) =>
    hasTrigram(word) ? `lower(${c}) like $${n}` : `strpos(lower(${c}), $${n}) > 0`,
  )
  const params = [
    ...spec.params,
    ...words.map((word) => (hasTrigram(word) ? likePattern(word) : word)),
    query.length,
    query.start,
  ]
  const [length, start] = [params.length - 1, params.length].map((n) => `$${n}`)
  const base = spec.where.length > 0 ? spec.where.join(' and ') : 'true'
  const direction = query.order_direction === 'asc' ? 'asc' : 'desc'
  const byKey = `m.s ${direction}, m.k ${direction}`
  const text = `with m as materialized (
       select ${spec.tiebreak} as k, ${spec.sortColumns[query.order_by]} as s
       from ${spec.keysFrom ?? spec.from} where ${base} and ${matches}
     ), p as (
       select m.k, row_number() over (order by ${byKey}) as rn from m
       order by ${byKey} limit ${length} offset ${start}
     )
     select c.__total, c.__filtered, r.* from (
       select (${spec.total ?? `(select count(*) from ${spec.from} where ${base})`})::int as __total,
              (select count(*) from m)::int as __filtered
     ) c left join lateral (
       select p.rn as __rn, ${spec.select} from ${spec.from} join p on p.k = ${spec.tiebreak}
       where ${spec.tiebreak} = any(array(select k from p))
     ) r on true
     order by r.__rn`
  const rows = await q.query<R & { __total: number; __filtered: number; __rn: number | null }>(
    indexed ? text : preparedText('search', text),
    params,
  )
  const data = rows
    .filter((row) => row.__rn !== null)
    .map(({ __total: _t, __filtered: _f, __rn: _n, ...row }) => row as unknown as R)
  return {
    data,
    recordsTotal: rows[0]?.__total ?? 0,
    recordsFiltered: rows[0]?.__filtered ?? 0,
  }
}
