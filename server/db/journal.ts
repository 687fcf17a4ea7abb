import type { JournalAction, JournalTargetType } from '../../src/contract/journal'
import type { Prepared, Queryable } from './database'

/** Who made a change and from where: written into every journal row (server/http/journal-source.ts). */
export interface JournalSource {
  actorId: number | null
  actorEmail: string | null
  clientAddress: string | null
  requestId: string | null
}

export type Changes = Record<string, [unknown, unknown]>

export interface JournalRow {
  organizationId: number | null
  action: JournalAction
  targetType: JournalTargetType
  targetId: number | null
  targetName: string | null
  changes?: Changes
  /** The device audit row of a device command or a created PIN. */
  auditId?: number
}

/**
 * The fields a row's changes may name, per target. A list of what is journaled rather than of
 * what is not: a field added to a table later (a secret, say) stays out until it is named here.
 * Never a password hash, token or PIN: a created PIN is journaled as the action alone.
 */
const journaledFields: Record<JournalTargetType, readonly string[]> = {
  organization: ['name', 'description', 'client_ids', 'time_zone'],
  user: [
    'username',
    'email',
    'title',
    'first_name',
    'last_name',
    'phone_number',
    'notes',
    'roles',
    'permissions',
    'organization_id',
    'client_ids',
    'disabled',
    'email_confirmed',
    'phone_confirmed',
  ],
  location: [
    'name',
    'street',
    'number',
    'postal_code',
    'locality',
    'description',
    'image_url',
    'time_zone',
    'organization_id',
  ],
  floor: ['location_id', 'name', 'position', 'plan_image_url'],
  room: ['floor_id', 'name', 'description'],
  door: ['room_id', 'name', 'description'],
  device: [
    'name',
    'description',
    'device_type_id',
    'capabilities',
    'manufacturer_id',
    'device_id_manufacturer',
    'assignment_type',
    'assignment_id',
    'organization_id',
    // Its offline key's version (decision 073): a rotation ends every code the lock made before.
    'offline_key_version',
  ],
  credential: [
    'user_id',
    'assignment_type',
    'assignment_id',
    'start_datetime',
    'end_datetime',
    'exclusive',
    'permanent',
    'repetition',
    'organization_id',
  ],
  session: [],
  lockdown: ['scope_type', 'scope_id', 'reason', 'release_reason', 'expires_at'],
  group: ['name', 'description', 'organization_id'],
  group_member: ['group_id', 'user_id', 'valid_from', 'valid_until', 'organization_id'],
  schedule: ['name', 'intervals', 'calendar_ids', 'organization_id'],
  calendar: ['name', 'exceptions', 'organization_id'],
  access_rule: [
    'name',
    'group_ids',
    'targets',
    'schedule_id',
    'valid_from',
    'valid_until',
    'organization_id',
  ],
  // That a person's PIN was made, changed or removed: never the PIN or its digest.
  person_pin: ['user_id', 'digits', 'changed_at', 'organization_id'],
  door_mode: [
    'door_id',
    'schedule_id',
    'mode_in_schedule',
    'mode_outside',
    'first_person_in_group_id',
    'organization_id',
  ],
  door_override: [
    'door_id',
    'device_id',
    'kind',
    'mode',
    'from_at',
    'until',
    'reason',
    'ended_at',
    'organization_id',
  ],
  snow_day: ['location_id', 'date', 'kind', 'time', 'reason', 'organization_id'],
  // A lock with no door's own mode schedule (decision 072): the door's fields, keyed by the lock.
  device_mode: [
    'device_id',
    'schedule_id',
    'mode_in_schedule',
    'mode_outside',
    'first_person_in_group_id',
    'organization_id',
  ],
  // Alerts (decision 079): a rule's columns; an incident's life (opened, acknowledged, resolved).
  alert_rule: [
    'name',
    'event_types',
    'scope_kind',
    'scope_id',
    'threshold_s',
    'severity',
    'instructions',
    'user_ids',
    'group_ids',
    'channels',
    'organization_id',
  ],
  incident: ['state', 'severity', 'rule_id', 'subject_type', 'subject_id', 'resolution', 'note'],
  // Webhooks (decision 081): an endpoint's columns; a rotation as `secret_rotated_at`, never a secret.
  webhook: [
    'url',
    'description',
    'event_types',
    'enabled',
    'disabled_reason',
    'secret_rotated_at',
    'organization_id',
  ],
  // The mail queue (decision 087): where a message stands, never its body or link.
  mail: ['state', 'attempts', 'next_attempt_at', 'last_error'],
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * Fields that mean something only together: when one changes, the row names both, so a place
 * (type and id) can be read from any row that moves it (journal-about.ts, access-at.ts).
 */
const together: Partial<Record<JournalTargetType, readonly string[]>> = {
  device: ['assignment_type', 'assignment_id'],
  credential: ['assignment_type', 'assignment_id'],
}

/**
 * The journaled fields that differ between `before` and `after`, as [before, after]. A create has
 * no before (null), a delete no after, so they list every journaled field the object has.
 */
export function changesOf(
  type: JournalTargetType,
  before: object | null,
  after: object | null,
): Changes {
  const was: Record<string, unknown> = { ...before }
  const is: Record<string, unknown> = { ...after }
  const changes: Changes = {}
  for (const field of journaledFields[type]) {
    if (!(field in was) && !(field in is)) continue
    const from = before === null ? null : (was[field] ?? null)
    const to = after === null ? null : (is[field] ?? null)
    if (!same(from, to) || before === null || after === null) changes[field] = [from, to]
  }
  const pair = together[type] ?? []
  if (pair.some((field) => field in changes)) {
    for (const field of pair) changes[field] = [was[field] ?? null, is[field] ?? null]
  }
  return changes
}

// Prepared: every change writes it, one row or a batch (server/db/database.ts, Prepared). The
// rows go in the order given, so the chain (migration 013's trigger) follows it.
const journalInsert: Prepared = {
  name: 'journal_insert_rows',
  text: `insert into journal (actor_id, actor_email, client_address, organization_id, action,
       target_type, target_id, target_name, changes, request_id, audit_id)
     select $1::bigint, $2::text, $3::text, x.organization_id, x.action, x.target_type,
       x.target_id, x.target_name, x.changes, $4::text, x.audit_id
     from rows from (jsonb_to_recordset($5::jsonb) as (organization_id bigint, action text,
       target_type text, target_id bigint, target_name text, changes jsonb, audit_id bigint))
       with ordinality as x(organization_id, action, target_type, target_id, target_name,
       changes, audit_id, n)
     order by x.n`,
}

/**
 * Appends rows inside the caller's transaction, so the change and its rows commit or roll back
 * together. The ids, times and hashes are the database's (migration 013's trigger): the insert
 * takes the chain head's row lock until commit, so call it last, after the change's own locks.
 */
export async function writeJournalRows(
  q: Queryable,
  source: JournalSource,
  rows: readonly JournalRow[],
): Promise<void> {
  if (rows.length === 0) return
  await q.query(journalInsert, [
    source.actorId,
    source.actorEmail,
    source.clientAddress,
    source.requestId,
    JSON.stringify(
      rows.map((row) => ({
        organization_id: row.organizationId,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        target_name: row.targetName,
        changes: row.changes ?? {},
        audit_id: row.auditId ?? null,
      })),
    ),
  ])
}

/** Appends one row: writeJournalRows with one. */
export const writeJournal = (q: Queryable, source: JournalSource, row: JournalRow) =>
  writeJournalRows(q, source, [row])

interface Owned {
  organization_id: number
}

/**
 * The row of a create (no `before`), an update or a delete (no `after`) of one object: its
 * organization, its name as it was (`nameOf`, from before the change where there is a before)
 * and the journaled fields that changed.
 */
export function changeRow<T extends Owned>(
  type: JournalTargetType,
  id: number,
  before: T | null,
  after: T | null,
  nameOf: (object: T) => string,
): JournalRow {
  const was = before ?? after
  return {
    organizationId: was?.organization_id ?? null,
    action: before === null ? 'create' : after === null ? 'delete' : 'update',
    targetType: type,
    targetId: id,
    targetName: was === null ? null : nameOf(was),
    changes: changesOf(type, before, after),
  }
}

export const byName = (object: { name: string }) => object.name
