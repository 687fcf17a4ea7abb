import { AuditListQuery, auditSortKeys, type AuditEntry } from '../../src/contract/audits'
import type { ListQuery, ListResponse } from '../../src/contract/list'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { listPage } from '../http/list'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'

type SortKey = (typeof auditSortKeys)[number]

const select = `audit_id, created_at, device_id, device_name, device_type_id, location_id, command,
  result, detail, user_id, actor_email, organization_id`

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
): Promise<ListResponse<AuditEntry>> {
  const seq = organizationId === null ? 'audit_id' : 'org_seq'
  const org = organizationId === null ? '' : 'and organization_id = $1'
  // Newest first, row `start` has sequence number total - start; oldest first, start + 1.
  const bounds =
    query.order_direction === 'desc'
      ? 'c.total - $2 - $3 + 1 and c.total - $2'
      : '$2 + 1 and $2 + $3'
  // One round trip: the counter and the page together; an empty page still brings the total.
  const rows = await q.query<AuditEntry & { total: number }>(
    `with c as (select coalesce((select n from audit_counters where scope_id = $1), 0) as total)
     select c.total, p.* from c left join lateral (
       select ${select} from device_audits
       where ${seq} between ${bounds} ${org}
     ) p on true
     order by p.audit_id ${query.order_direction}`,
    [organizationId ?? 0, query.start, query.length],
  )
  const total = rows[0]?.total ?? 0
  const data = rows
    .filter((row) => row.audit_id !== null)
    .map(({ total: _total, ...entry }) => entry)
  return { data, recordsTotal: total, recordsFiltered: total }
}

export function registerAudits(app: App, s: Services) {
  app.get('/sbm/v1/devices/audit', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const q = query(c, AuditListQuery)
    if (q.order_by === 'audit_id' && q.search === '' && q.device_id === undefined)
      return c.json(await keysetPage(s.db, limit, q))
    const where = limit === null ? [] : ['organization_id = $1']
    const params: unknown[] = limit === null ? [] : [limit]
    if (q.device_id !== undefined) {
      params.push(q.device_id)
      where.push(`device_id = $${params.length}`)
    }
    // Other sorts and searches page with OFFSET over an index (timings: docs/benchmarks.md).
    return c.json(
      await listPage<SortKey, AuditEntry>(
        s.db,
        {
          select,
          from: 'device_audits',
          where,
          params,
          searchColumns: ['device_name', 'command', 'result', 'actor_email'],
          sortColumns,
          tiebreak: 'audit_id',
        },
        q,
      ),
    )
  })
}
