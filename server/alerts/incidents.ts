import type {
  AlertChannel,
  AlertEventType,
  Incident,
  Resolution,
  Severity,
} from '../../src/contract/alerts'
import type { Prepared, Queryable } from '../db/database'
import { writeJournalRows, type JournalRow, type JournalSource } from '../db/journal'
import type { RecordedEvent } from './event-row'

// Incidents (decision 079): one a rule and subject while open or acknowledged (the partial unique
// index incidents_one_open); repeats bump its count and last_seen. Opening, acknowledging and
// resolving, by a person or by the system, are journaled in the same transaction.

/** A rule as an event meets it. */
export interface RuleRow {
  rule_id: number
  name: string
  severity: Severity
  instructions: string
  threshold_s: number
  user_ids: number[]
  group_ids: number[]
  channels: AlertChannel[]
}

export const incidentColumns = `i.incident_id, i.organization_id, i.rule_id, i.rule_name,
  i.severity, i.instructions, i.event_type, i.last_event_type, i.subject_type, i.subject_id,
  i.subject_name, i.location_id, i.state, i.count, i.first_seen, i.last_seen, i.acknowledged_by,
  i.acknowledged_by_email, i.acknowledged_at, i.resolved_by, i.resolved_by_email, i.resolved_at,
  i.resolution, i.note`

/** A row of incidentColumns. */
export interface IncidentRow {
  incident_id: number
  organization_id: number
  rule_id: number | null
  rule_name: string
  severity: Severity
  instructions: string
  event_type: AlertEventType
  last_event_type: AlertEventType
  subject_type: Incident['subject']['kind']
  subject_id: number
  subject_name: string
  location_id: number | null
  state: Incident['state']
  count: number
  first_seen: string
  last_seen: string
  acknowledged_by: number | null
  acknowledged_by_email: string | null
  acknowledged_at: string | null
  resolved_by: number | null
  resolved_by_email: string | null
  resolved_at: string | null
  resolution: Resolution | null
  note: string
}

const person = (id: number | null, email: string | null) =>
  id === null ? null : { user_id: id, email: email ?? '' }

/** The contract's shape of a row. */
export function incidentOf(row: IncidentRow): Incident {
  return {
    incident_id: row.incident_id,
    organization_id: row.organization_id,
    rule_id: row.rule_id,
    rule_name: row.rule_name,
    severity: row.severity,
    instructions: row.instructions,
    event_type: row.event_type,
    last_event_type: row.last_event_type,
    subject: { kind: row.subject_type, id: row.subject_id, name: row.subject_name },
    location_id: row.location_id,
    state: row.state,
    count: row.count,
    first_seen: row.first_seen,
    last_seen: row.last_seen,
    acknowledged_by: person(row.acknowledged_by, row.acknowledged_by_email),
    acknowledged_at: row.acknowledged_at,
    resolved_by: person(row.resolved_by, row.resolved_by_email),
    resolved_at: row.resolved_at,
    resolution: row.resolution,
    note: row.note,
  }
}

export async function findIncident(q: Queryable, id: number, lock = false) {
  const [row] = await q.query<IncidentRow>(
    `select ${incidentColumns} from incidents i where i.incident_id = $1${lock ? ' for update' : ''}`,
    [id],
  )
  return row
}

/** The journal's row of an incident's change of state. */
export function incidentJournalRow(
  incident: Pick<IncidentRow, 'incident_id' | 'organization_id' | 'rule_name' | 'subject_name'>,
  changes: Record<string, [unknown, unknown]>,
  action: 'create' | 'update' = 'update',
): JournalRow {
  return {
    organizationId: incident.organization_id,
    action,
    targetType: 'incident',
    targetId: incident.incident_id,
    targetName: `${incident.rule_name}: ${incident.subject_name}`,
    changes,
  }
}

