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
  organization: ['name', 'description', 'client_ids'],
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
  ],
  location: [
    'name',
    'street',
    'number',
    'postal_code',
    'locality',
    'description',
    'image_url',
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

// Prepared: every change writes it (server/db/database.ts, Prepared).
const journalInsert: Prepared = {
  name: 'journal_insert',
  text: `insert into journal (actor_id, actor_email, client_address, organization_id, action,
       target_type, target_id, target_name, changes, request_id, audit_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
}

/**
 * Appends one row inside the caller's transaction, so the change and its row commit or roll back
 * together. The id, time and hashes are the database's (migration 013's trigger): the insert takes
 * the chain head's row lock until commit, so call it last, after the change's own locks.
 */
export async function writeJournal(
  q: Queryable,
  source: JournalSource,
  row: JournalRow,
): Promise<void> {
  await q.query(journalInsert, [
    source.actorId,
    source.actorEmail,
    source.clientAddress,
    row.organizationId,
    row.action,
    row.targetType,
    row.targetId,
    row.targetName,
    JSON.stringify(row.changes ?? {}),
    source.requestId,
    row.auditId ?? null,
  ])
}

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
