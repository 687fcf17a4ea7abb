import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import {
  BELL_REFETCH_MS,
  fetchIncidentPage,
  incidentKeys,
  type IncidentSort,
} from '../../api/incidents'
import { severities, type Incident, type Severity } from '../../contract/alerts'
import type { ListQuery } from '../../contract/list'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { formatRelativeTime } from '../../lib/relative-time-text'
import { useSession } from '../../session/session-context'
import { SeverityBadge } from '../../ui/severity-badge'
import * as styles from './needs-attention.css'
import type { WalkItem } from './walk-list'

/** The newest open incidents the box shows; the bell and /incidents have them all. */
export const ATTENTION_INCIDENTS = 5

const openQuery: ListQuery<IncidentSort> & { state: 'open' } = {
  start: 0,
  length: ATTENTION_INCIDENTS,
  order_by: 'last_seen',
  order_direction: 'desc',
  search: '',
  state: 'open',
}

/** The gravest severity of the open incidents about each device (decision 082). */
export function deviceSeverities(incidents: readonly Incident[]): ReadonlyMap<number, Severity> {
  const rank = (severity: Severity) => severities.indexOf(severity)
  const found = new Map<number, Severity>()
  for (const incident of incidents) {
    if (incident.subject.kind !== 'device') continue
    const before = found.get(incident.subject.id)
    if (before === undefined || rank(incident.severity) > rank(before))
      found.set(incident.subject.id, incident.severity)
  }
  return found
}

/**
 * Open incidents in Needs attention, newest first, each with its severity, leading to the
 * incident; and the severity of a device's open incident, which its row in the triage lists
 * shows beside its name. Nothing for who may not read incidents.
 */
export function useIncidentAttention(now: number) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const { data } = useQuery({
    queryKey: incidentKeys.list(openQuery),
    queryFn: ({ signal }) => fetchIncidentPage(openQuery, signal),
    enabled: can(needs('incidents', 'read')),
    // As often as the bell asks, so the box and the bell agree.
    refetchInterval: BELL_REFETCH_MS,
  })
  const incidents = data?.data ?? []
  const items = incidents.map((incident): WalkItem => ({
    key: String(incident.incident_id),
    href: pathTo('incidents-view', { id: incident.incident_id }),
    content: (
      <>
        <span className={styles.name}>
          <SeverityBadge severity={incident.severity} /> {incident.rule_name}
        </span>
        <span className={styles.detail}>
          {LL.dashboard.attention.incident({
            subject: incident.subject.name,
            count: incident.count,
            when: formatRelativeTime(LL, Date.parse(incident.last_seen), now),
          })}
        </span>
      </>
    ),
  }))
  return { items, total: data?.recordsFiltered ?? 0, devices: deviceSeverities(incidents) }
}
