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
  const [counter] = await q.query<{ n: number }>(
    'select n from audit_counters where scope_id = $1',
    [organizationId ?? 0],
  )
  const total = counter?.n ?? 0
  const seq = organizationId === null ? 'audit_id' : 'org_seq'
  // Newest first, row `start` has sequence number total - start; oldest first, start + 1.
  const [low, high] =
    query.order_direction === 'desc'
      ? [total - query.start - query.length + 1, total - query.start]
      : [query.start + 1, query.start + query.length]
  const range =
    organizationId === null
      ? `${seq} between $1 and $2`
      : `organization_id = $3 and ${seq} between $1 and $2`
  const params = organizationId === null ? [low, high] : [low, high, organizationId]
  const rows = await q.query<AuditEntry>(
    `select ${select} from device_audits where ${range} order by ${seq} ${query.order_direction}`,
    params,
  )
  return { data: rows, recordsTotal: total, recordsFiltered: total }
}

export function registerAudits(app: App, s: Services) {
  app.get('/sbm/v1/devices/audit', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const q = query(c, AuditListQuery)
    if (q.order_by === 'audit_id' && q.search === '')
      return c.json(await keysetPage(s.db, limit, q))
    // Other sorts and searches page with OFFSET over an index (see ARCHITECTURE.md for timings).
    return c.json(
      await listPage<SortKey, AuditEntry>(
        s.db,
        {
          select,
          from: 'device_audits',
          where: limit === null ? [] : ['organization_id = $1'],
          params: limit === null ? [] : [limit],
          searchColumns: ['device_name', 'command', 'result', 'actor_email'],
          sortColumns,
          tiebreak: 'audit_id',
        },
        q,
      ),
    )
  })
}
