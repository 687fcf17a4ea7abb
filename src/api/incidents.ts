import {
  INCIDENT_COUNT_PATH,
  INCIDENTS_PATH,
  Incident,
  IncidentCount,
  type IncidentListQuery,
  type IncidentResolve,
  type incidentSortKeys,
} from '../contract/alerts'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type IncidentSort = (typeof incidentSortKeys)[number]

/** What narrows the list beside its sort and search (the server's own filter names). */
export type IncidentFilters = Pick<IncidentListQuery, 'state' | 'severity' | 'location_id'>

const IncidentPage = listOf(Incident)

// The bell's count is kept under the incidents' root: an acknowledge or a resolve refetches it
// with the lists and details (refetchAfterWrite), so the bell follows the action at once.
export const incidentKeys = resourceKeys<IncidentSort>('incidents')
const countKey = [...incidentKeys.all, 'count'] as const

export function fetchIncidentPage(
  query: ListQuery<IncidentSort> & IncidentFilters,
  signal?: AbortSignal,
) {
  return apiRequest(IncidentPage, { path: INCIDENTS_PATH, query, signal })
}

export function fetchIncident(id: number, signal?: AbortSignal) {
  return apiRequest(Incident, { path: `${INCIDENTS_PATH}/${id}`, signal })
}

export function acknowledgeIncident(id: number) {
  return apiRequest(Incident, { method: 'POST', path: `${INCIDENTS_PATH}/${id}/acknowledge` })
}

export function resolveIncident(id: number, input: IncidentResolve) {
  return apiRequest(Incident, {
    method: 'POST',
    path: `${INCIDENTS_PATH}/${id}/resolve`,
    json: input,
  })
}

export function filteredIncidentList(filters: IncidentFilters): ListSource<Incident, IncidentSort> {
  return {
    queryKey: (query) => incidentKeys.list({ ...query, ...filters }),
    fetch: (query, signal) => fetchIncidentPage({ ...query, ...filters }, signal),
  }
}

export const incidentDetail = detailOptions(incidentKeys, fetchIncident)

/** How often the bell asks again while the page is open; focus and an action ask at once. */
export const BELL_REFETCH_MS = 30_000

export const incidentCount = {
  queryKey: countKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(IncidentCount, { path: INCIDENT_COUNT_PATH, signal }),
  refetchInterval: BELL_REFETCH_MS,
}
