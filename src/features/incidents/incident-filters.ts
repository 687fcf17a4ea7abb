import type { IncidentFilters } from '../../api/incidents'
import {
  incidentStates,
  severities,
  type IncidentState,
  type Severity,
} from '../../contract/alerts'
import { listParams } from '../../contract/pages'

// The incident list's filters live in the URL beside its sort and search (`?state=open` is the
// bell's link), so reload, Back and a shared link show the same list. Unknown values are ignored.

export interface IncidentListFilters {
  state: IncidentState | null
  severity: Severity | null
  /** A location the subject is in. */
  place: number | null
}

export const noIncidentFilters: IncidentListFilters = { state: null, severity: null, place: null }

export function parseIncidentFilters(search: string): IncidentListFilters {
  const params = new URLSearchParams(search)
  const state = params.get(listParams.state)
  const severity = params.get(listParams.severity)
  const place = params.get(listParams.place) ?? ''
  return {
    state: incidentStates.find((candidate) => candidate === state) ?? null,
    severity: severities.find((candidate) => candidate === severity) ?? null,
    place: /^[1-9]\d{0,9}$/.test(place) ? Number(place) : null,
  }
}

/** The query string with `filters` set, other parameters kept, and the list back at its top. */
export function formatIncidentFilters(search: string, filters: IncidentListFilters): string {
  const params = new URLSearchParams(search)
  params.delete(listParams.row)
  const values: [string, string | null][] = [
    [listParams.state, filters.state],
    [listParams.severity, filters.severity],
    [listParams.place, filters.place === null ? null : String(filters.place)],
  ]
  for (const [key, value] of values) {
    if (value === null) params.delete(key)
    else params.set(key, value)
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** What the server is asked for (GET /sbm/v1/incidents filters). */
export function incidentServerFilters(filters: IncidentListFilters): IncidentFilters {
  return {
    ...(filters.state === null ? {} : { state: filters.state }),
    ...(filters.severity === null ? {} : { severity: filters.severity }),
    ...(filters.place === null ? {} : { location_id: filters.place }),
  }
}

export const hasIncidentFilters = (filters: IncidentListFilters) =>
  filters.state !== null || filters.severity !== null || filters.place !== null
