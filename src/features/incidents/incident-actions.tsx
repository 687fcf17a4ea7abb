import { acknowledgeIncident, incidentKeys } from '../../api/incidents'
import { refetchAfterWrite } from '../../api/queries'
import type { Action, ActionDialogProps, Message } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Incident } from '../../contract/alerts'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { ResolveIncidentDialog } from './resolve-incident-dialog'

// Every verb on an incident, declared once (decision 063): the palette ("acknowledge held open",
// `+` results), the incident's page, the list's keys `a` and `r` and its buttons read this table.

export type IncidentAction = Action<Incident, PaletteContext>

const handlers = needs('incidents', 'update')

/** Why an incident cannot take a step any more: it went past it (decision 082). */
const pastState = (incident: Incident): Message | null =>
  incident.state === 'resolved'
    ? (LL) => LL.incidents.alreadyResolved()
    : incident.state === 'acknowledged'
      ? (LL) => LL.incidents.alreadyAcknowledged()
      : null

function Resolve({ entity, onClose }: ActionDialogProps<Incident>) {
  return <ResolveIncidentDialog incident={entity} onClose={onClose} />
}

export const incidentVerbs = {
  // No confirmation: acknowledging only says "someone is on it" and changes nothing at the door;
  // a desk handling a burst must not answer a dialog per incident (decision 082).
  acknowledge: {
    id: 'incident.acknowledge',
    label: (LL) => LL.incidents.palette.acknowledge(),
    needs: { anyOf: handlers },
    tone: 'secondary',
    blocked: pastState,
    succeeded: (LL, incident) =>
      LL.incidents.acknowledged_notice({
        rule: incident.rule_name,
        subject: incident.subject.name,
      }),
    run: async (_, incident, { queryClient }) => {
      await acknowledgeIncident(incident.incident_id)
      await refetchAfterWrite(queryClient, incidentKeys, { kind: 'saved' })
    },
  },
  resolve: {
    id: 'incident.resolve',
    label: (LL) => LL.incidents.palette.resolve(),
    needs: { anyOf: handlers },
    tone: 'primary',
    blocked: (incident) =>
      incident.state === 'resolved' ? (LL) => LL.incidents.alreadyResolved() : null,
    dialog: (props) => <Resolve {...props} />,
    run: () => undefined,
  },
} satisfies Record<string, IncidentAction>

/** Every action on an incident, in the palette's order: viewing first (what Enter does). */
export const incidentActions: readonly IncidentAction[] = [
  {
    id: 'incident.view',
    opensItsPage: true,
    label: (LL) => LL.incidents.palette.view(),
    needs: {},
    run: (ctx, incident) => ctx.navigate(pathTo('incidents-view', { id: incident.incident_id })),
  },
  incidentVerbs.acknowledge,
  incidentVerbs.resolve,
  {
    id: 'incident.show-in-list',
    label: (LL) => LL.incidents.palette.showInList(),
    needs: {},
    run: (ctx, incident) =>
      ctx.navigate(pathTo('incidents', { search: incident.rule_name, row: incident.incident_id })),
  },
]
