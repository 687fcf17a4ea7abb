import { AUDIT_COUNT_CAP, type AuditEntry } from '../../src/contract/audits'
import type { ListQuery, ListResponse } from '../../src/contract/list'
import { likePattern } from '../http/list'
import {
  idAtInIdOrder,
  matchingValues,
  pageInColumnOrder,
  pageInIdOrder,
  rowAtInColumnOrder,
  type AuditScope,
  type ValueMatch,
} from './audit-ranks'
import {
  ascendingWindow,
  auditSelect,
  idOrder,
  inOrder,
  scopeTotal,
  searchable,
  sortColumns,
  type AuditSortKey,
} from './audit-paging'
import type { Queryable } from './database'

/**
 * A search: the term is matched against each searched column's distinct values (a few hundred
 * counted rows). When one column matches, the count is exact and any page is found from counts;
 * when several do, or the sort is by another column, see cappedPage.
 */
export async function searchPage(
  q: Queryable,
  scope: AuditScope,
  query: ListQuery<AuditSortKey>,
): Promise<ListResponse<AuditEntry>> {
  const total = await scopeTotal(q, scope.organizationId)
  const matches = await matchingValues(q, scope, searchable, likePattern(query.search))
  const cols = [...new Set(matches.map((m) => m.col))]
  const [only] = cols
  if (only === undefined) return { data: [], recordsTotal: total, recordsFiltered: 0 }
  const values = matches.filter((m) => m.col === only).map((m) => m.value)
  const filtered = matches.reduce((sum, m) => sum + m.n, 0)
  if (cols.length === 1 && (idOrder(query.order_by) || query.order_by === only)) {
    const window = ascendingWindow(filtered, query)
    let rows: AuditEntry[] = []
    if (window && idOrder(query.order_by)) {
      const from = await idAtInIdOrder(q, scope, only, window.ascStart, values)
      if (from !== null)
        rows = await pageInIdOrder(q, auditSelect, scope, only, from, window.count, values)
    } else if (window) {
      const from = await rowAtInColumnOrder(q, scope, only, window.ascStart, values)
      if (from)
        rows = await pageInColumnOrder(q, auditSelect, scope, only, from, window.count, values)
    }
    return { data: inOrder(rows, query), recordsTotal: total, recordsFiltered: filtered }
  }
  return cappedPage(q, scope, query, total, matches)
}

// Up to this many candidate rows (the matched values' counts summed) a search is counted exactly.
const EXACT_UP_TO = 5000

/**
 * Rows matching any of the values. Few candidates: counted exactly and sorted. Many: the newest
 * AUDIT_COUNT_CAP + 1 matches are found, and the pages hold the newest AUDIT_COUNT_CAP of them in
 * the asked order.
 */
async function cappedPage(
  q: Queryable,
  scope: AuditScope,
  query: ListQuery<AuditSortKey>,
  total: number,
  matches: readonly ValueMatch[],
): Promise<ListResponse<AuditEntry>> {
  const cols = [...new Set(matches.map((m) => m.col))]
  const params: unknown[] = [scope.organizationId]
  const inScope = '($1::int is null or organization_id = $1::int)'
  const conditions = cols.map((col) => {
    params.push(matches.filter((m) => m.col === col).map((m) => m.value))
    return { col, values: `$${params.length}::text[]` }
  })
  const where = `${inScope} and (${conditions.map((c) => `${c.col} = any(${c.values})`).join(' or ')})`
  const candidates = matches.reduce((sum, m) => sum + m.n, 0)
  if (candidates <= EXACT_UP_TO) {
    const [counted] = await q.query<{ n: number }>(
      `select count(*)::int as n from device_audits where ${where}`,
      params,
    )
    const n = counted?.n ?? 0
    const rows = await sortedPage(
      q,
      query,
      n,
      `select audit_id from device_audits where ${where}`,
      params,
    )
    return { data: rows, recordsTotal: total, recordsFiltered: n }
  }
  // Frequent matches: walk audit_id down in ranges until enough are found. Rarer ones: the newest
  // matches of each value, from its (column, audit_id) index read backwards, merged.
  const ids =
    candidates * 20 >= total
      ? await newestByWalk(q, where, params)
      : (
          await q.query<{ audit_id: number }>(
            `select audit_id from (${conditions
              .map(
                (c) => `select a.audit_id from unnest(${c.values}) v(value) cross join lateral (
                  select audit_id from device_audits where ${inScope} and ${c.col} = v.value
                  order by audit_id desc limit ${AUDIT_COUNT_CAP + 1}) a`,
              )
              .join(' union ')}) u order by audit_id desc limit ${AUDIT_COUNT_CAP + 1}`,
            params,
          )
        ).map((r) => r.audit_id)
  const capped = ids.length > AUDIT_COUNT_CAP
  const filtered = Math.min(ids.length, AUDIT_COUNT_CAP)
  const rows = await sortedPage(q, query, filtered, 'select unnest($1::int[]) as audit_id', [
    ids.slice(0, AUDIT_COUNT_CAP),
  ])
  return {
    data: rows,
    recordsTotal: total,
    recordsFiltered: filtered,
    ...(capped ? { recordsFilteredCapped: true } : {}),
  }
}

const WALK_RANGE = 16384

/** The newest AUDIT_COUNT_CAP + 1 matching ids, reading audit_id ranges from the top down. */
async function newestByWalk(q: Queryable, where: string, params: unknown[]): Promise<number[]> {
  const top = await scopeTotal(q, null)
  const ids: number[] = []
  const lo = `$${params.length + 1}::int`
  const hi = `$${params.length + 2}::int`
  for (let upper = top; upper > 0 && ids.length <= AUDIT_COUNT_CAP; upper -= WALK_RANGE) {
    const rows = await q.query<{ audit_id: number }>(
      `select audit_id from device_audits
       where audit_id > ${lo} and audit_id <= ${hi} and ${where}
       order by audit_id desc limit ${AUDIT_COUNT_CAP + 1 - ids.length}`,
      [...params, upper - WALK_RANGE, upper],
    )
    ids.push(...rows.map((r) => r.audit_id))
  }
  return ids
}

/** One page of the rows whose ids `kept` selects, in the asked order. */
async function sortedPage(
  q: Queryable,
  query: ListQuery<AuditSortKey>,
  filtered: number,
  kept: string,
  params: unknown[],
): Promise<AuditEntry[]> {
  const window = ascendingWindow(filtered, { ...query, order_direction: 'asc' })
  if (!window) return []
  const direction = query.order_direction
  return q.query<AuditEntry>(
    `with kept as materialized (${kept})
     select ${auditSelect} from kept join device_audits using (audit_id)
     order by ${sortColumns[query.order_by]} ${direction}, audit_id ${direction}
     limit ${window.count} offset ${query.start}`,
    params,
  )
}
