import type { AuditEntry, AuditPage } from '../../src/contract/audits'
import { MAX_ID } from '../../src/contract/fields'
import type { ListQuery, ListResponse, OrderDirection } from '../../src/contract/list'
import { listPage, type ListSpec } from '../http/list'
import {
  ascendingWindow,
  auditSelect,
  COUNTER,
  idOrder,
  inOrder,
  narrow,
  scopeTotal,
  searchable,
  sequenceOf,
  sortColumns,
  type AuditFilter,
  type AuditSortKey,
} from './audit-paging'
import {
  pageInColumnOrder,
  rowAtInColumnOrder,
  type AuditScope,
  type RankedColumn,
} from './audit-ranks'
import { searchPage } from './audit-search'
import type { Db, Prepared, Queryable } from './database'

// The two OFFSET views (a bounded log, one device) page the log like any other list.
const offsetSpec = (where: string[], params: unknown[]): ListSpec<AuditSortKey> => ({
  select: auditSelect,
  from: 'device_audits',
  where,
  params,
  searchColumns: searchable,
  phrase: true,
  sortColumns,
  tiebreak: 'audit_id',
})

/** The keyset page's four statements (all organizations or one × direction), prepared. */
function keysetStatement(scope: 'all' | 'org', direction: OrderDirection): Prepared {
  const seq = sequenceOf(scope === 'all' ? null : 0)
  const org = scope === 'all' ? '' : 'and organization_id = $1'
  // Newest first, row `start` has sequence number total - start; oldest first, start + 1.
  const bounds =
    direction === 'desc' ? 'c.total - $2 - $3 + 1 and c.total - $2' : '$2 + 1 and $2 + $3'
  // One round trip: the counter and the page together; an empty page still brings the total.
  return {
    name: `audit_keyset_${scope}_${direction}`,
    text: `with c as (select least(${COUNTER}, $4) as total)
     select c.total, p.* from c left join lateral (
       select ${auditSelect} from device_audits
       where ${seq} between ${bounds} and ${seq} <= c.total ${org}
     ) p on true
     order by p.audit_id ${direction}`,
  }
}

// A primary-key range (or the org_seq index's), whatever the parameters: a generic plan is the plan.
const keysetSql = {
  all: { asc: keysetStatement('all', 'asc'), desc: keysetStatement('all', 'desc') },
  org: { asc: keysetStatement('org', 'asc'), desc: keysetStatement('org', 'desc') },
}

/**
 * The default view (by audit_id, no search) at any depth: audit_id (all organizations) and org_seq
 * (one organization) are dense 1..n, so the page starting at `start` is a primary-key range and
 * the total is one counter row. No OFFSET, no count(*): constant time at row 1 or row 999,985.
 */
async function keysetPage(
  q: Queryable,
  organizationId: number | null,
  query: ListQuery<AuditSortKey>,
  upto: number | undefined,
): Promise<AuditPage> {
  const rows = await q.query<AuditEntry & { total: number }>(
    keysetSql[organizationId === null ? 'all' : 'org'][query.order_direction],
    [organizationId ?? 0, query.start, query.length, upto ?? MAX_ID],
  )
  const total = rows[0]?.total ?? 0
  const data = rows
    .filter((row) => row.audit_id !== null)
    .map(({ total: _total, ...entry }) => entry)
  return { data, recordsTotal: total, recordsFiltered: total, upto: total }
}

/** Any sortable column, no search: the page's first row is found from counts (migration 006). */
async function columnPage(
  q: Queryable,
  scope: AuditScope,
  col: RankedColumn,
  query: ListQuery<AuditSortKey>,
): Promise<ListResponse<AuditEntry>> {
  const total = await scopeTotal(q, scope.organizationId)
  const window = ascendingWindow(total, query)
  const seek = window && (await rowAtInColumnOrder(q, scope, col, window.ascStart, null))
  const rows =
    window && seek
      ? await pageInColumnOrder<AuditEntry>(q, auditSelect, scope, col, seek, window.count, null)
      : []
  return { data: inOrder(rows, query), recordsTotal: total, recordsFiltered: total }
}

/**
 * A page of the log as it was at `upto` while newer entries wait behind the news bar: the counts of
 * migration 006 include those entries, so this rare view pages with OFFSET over the sort's index
 * (slower at depth) to keep every row where the reader saw it.
 */
function boundedPage(
  q: Queryable,
  organizationId: number | null,
  query: ListQuery<AuditSortKey>,
  upto: number,
): Promise<ListResponse<AuditEntry>> {
  return listPage<AuditSortKey, AuditEntry>(q, boundedSpec(organizationId, upto), query)
}

/** The log (or one organization's) up to the caller's sequence number `upto`: a page, an export. */
export function boundedSpec(organizationId: number | null, upto: number) {
  const where =
    organizationId === null ? ['audit_id <= $1'] : ['organization_id = $1', 'org_seq <= $2']
  const params = organizationId === null ? [upto] : [organizationId, upto]
  return offsetSpec(where, params)
}

/**
 * One device's or one door's entries (a device view's recent list, the log of a door): few rows,
 * read with OFFSET over the (device_id, audit_id) index of migration 007, up to the caller's bound
 * `upto` when it has one (the log's screen), else the log's bound of the moment.
 */
export async function filteredPage(
  q: Queryable,
  organizationId: number | null,
  filter: AuditFilter,
  query: ListQuery<AuditSortKey>,
  asked: number | undefined,
): Promise<AuditPage> {
  const now = await scopeTotal(q, organizationId)
  const upto = asked !== undefined && asked < now ? asked : now
  const where: string[] = []
  const params: unknown[] = []
  narrow(where, params, filter)
  if (organizationId !== null) where.push(`organization_id = $${params.push(organizationId)}`)
  where.push(`${sequenceOf(organizationId)} <= $${params.push(upto)}`)
  const page = await listPage<AuditSortKey, AuditEntry>(q, offsetSpec(where, params), query)
  return { ...page, upto }
}

/**
 * A page of the whole log (or one organization's) by the fastest strategy for its sort and search.
 * Counts, rows and the bound come from one snapshot, so a command logged meanwhile cannot shift
 * the page.
 */
export async function auditPage(
  db: Db,
  organizationId: number | null,
  query: ListQuery<AuditSortKey>,
  asked: number | undefined,
): Promise<AuditPage> {
  const key = query.order_by
  if (query.search === '' && idOrder(key)) return keysetPage(db, organizationId, query, asked)
  const scope: AuditScope = { organizationId }
  return db.tx(async (tx): Promise<AuditPage> => {
    await tx.query('set transaction isolation level repeatable read')
    const now = await scopeTotal(tx, organizationId)
    if (asked !== undefined && asked < now)
      return { ...(await boundedPage(tx, organizationId, query, asked)), upto: asked }
    const rows =
      query.search !== '' || idOrder(key)
        ? await searchPage(tx, scope, query)
        : await columnPage(tx, scope, key, query)
    return { ...rows, upto: now }
  })
}
