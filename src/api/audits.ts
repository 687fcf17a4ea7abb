import { AuditEntry, type auditSortKeys } from '../contract/audits'
import { listOf, type ListQuery } from '../contract/list'
import { apiRequest } from './client'

export type AuditSort = (typeof auditSortKeys)[number]

const AuditPage = listOf(AuditEntry)

export const auditKeys = {
  all: ['audits'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: ListQuery<AuditSort>) => [...auditKeys.lists(), query] as const,
}

/** GET /sbm/v1/devices/audit: one window of the device audit log. */
export function fetchAuditPage(query: ListQuery<AuditSort>, signal?: AbortSignal) {
  return apiRequest(AuditPage, { path: '/sbm/v1/devices/audit', query, signal })
}
