import {
  AUDIT_COUNT_CAP,
  AUDIT_NEWS_CAP,
  AuditListQuery,
  AuditNewsQuery,
  auditSortKeys,
  type AuditEntry,
  type AuditNews,
  type AuditPage,
} from '../../src/contract/audits'
import { MAX_ID } from '../../src/contract/fields'
import type { ListQuery, ListResponse } from '../../src/contract/list'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import {
  idAtInIdOrder,
  matchingValues,
  pageInColumnOrder,
  pageInIdOrder,
  rowAtInColumnOrder,
  type AuditScope,
  type RankedColumn,
  type ValueMatch,
} from '../db/audit-ranks'
import { likePattern, listPage } from '../http/list'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'

type SortKey = (typeof auditSortKeys)[number]

const select = `audit_id, created_at, device_id, device_name, device_type_id, location_id, command,
  result, detail, detail_code, detail_params, user_id, actor_email, organization_id`

const searchable: readonly RankedColumn[] = ['device_name', 'command', 'result', 'actor_email']

// The caller's sequence: audit_id counts every entry, org_seq one organization's (both dense).
const sequenceOf = (organizationId: number | null) =>
  organizationId === null ? 'audit_id' : 'org_seq'

// The counter row of the caller's sequence (0: every organization), as a scalar subquery.
const COUNTER = 'coalesce((select n from audit_counters where scope_id = $1), 0)'

const sortColumns: Record<SortKey, string> = {
  audit_id: 'audit_id',
  created_at: 'created_at',
  user_id: 'user_id',
  device_name: 'device_name',
  command: 'command',
  result: 'result',
}

/**
 * The default view (by audit_id, no search) at any depth: audit_id (all organizations) and org_seq
 * (one organization) are dense 1..n, so the page starting at `start` is a primary-key range and
 * the total is one counter row. No OFFSET, no count(*): constant time at row 1 or row 999,985.
 */
async function keysetPage(
  q: Queryable,
  organizationId: number | null,
  query: ListQuery<SortKey>,
  upto: number | undefined,
): Promise<AuditPage> {
  const seq = sequenceOf(organizationId)
  const org = organizationId === null ? '' : 'and organization_id = $1'
  // Newest first, row `start` has sequence number total - start; oldest first, start + 1.
  const bounds =
    query.order_direction === 'desc'
      ? 'c.total - $2 - $3 + 1 and c.total - $2'
      : '$2 + 1 and $2 + $3'
  // One round trip: the counter and the page together; an empty page still brings the total.
  const rows = await q.query<AuditEntry & { total: number }>(
    `with c as (select least(${COUNTER}, $4) as total)
     select c.total, p.* from c left join lateral (
       select ${select} from device_audits
       where ${seq} between ${bounds} and ${seq} <= c.total ${org}
     ) p on true
     order by p.audit_id ${query.order_direction}`,
    [organizationId ?? 0, query.start, query.length, upto ?? MAX_ID],
  )
  const total = rows[0]?.total ?? 0
  const data = rows
    .filter((row) => row.audit_id !== null)
    .map(({ total: _total, ...entry }) => entry)
  return { data, recordsTotal: total, recordsFiltered: total, upto: total }
}

/**
 * How many entries arrived after `after` that match the search. The sequences are dense, so
 * without a search that is the counter minus `after`; with one, the new entries are walked in
 * index order (the order by keeps the planner on the index: a LIMIT alone tempts it into a scan of
 * the whole log) and counted up to the cap, in the statement that reads the counter. The cost
 * follows the new entries, never the size of the log.
 */
async function news(
  q: Queryable,
  organizationId: number | null,
  after: number,
  search: string,
): Promise<AuditNews> {
  const capped = (upto: number, count: number): AuditNews => ({
    upto,
    count: Math.min(count, AUDIT_NEWS_CAP),
    more: count > AUDIT_NEWS_CAP,
  })
  if (search === '') {
    const [row] = await q.query<{ n: number }>(`select ${COUNTER} as n`, [organizationId ?? 0])
    const upto = row?.n ?? 0
    return capped(upto, Math.max(0, upto - after))
  }
  const seq = sequenceOf(organizationId)
  const org = organizationId === null ? '' : 'and organization_id = $1'
  const match = searchable.map((column) => `lower(${column}) like $3`).join(' or ')
  const [row] = await q.query<{ upto: number; count: number }>(
    `with c as (select ${COUNTER} as upto)
     select c.upto, (select count(*)::int from (
         select 1 from device_audits
         where ${seq} > $2 and ${seq} <= c.upto ${org} and (${match})
         order by ${seq} limit ${AUDIT_NEWS_CAP + 1}) n) as count
     from c`,
    [organizationId ?? 0, after, likePattern(search)],
  )
  return capped(row?.upto ?? 0, row?.count ?? 0)
}

/** The scope's row count: one counter row (audit_counters), exact and constant time. */
async function scopeTotal(q: Queryable, organizationId: number | null): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'select coalesce((select n from audit_counters where scope_id = $1), 0) as n',
    [organizationId ?? 0],
  )
  return row?.n ?? 0
}

/**
 * A page of `count` rows read in ascending order from rank `ascStart`: newest first (desc) is the
 * ascending order reversed, so rank s from the end is rank total - s - length from the start.
 */
function ascendingWindow(filtered: number, query: ListQuery<SortKey>) {
  if (query.start >= filtered) return null
  const count = Math.min(query.length, filtered - query.start)
  const ascStart = query.order_direction === 'asc' ? query.start : filtered - query.start - count
  return { ascStart, count }
}

