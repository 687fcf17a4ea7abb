import { AuditEntry, type auditSortKeys } from '../contract/audits'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest, buildUrl } from './client'
import { resourceKeys } from './queries'

export type AuditSort = (typeof auditSortKeys)[number]

const AuditPage = listOf(AuditEntry)

export const auditKeys = resourceKeys<AuditSort>('audits')

const AUDIT_PATH = '/sbm/v1/devices/audit'

/** GET /sbm/v1/devices/audit: one window of the device audit log. */
export function fetchAuditPage(query: ListQuery<AuditSort>, signal?: AbortSignal) {
  return apiRequest(AuditPage, { path: AUDIT_PATH, query, signal })
}

/** The URL fetchAuditPage requests for `query` (for a request started early, early-get.ts). */
export function auditPageUrl(query: ListQuery<AuditSort>): string {
  return buildUrl({ path: AUDIT_PATH, query })
}

export const auditList: ListSource<AuditEntry, AuditSort> = {
  queryKey: auditKeys.list,
  fetch: fetchAuditPage,
}