// The conflict target names the partial index's predicate, so concurrent events about one subject
// meet on incidents_one_open: one inserts, the others wait for it and bump its row.
const openSql: Prepared = {
  name: 'incident_open_or_bump',
  text: `insert into incidents (organization_id, rule_id, rule_name, severity, instructions,
       event_type, last_event_type, last_event_id, subject_type, subject_id, subject_name,
       location_id, first_seen, last_seen)
     values ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11, $12, $12)
     on conflict (rule_id, subject_type, subject_id) where state <> 'resolved'
     do update set count = incidents.count + 1,
       last_seen = greatest(incidents.last_seen, excluded.last_seen),
       last_event_type = excluded.last_event_type, last_event_id = excluded.last_event_id
     returning incident_id, count`,
}

/**
 * Opens the rule's incident about the event's subject, or bumps the open one. An opened incident
 * is journaled and, when the rule says so, e-mailed to its recipients.
 */
export async function openOrBump(
  q: Queryable,
  source: JournalSource,
  rule: RuleRow,
  event: RecordedEvent,
  firstSeen: Date = event.at,
) {
  const [row] = await q.query<{ incident_id: number; count: number }>(openSql, [
    event.place.organization_id,
    rule.rule_id,
    rule.name,
    rule.severity,
    rule.instructions,
    event.type,
    event.event_id,
    event.subject.kind,
    event.subject.id,
    event.place.name,
    event.place.location_id,
    firstSeen.toISOString(),
  ])
  if (!row || row.count !== 1) return
  const opened = {
    incident_id: row.incident_id,
    organization_id: event.place.organization_id,
    rule_name: rule.name,
    subject_name: event.place.name,
  }
  await writeJournalRows(q, source, [
    incidentJournalRow(
      opened,
      {
        state: [null, 'open'],
        severity: [null, rule.severity],
        rule_id: [null, rule.rule_id],
        subject_type: [null, event.subject.kind],
        subject_id: [null, event.subject.id],
      },
      'create',
    ),
  ])
  if (rule.channels.includes('email'))
    await mailIncident(q, rule, event, row.incident_id, firstSeen)
}

/** Bumps the rule's open incident about the subject; false when none is open. */
export async function bumpOpenIncident(q: Queryable, rule: RuleRow, event: RecordedEvent) {
  const bumped = await q.query(
    `update incidents set count = count + 1, last_seen = greatest(last_seen, $4),
       last_event_type = $5, last_event_id = $6
     where rule_id = $1 and subject_type = $2 and subject_id = $3 and state <> 'resolved'
     returning incident_id`,
    [
      rule.rule_id,
      event.subject.kind,
      event.subject.id,
      event.at.toISOString(),
      event.type,
      event.event_id,
    ],
  )
  return bumped.length > 0
}

/** Resolves `rows`' incidents with `resolution` and journals each (`source` is who). */
async function resolveRows(
  q: Queryable,
  source: JournalSource,
  rows: readonly IncidentRow[],
  resolution: Resolution,
) {
  await writeJournalRows(
    q,
    source,
    rows.map((row) =>
      incidentJournalRow(row, {
        state: [row.state, 'resolved'],
        resolution: [null, resolution],
      }),
    ),
  )
}

/**
 * The condition is over (the door closed, the device is back): the subject's incidents whose last
 * event it ends are resolved, by nobody.
 */
export async function resolveEnded(
  q: Queryable,
  source: JournalSource,
  event: RecordedEvent,
  ended: readonly AlertEventType[],
) {
  const rows = await q.query<IncidentRow>(
    `with ended as (
       select incident_id, state as was from incidents
       where subject_type = $1 and subject_id = $2 and state <> 'resolved'
         and last_event_type = any($3::text[])
       order by incident_id for update)
     update incidents i set state = 'resolved', resolution = 'condition_ended', resolved_at = $4
     from ended where i.incident_id = ended.incident_id
     returning ${incidentColumns.replace('i.state,', 'ended.was as state,')}`,
    [event.subject.kind, event.subject.id, ended, event.at.toISOString()],
  )
  await resolveRows(q, source, rows, 'condition_ended')
}