const inOrder = <R>(rows: R[], query: ListQuery<SortKey>) =>
  query.order_direction === 'asc' ? rows : rows.reverse()

// created_at follows audit_id (server/db/audit.ts), so both sorts page by the dense id.
const idOrder = (key: SortKey): key is 'audit_id' | 'created_at' =>
  key === 'audit_id' || key === 'created_at'

/** Any sortable column, no search: the page's first row is found from counts (migration 006). */
async function columnPage(
  q: Queryable,
  scope: AuditScope,
  col: RankedColumn,
  query: ListQuery<SortKey>,
): Promise<ListResponse<AuditEntry>> {
  const total = await scopeTotal(q, scope.organizationId)
  const window = ascendingWindow(total, query)
  const seek = window && (await rowAtInColumnOrder(q, scope, col, window.ascStart, null))
  const rows =
    window && seek
      ? await pageInColumnOrder<AuditEntry>(q, select, scope, col, seek, window.count, null)
      : []
  return { data: inOrder(rows, query), recordsTotal: total, recordsFiltered: total }
}

/**
 * A search: the term is matched against each searched column's distinct values (a few hundred
 * counted rows). When one column matches, the count is exact and any page is found from counts;
 * when several do, or the sort is by another column, see cappedPage.
 */
async function searchPage(
  q: Queryable,
  scope: AuditScope,
  query: ListQuery<SortKey>,
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
        rows = await pageInIdOrder(q, select, scope, only, from, window.count, values)
    } else if (window) {
      const from = await rowAtInColumnOrder(q, scope, only, window.ascStart, values)
      if (from) rows = await pageInColumnOrder(q, select, scope, only, from, window.count, values)
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
  query: ListQuery<SortKey>,
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
  query: ListQuery<SortKey>,
  filtered: number,
  kept: string,
  params: unknown[],
): Promise<AuditEntry[]> {
  const window = ascendingWindow(filtered, { ...query, order_direction: 'asc' })
  if (!window) return []
  const direction = query.order_direction
  return q.query<AuditEntry>(
    `with kept as materialized (${kept})
     select ${select} from kept join device_audits using (audit_id)
     order by ${sortColumns[query.order_by]} ${direction}, audit_id ${direction}
     limit ${window.count} offset ${query.start}`,
    params,
  )
}

/**
 * A page of the log as it was at `upto` while newer entries wait behind the news bar: the counts
 * of migration 006 include those entries, so this rare view pages with OFFSET over the sort's
 * index (slower at depth; docs/benchmarks.md) to keep every row where the reader saw it.
 */
function boundedPage(
  q: Queryable,
  organizationId: number | null,
  query: ListQuery<SortKey>,
  upto: number,
): Promise<ListResponse<AuditEntry>> {
  return listPage<SortKey, AuditEntry>(
    q,
    {
      select,
      from: 'device_audits',
      where:
        organizationId === null ? ['audit_id <= $1'] : ['organization_id = $1', 'org_seq <= $2'],
      params: organizationId === null ? [upto] : [organizationId, upto],
      searchColumns: searchable,
      sortColumns,
      tiebreak: 'audit_id',
    },
    query,
  )
}

/**
 * One device's entries (its view's recent list): few rows, read with OFFSET over the
 * (device_id, audit_id) index of migration 007, with the log's bound of the moment.
 */
async function devicePage(
  q: Queryable,
  organizationId: number | null,
  deviceId: number,
  query: ListQuery<SortKey>,
): Promise<AuditPage> {
  const [counter] = await q.query<{ n: number }>(`select ${COUNTER} as n`, [organizationId ?? 0])
  const where = ['device_id = $1']
  const params: unknown[] = [deviceId]
  if (organizationId !== null) {
    params.push(organizationId)
    where.push(`organization_id = $${params.length}`)
  }
  const page = await listPage<SortKey, AuditEntry>(
    q,
    {
      select,
      from: 'device_audits',
      where,
      params,
      searchColumns: searchable,
      sortColumns,
      tiebreak: 'audit_id',
    },
    query,
  )
  return { ...page, upto: counter?.n ?? 0 }
}

export function registerAudits(app: App, s: Services) {
  app.get('/sbm/v1/devices/audit', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const { upto: asked, device_id: deviceId, ...q } = query(c, AuditListQuery)
    if (deviceId !== undefined) return c.json(await devicePage(s.db, limit, deviceId, q))
    const scope: AuditScope = { organizationId: limit }
    const key = q.order_by
    if (q.search === '' && idOrder(key)) return c.json(await keysetPage(s.db, limit, q, asked))
    // Counts, rows and the bound from one snapshot, so a command logged meanwhile cannot shift the
    // page.
    const page = await s.db.tx(async (tx): Promise<AuditPage> => {
      await tx.query('set transaction isolation level repeatable read')
      const [counter] = await tx.query<{ n: number }>(`select ${COUNTER} as n`, [limit ?? 0])
      const now = counter?.n ?? 0
      if (asked !== undefined && asked < now)
        return { ...(await boundedPage(tx, limit, q, asked)), upto: asked }
      const rows =
        q.search !== '' || idOrder(key)
          ? await searchPage(tx, scope, q)
          : await columnPage(tx, scope, key, q)
      return { ...rows, upto: now }
    })
    return c.json(page)
  })

  app.get('/sbm/v1/devices/audit/news', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const q = query(c, AuditNewsQuery)
    return c.json(await news(s.db, limit, q.after, q.search))
  })
}
