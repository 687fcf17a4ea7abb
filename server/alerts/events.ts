import {
  conditionEnds,
  thresholdEventTypes,
  type AlertEventType,
  type SubjectKind,
} from '../../src/contract/alerts'
import type { Prepared, Queryable } from '../db/database'
import type { JournalSource } from '../db/journal'
import type { NewEvent, Place, RecordedEvent, Subject } from './event-row'
import { enqueueEvent } from '../webhooks/messages'
import { bumpOpenIncident, openOrBump, resolveEnded, type RuleRow } from './incidents'

// Events (decision 079): every writer calls recordEvent inside its own transaction, so the event,
// the incidents it opens, bumps or ends and their journal rows commit with the change that caused
// them, or not at all.

// Each kind's row: its organization, name, location, floor, door and device (null where none).
const placeSql: Record<SubjectKind, string> = {
  organization: `select organization_id, name, null::int as location_id, null::int as floor_id,
      null::int as door_id, null::int as device_id from organizations where organization_id = $1`,
  location: `select organization_id, name, location_id, null::int as floor_id, null::int as door_id,
      null::int as device_id from locations where location_id = $1`,
  floor: `select organization_id, name, location_id, floor_id, null::int as door_id,
      null::int as device_id from floors where floor_id = $1`,
  door: `select organization_id, name, location_id, floor_id, door_id, null::int as device_id
      from doors where door_id = $1`,
  device: `select organization_id, name, location_id,
      device_floor(assignment_type, assignment_id) as floor_id,
      case when assignment_type = 'door' then assignment_id end as door_id, device_id
      from devices where device_id = $1`,
}

interface PlaceRow {
  organization_id: number
  name: string
  location_id: number | null
  floor_id: number | null
  door_id: number | null
  device_id: number | null
}

/** The subject and the places holding it, or undefined when it does not exist. */
export async function placeOf(q: Queryable, subject: Subject): Promise<Place | undefined> {
  const [row] = await q.query<PlaceRow>(placeSql[subject.kind], [subject.id])
  if (!row) return undefined
  const keys: [string, number | null][] = [
    ['organization', row.organization_id],
    ['location', row.location_id],
    ['floor', row.floor_id],
    ['door', row.door_id],
    ['device', row.device_id],
  ]
  return {
    organization_id: row.organization_id,
    name: row.name,
    location_id: row.location_id,
    places: keys.flatMap(([kind, id]) => (id === null ? [] : [`${kind}:${id}`])),
  }
}

const insertSql: Prepared = {
  name: 'event_insert',
  text: `insert into events (organization_id, event_type, subject_type, subject_id, subject_name,
       location_id, places, payload, occurred_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning event_id`,
}

const rulesSql: Prepared = {
  name: 'event_rules',
  text: `select rule_id, name, severity, instructions, threshold_s, user_ids, group_ids, channels
     from alert_rules
     where organization_id = $1 and event_types @> array[$2::text] and scope_key = any($3::text[])
     order by rule_id`,
}

/** The ending events each event ends: door.closed ends held open and forced open. */
const endedBy = (type: AlertEventType): AlertEventType[] =>
  Object.entries(conditionEnds).flatMap(([start, end]) =>
    end === type ? [start as AlertEventType] : [],
  )

/**
 * Writes the event in the caller's transaction, then ends what it ends (an incident whose condition
 * is over, a threshold still waiting), then opens or bumps the incident of each rule that watches
 * its type and one of its places, or sets the rule's threshold waiting. Nothing when the subject
 * is gone.
 */
export async function recordEvent(
  q: Queryable,
  source: JournalSource,
  event: NewEvent,
): Promise<RecordedEvent | undefined> {
  const place = await placeOf(q, event.subject)
  if (!place) return undefined
  const [row] = await q.query<{ event_id: string }>(insertSql, [
    place.organization_id,
    event.type,
    event.subject.kind,
    event.subject.id,
    place.name,
    place.location_id,
    place.places,
    JSON.stringify(event.payload ?? {}),
    event.at.toISOString(),
  ])
  if (!row) throw new Error('event not written')
  const recorded: RecordedEvent = {
    event_id: Number(row.event_id),
    type: event.type,
    subject: event.subject,
    place,
    at: event.at,
  }
  // Its webhook messages, in this transaction too (decision 081).
  await enqueueEvent(q, recorded, event.payload)
  const ended = endedBy(event.type)
  if (ended.length > 0) {
    await q.query(
      `delete from alert_checks c using events e
       where c.event_id = e.event_id and c.subject_type = $1 and c.subject_id = $2
         and e.event_type = any($3::text[])`,
      [event.subject.kind, event.subject.id, ended],
    )
    await resolveEnded(q, source, recorded, ended)
  }
  const rules = await q.query<RuleRow>(rulesSql, [place.organization_id, event.type, place.places])
  for (const rule of rules) {
    const waits = rule.threshold_s > 0 && thresholdEventTypes.includes(event.type)
    if (!waits) {
      await openOrBump(q, source, rule, recorded)
      continue
    }
    // Already open: a repeat counts at once. Else the condition must last the threshold first.
    if (await bumpOpenIncident(q, rule, recorded)) continue
    await q.query(
      `insert into alert_checks (rule_id, subject_type, subject_id, event_id, due_at)
       values ($1, $2, $3, $4, $5) on conflict do nothing`,
      [
        rule.rule_id,
        event.subject.kind,
        event.subject.id,
        recorded.event_id,
        new Date(event.at.getTime() + rule.threshold_s * 1000).toISOString(),
      ],
    )
  }
  return recorded
}

/** The system as a journal row's actor: no person, no address (a job's or a device's change). */
export const SYSTEM_SOURCE: JournalSource = {
  actorId: null,
  actorEmail: null,
  clientAddress: null,
  requestId: null,
}
