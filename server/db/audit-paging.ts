import { auditSortKeys } from '../../src/contract/audits'
import type { ListQuery } from '../../src/contract/list'
import type { RankedColumn } from './audit-ranks'
import type { Queryable } from './database'

// What every audit paging strategy (audit-pages.ts, audit-search.ts, audit-news.ts) shares.

export type AuditSortKey = (typeof auditSortKeys)[number]

export const auditSelect = `audit_id, created_at, device_id, device_name, device_type_id, location_id, command,
  result, detail, detail_code, detail_params, user_id, actor_email, organization_id`

export const searchable: readonly RankedColumn[] = [
  'device_name',
  'command',
  'result',
  'actor_email',
]

// The caller's sequence: audit_id counts every entry, org_seq one organization's (both dense).
export const sequenceOf = (organizationId: number | null) =>
  organizationId === null ? 'audit_id' : 'org_seq'

// The counter row of the caller's sequence (0: every organization), as a scalar subquery.
export const COUNTER = 'coalesce((select n from audit_counters where scope_id = $1), 0)'

export const sortColumns: Record<AuditSortKey, string> = {
  audit_id: 'audit_id',
  created_at: 'created_at',
  user_id: 'user_id',
  device_name: 'device_name',
  command: 'command',
  result: 'result',
}

/** The scope's row count: one counter row (audit_counters), exact and constant time. */
export async function scopeTotal(q: Queryable, organizationId: number | null): Promise<number> {
  const [row] = await q.query<{ n: number }>(`select ${COUNTER} as n`, [organizationId ?? 0])
  return row?.n ?? 0
}

/**
 * A page of `count` rows read in ascending order from rank `ascStart`: newest first (desc) is the
 * ascending order reversed, so rank s from the end is rank total - s - length from the start.
 */
export function ascendingWindow(filtered: number, query: ListQuery<AuditSortKey>) {
  if (query.start >= filtered) return null
  const count = Math.min(query.length, filtered - query.start)
  const ascStart = query.order_direction === 'asc' ? query.start : filtered - query.start - count
  return { ascStart, count }
}

export const inOrder = <R>(rows: R[], query: ListQuery<AuditSortKey>) =>
  query.order_direction === 'asc' ? rows : rows.reverse()

// created_at follows audit_id (server/db/audit.ts), so both sorts page by the dense id.
export const idOrder = (key: AuditSortKey): key is 'audit_id' | 'created_at' =>
  key === 'audit_id' || key === 'created_at'

/** What narrows the log to few rows: one device, or the devices mounted on one door now. */
export interface AuditFilter {
  readonly device_id?: number | undefined
  readonly door_id?: number | undefined
}

export const narrows = (filter: AuditFilter) =>
  filter.device_id !== undefined || filter.door_id !== undefined

/**
 * Adds `filter`'s conditions to `where`, their values to `params` (numbered after those already
 * there). A door's entries are its devices' (a device on a door is assigned to it): the devices
 * table is small, and each device's entries come from the (device_id, audit_id) index.
 */
export function narrow(where: string[], params: unknown[], filter: AuditFilter): void {
  if (filter.device_id !== undefined) where.push(`device_id = $${params.push(filter.device_id)}`)
  if (filter.door_id !== undefined)
    where.push(
      `device_id in (select device_id from devices where assignment_type = 'door' and assignment_id = $${params.push(filter.door_id)})`,
    )
}
