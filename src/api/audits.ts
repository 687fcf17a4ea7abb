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

/** How many of a device's newest audit entries its view shows. */
export const DEVICE_AUDITS_LENGTH = 5

/** One device's newest audit entries (GET /sbm/v1/devices/audit?device_id=…), under the audits key. */
export function deviceAudits(deviceId: number) {
  return {
    queryKey: [...auditKeys.all, 'device', deviceId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(AuditPage, {
        path: AUDIT_PATH,
        query: {
          start: 0,
          length: DEVICE_AUDITS_LENGTH,
          order_by: 'audit_id',
          order_direction: 'desc',
          device_id: deviceId,
        },
        signal,
      }),
  }
}
