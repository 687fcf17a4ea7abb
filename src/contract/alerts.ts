import {
  array,
  assign,
  enums,
  integer,
  max,
  min,
  nullable,
  object,
  optional,
  record,
  refine,
  string,
  type Infer,
} from './struct'
import { Id, IdParam, IsoDateTime, optionalText, requiredText } from './fields'
import { listQuery } from './list'
import { fail } from './rules'

// Events, alert rules and incidents (issue 68, decision 079). An event is a typed fact about a
// door, a device or a place, written in the transaction of what caused it; a rule picks events by
// type and place and opens an incident per subject, which people acknowledge and resolve.

export const ALERT_RULES_PATH = '/sbm/v1/alert-rules'
export const INCIDENTS_PATH = '/sbm/v1/incidents'
/** The bell's figure: open incidents by severity. */
export const INCIDENT_COUNT_PATH = `${INCIDENTS_PATH}/count`

export const alertEventTypes = [
  'door.held_open',
  'door.forced_open',
  'door.closed',
  'device.disconnected',
  'device.connected',
  'device.low_battery',
  'access.denied_burst',
  'lockdown.started',
  'lockdown.released',
  'door_mode.not_reached',
  'credential.sync_failed',
  // An endpoint failing for FAILING_DAYS_TO_DISABLE was disabled (decision 081): the organization.
  'webhook.disabled',
] as const
export const AlertEventType = enums(alertEventTypes)
export type AlertEventType = Infer<typeof AlertEventType>