/** Incidents without an event for `idleDays` at `now` are resolved as idle; how many. */
export async function resolveIdle(
  q: Queryable,
  source: JournalSource,
  now: Date,
  idleDays: number,
): Promise<number> {
  const rows = await q.query<IncidentRow>(
    `with idle as (
       select incident_id, state as was from incidents
       where state <> 'resolved' and last_seen < $1::timestamptz - $2 * interval '1 day'
       order by incident_id limit 500 for update skip locked)
     update incidents i set state = 'resolved', resolution = 'idle', resolved_at = $1
     from idle where i.incident_id = idle.incident_id
     returning ${incidentColumns.replace('i.state,', 'idle.was as state,')}`,
    [now.toISOString(), idleDays],
  )
  await resolveRows(q, source, rows, 'idle')
  return rows.length
}

/**
 * The rule's recipients, in the event's organization and not disabled: its people and the members
 * of its groups at the event's time, each once.
 */
async function recipientsOf(q: Queryable, rule: RuleRow, event: RecordedEvent) {
  return q.query<{ user_id: number; email: string }>(
    `select u.user_id, u.email from users u
     where u.organization_id = $1 and not u.disabled and (u.user_id = any($2::int[])
       or exists (select 1 from group_members m where m.user_id = u.user_id
         and m.group_id = any($3::int[])
         and (m.valid_from is null or m.valid_from <= $4)
         and (m.valid_until is null or m.valid_until > $4)))
     order by u.user_id`,
    [event.place.organization_id, rule.user_ids, rule.group_ids, event.at.toISOString()],
  )
}

/** One message a recipient in the outbox, which the mail job delivers (decision 084). */
async function mailIncident(
  q: Queryable,
  rule: RuleRow,
  event: RecordedEvent,
  incidentId: number,
  since: Date,
) {
  const people = await recipientsOf(q, rule, event)
  if (people.length === 0) return
  const subject = `[${rule.severity}] ${rule.name}: ${event.place.name}`
  const instructions = rule.instructions === '' ? '' : `\n\n${rule.instructions}`
  await q.query(
    `insert into outbox (workflow, channel, recipient, subject, body, link, user_id)
     select 'incident_email', 'email', x.email, $1, $2, null, x.user_id
     from unnest($3::text[], $4::int[]) as x(email, user_id)`,
    [
      subject,
      `Incident ${incidentId}: ${event.type} at ${event.place.name} since ${since.toISOString()}.${instructions}`,
      people.map((p) => p.email),
      people.map((p) => p.user_id),
    ],
  )
}

/**
 * An incident no rule opened, for what must be seen even where nobody wrote a rule (a webhook
 * endpoint disabled, decision 081): named `name`, a warning, opened unless a rule's incident
 * already took the event. No rule, so no partial unique index joins repeats; its cause happens
 * once (the disabling's conditional update), which keeps it single.
 */
export async function openSystemIncident(
  q: Queryable,
  source: JournalSource,
  event: RecordedEvent,
  name: string,
  firstSeen: Date,
) {
  const [row] = await q.query<{ incident_id: number }>(
    `insert into incidents (organization_id, rule_id, rule_name, severity, instructions,
       event_type, last_event_type, last_event_id, subject_type, subject_id, subject_name,
       location_id, first_seen, last_seen)
     select $1, null, $2, 'warning', '', $3, $3, $4, $5, $6, $7, $8, $9, $10
     where not exists (select 1 from incidents where last_event_id = $4)
     returning incident_id`,
    [
      event.place.organization_id,
      name,
      event.type,
      event.event_id,
      event.subject.kind,
      event.subject.id,
      event.place.name,
      event.place.location_id,
      firstSeen.toISOString(),
      event.at.toISOString(),
    ],
  )
  if (!row) return
  await writeJournalRows(q, source, [
    incidentJournalRow(
      {
        incident_id: row.incident_id,
        organization_id: event.place.organization_id,
        rule_name: name,
        subject_name: event.place.name,
      },
      {
        state: [null, 'open'],
        severity: [null, 'warning'],
        subject_type: [null, event.subject.kind],
        subject_id: [null, event.subject.id],
      },
      'create',
    ),
  ])
}
