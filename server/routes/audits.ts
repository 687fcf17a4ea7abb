import {
  AUDIT_NEWS_CAP,
  AuditListQuery,
  AuditNewsQuery,
  auditSortKeys,
  type AuditEntry,
  type AuditNews,
  type AuditPage,
} from '../../src/contract/audits'
import { MAX_ID } from '../../src/contract/fields'
import type { ListQuery } from '../../src/contract/list'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { likePattern, listPage } from '../http/list'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'

type SortKey = (typeof auditSortKeys)[number]

const select = `audit_id, created_at, device_id, device_name, device_type_id, location_id, command,
  result, detail, user_id, actor_email, organization_id`

const searchColumns = ['device_name', 'command', 'result', 'actor_email']

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
       where ${seq} between ${bounds} ${org}
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
  const match = searchColumns.map((column) => `lower(${column}) like $3`).join(' or ')
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

export function registerAudits(app: App, s: Services) {
  app.get('/sbm/v1/devices/audit', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const { upto: asked, ...q } = query(c, AuditListQuery)
    if (q.order_by === 'audit_id' && q.search === '')
      return c.json(await keysetPage(s.db, limit, q, asked))
    // Other sorts and searches page with OFFSET over an index (timings: docs/benchmarks.md), bounded
    // by the sequence so a page fetched later does not shift by the entries written meanwhile.
    const [counter] = await s.db.query<{ n: number }>(`select ${COUNTER} as n`, [limit ?? 0])
    const upto = Math.min(counter?.n ?? 0, asked ?? MAX_ID)
    const page = await listPage<SortKey, AuditEntry>(
      s.db,
      {
        select,
        from: 'device_audits',
        where: limit === null ? ['audit_id <= $1'] : ['organization_id = $1', 'org_seq <= $2'],
        params: limit === null ? [upto] : [limit, upto],
        searchColumns,
        sortColumns,
        tiebreak: 'audit_id',
      },
      q,
    )
    return c.json({ ...page, upto } satisfies AuditPage)
  })

  app.get('/sbm/v1/devices/audit/news', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const q = query(c, AuditNewsQuery)
    return c.json(await news(s.db, limit, q.after, q.search))
  })
}
