import { AuditEntry, type auditSortKeys } from '../contract/audits'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { resourceKeys } from './queries'

export type AuditSort = (typeof auditSortKeys)[number]

const AuditPage = listOf(AuditEntry)

export const auditKeys = resourceKeys<AuditSort>('audits')

/** GET /sbm/v1/devices/audit: one window of the device audit log. */
export function fetchAuditPage(query: ListQuery<AuditSort>, signal?: AbortSignal) {
  return apiRequest(AuditPage, { path: '/sbm/v1/devices/audit', query, signal })
}

export const auditList: ListSource<AuditEntry, AuditSort> = {
  queryKey: auditKeys.list,
  fetch: fetchAuditPage,
}
