import { AuditNews, AuditPage, type AuditEntry, type auditSortKeys } from '../contract/audits'
import type { ListQuery, ListSource } from '../contract/list'
import { apiRequest, peekRequest } from './client'
import { resourceKeys } from './queries'
import { AUDIT_PATH } from '../contract/api-paths'

export type AuditSort = (typeof auditSortKeys)[number]

export const auditKeys = resourceKeys<AuditSort>('audits')

/** GET /sbm/v1/devices/audit: one window of the device audit log, read up to `upto` if given. */
export function fetchAuditPage(
  query: ListQuery<AuditSort> & { upto?: number; door_id?: number },
  signal?: AbortSignal,
) {
  return apiRequest(AuditPage, { path: AUDIT_PATH, query, signal })
}

/** The window for `query` if the boot's early request for it has arrived (contract/first-requests.ts). */
const peekAuditPage = (query: ListQuery<AuditSort>) =>
  peekRequest(AuditPage, { path: AUDIT_PATH, query })

export const auditList: ListSource<AuditEntry, AuditSort> = {
  queryKey: auditKeys.list,
  fetch: fetchAuditPage,
  peek: peekAuditPage,
}

/**
 * GET /sbm/v1/devices/audit/news: how many entries matching `search` (and of `doorId`'s devices)
 * arrived after `after`.
 */
export function fetchAuditNews(
  after: number,
  search: string,
  doorId: number | null,
  signal?: AbortSignal,
) {
  return apiRequest(AuditNews, {
    path: `${AUDIT_PATH}/news`,
    query: doorId === null ? { after, search } : { after, search, door_id: doorId },
    signal,
  })
}

export interface BoundedAuditList {
  source: ListSource<AuditEntry, AuditSort>
  /** The door whose devices' entries it reads, or null for the whole log. */
  readonly doorId: number | null
  /** The bound the windows are read at; null until the first window has answered. */
  upto(): number | null
  /** Moves the bound (and reports it, as the first answer's was); the caller then refetches. */
  advance(upto: number): void
  /**
   * Calls `listener` with the bound now, if there is one, and with each bound set from now on;
   * answers the function that stops it.
   */
  subscribe(listener: (upto: number) => void): () => void
}

/**
 * The log as it was when the screen first read it: every window is fetched up to the bound the
 * first answer reported, so a window fetched later (scrolling, a refocus) lines up with the rest
 * instead of shifting by the entries written meanwhile. The bound is not part of the query key:
 * setting it from the first answer must not refetch that answer, and advance() is followed by an
 * explicit refetch. With `doorId`, only that door's devices' entries (the palette's "Audit log of"
 * a door), which the boot never fetches early.
 */
export function boundedAuditList(doorId: number | null = null): BoundedAuditList {
  const filter = doorId === null ? {} : { door_id: doorId }
  let bound: number | null = null
  const listeners = new Set<(upto: number) => void>()
  const report = (upto: number) => {
    for (const listener of listeners) listener(upto)
  }
  return {
    doorId,
    source: {
      queryKey: (query) => auditKeys.list({ ...query, ...filter }),
      // Only the first window can be in hand early; it sets the bound as a fetched one would. The
      // listeners hear of it after the render that asked (it is asked while the table renders).
      // The same answer may be peeked again (the query cache rebuilt its entry): same bound.
      peek: (query) => {
        const page = doorId === null ? peekAuditPage(query) : undefined
        if (page === undefined || (bound !== null && bound !== page.upto)) return undefined
        if (bound === null) {
          const upto = page.upto
          bound = upto
          queueMicrotask(() => report(upto))
        }
        return page
      },
      fetch: async (query, signal) => {
        const page = await fetchAuditPage(
          bound === null ? { ...query, ...filter } : { ...query, ...filter, upto: bound },
          signal,
        )
        if (bound === null) {
          bound = page.upto
          report(bound)
        }
        return page
      },
    },
    upto: () => bound,
    advance: (upto) => {
      bound = upto
      report(upto)
    },
    subscribe: (listener) => {
      listeners.add(listener)
      if (bound !== null) listener(bound)
      return () => {
        listeners.delete(listener)
      }
    },
  }
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