type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${B}` : S
/** An event type as a key of words, which cannot hold a dot: `door.held_open` → `door_held_open`. */
export const eventWordKey = (type: AlertEventType) =>
  type.replace('.', '_') as Underscored<AlertEventType>

/**
 * Events that start a condition another event ends: only these wait for a rule's threshold (held
 * open for 60 s), and their incidents resolve themselves when the condition ends.
 */
export const conditionEnds: Partial<Record<AlertEventType, AlertEventType>> = {
  'door.held_open': 'door.closed',
  'door.forced_open': 'door.closed',
  'device.disconnected': 'device.connected',
}

/** Waiting for the ending event makes sense only for a condition that lasts: held open, offline. */
export const thresholdEventTypes: readonly AlertEventType[] = [
  'door.held_open',
  'device.disconnected',
]

/** A threshold is at most a day (86,400 s). */
export const MAX_THRESHOLD_SECONDS = 86_400
export const MAX_RECIPIENTS = 200
/** An incident with no new event for this long is resolved as idle. */
export const INCIDENT_IDLE_DAYS = 7
/** denied PINs at one device within DENIED_BURST_SECONDS make an access.denied_burst. */
export const DENIED_BURST_COUNT = 5
export const DENIED_BURST_SECONDS = 60

export const severities = ['info', 'warning', 'critical'] as const
export const Severity = enums(severities)
export type Severity = Infer<typeof Severity>

export const incidentStates = ['open', 'acknowledged', 'resolved'] as const
export const IncidentState = enums(incidentStates)
export type IncidentState = Infer<typeof IncidentState>

/** How an incident ended: by a person, by its condition ending, or idle for INCIDENT_IDLE_DAYS. */
export const resolutions = ['person', 'condition_ended', 'idle'] as const
export type Resolution = (typeof resolutions)[number]

/** The places a rule may watch; a place holds what is inside it (a door holds its devices). */
export const alertScopeKinds = ['organization', 'location', 'floor', 'door', 'device'] as const
export const AlertScopeKind = enums(alertScopeKinds)
export type AlertScopeKind = Infer<typeof AlertScopeKind>

/** What an event is about: a place or a device. */
export const SubjectKind = AlertScopeKind
export type SubjectKind = AlertScopeKind

export const alertChannels = ['console', 'email'] as const
export const AlertChannel = enums(alertChannels)
export type AlertChannel = Infer<typeof AlertChannel>

const eachOnce = <T>(list: readonly T[]) =>
  new Set(list).size === list.length || fail('duplicate', 'Each once.')

const EventTypes = refine(array(AlertEventType), 'event_types', (types) =>
  types.length === 0 ? fail('required', 'At least one event type is required.') : eachOnce(types),
)

const Channels = refine(array(AlertChannel), 'channels', (channels) =>
  channels.length === 0
    ? fail('required', 'At least one channel is required.')
    : eachOnce(channels),
)

const RecipientIds = refine(array(Id), 'recipient_ids', (ids) =>
  ids.length > MAX_RECIPIENTS
    ? fail('too_many', `At most ${MAX_RECIPIENTS}.`, { max: MAX_RECIPIENTS })
    : eachOnce(ids),
)

export const AlertScope = object({ kind: AlertScopeKind, id: Id })
export type AlertScope = Infer<typeof AlertScope>

export const Recipients = object({ user_ids: RecipientIds, group_ids: RecipientIds })
export type Recipients = Infer<typeof Recipients>

export const AlertRuleInput = object({
  name: requiredText('name', 200),
  event_types: EventTypes,
  scope: AlertScope,
  /** Seconds a condition (held open, offline) lasts before the incident opens; 0 at once. */
  threshold_s: optional(max(min(integer(), 0), MAX_THRESHOLD_SECONDS)),
  severity: Severity,
  instructions: optional(optionalText(2000)),
  recipients: Recipients,
  channels: Channels,
})
export type AlertRuleInput = Infer<typeof AlertRuleInput>

export const AlertRule = object({
  rule_id: Id,
  organization_id: Id,
  name: string(),
  event_types: array(AlertEventType),
  scope: object({ kind: AlertScopeKind, id: Id, name: string() }),
  threshold_s: integer(),
  severity: Severity,
  instructions: string(),
  recipients: Recipients,
  channels: array(AlertChannel),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type AlertRule = Infer<typeof AlertRule>

export const alertRuleSortKeys = ['rule_id', 'name', 'severity', 'created_at'] as const
export const AlertRuleListQuery = listQuery(alertRuleSortKeys, 'name', 'asc')

const Person = object({ user_id: Id, email: string() })

export const Incident = object({
  incident_id: Id,
  organization_id: Id,
  /** Null once its rule was deleted: the incident keeps the rule's name and severity. */
  rule_id: nullable(Id),
  rule_name: string(),
  severity: Severity,
  instructions: string(),
  /** The type of the event that opened it and of the last one. */
  event_type: AlertEventType,
  last_event_type: AlertEventType,
  subject: object({ kind: SubjectKind, id: Id, name: string() }),
  /** The location the subject is in (a place filter), null for an organization. */
  location_id: nullable(Id),
  state: IncidentState,
  count: integer(),
  first_seen: IsoDateTime,
  last_seen: IsoDateTime,
  acknowledged_by: nullable(Person),
  acknowledged_at: nullable(IsoDateTime),
  resolved_by: nullable(Person),
  resolved_at: nullable(IsoDateTime),
  resolution: nullable(enums(resolutions)),
  note: string(),
})
export type Incident = Infer<typeof Incident>

export const incidentSortKeys = ['incident_id', 'last_seen', 'first_seen', 'severity'] as const
/** Newest first; filtered by state, severity and the place (a location) the subject is in. */
export const IncidentListQuery = assign(
  listQuery(incidentSortKeys, 'last_seen', 'desc'),
  object({
    state: optional(IncidentState),
    severity: optional(Severity),
    location_id: optional(IdParam),
  }),
)
export type IncidentListQuery = Infer<typeof IncidentListQuery>

export const IncidentResolve = object({ note: optional(optionalText(2000)) })
export type IncidentResolve = Infer<typeof IncidentResolve>

/** The bell: incidents open or acknowledged, in all and by severity. */
export const IncidentCount = object({
  open: integer(),
  by_severity: record(Severity, integer()),
})
export type IncidentCount = Infer<typeof IncidentCount>
