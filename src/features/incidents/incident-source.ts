import { fetchIncidentPage } from '../../api/incidents'
import { listSearch } from '../../commands/entity-search'
import type { EntitySource } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import type { Incident } from '../../contract/alerts'
import { needs } from '../../contract/permissions'
import { incidentActions } from './incident-actions'

/**
 * Incidents in the palette (`+`): the list call's `search` over rule and subject name, newest
 * first, so "acknowledge held open" finds the door's open incident; its actions are
 * incident-actions.tsx.
 */
export const incidentSource: EntitySource<Incident, PaletteContext> = {
  kind: 'incidents',
  heading: (LL) => LL.incidents.palette.heading(),
  needs: { anyOf: needs('incidents', 'read') },
  search: listSearch(fetchIncidentPage, { order_by: 'last_seen', order_direction: 'desc' }),
  view: (incident) => ({
    id: String(incident.incident_id),
    title: incident.rule_name,
    subtitle: incident.subject.name,
  }),
  derived: true,
  actions: incidentActions,
}
