import {
  assign,
  enums,
  nullable,
  object,
  optional,
  record,
  string,
  tuple,
  unknown,
  type Infer,
} from './struct'
import { Id, IdParam, IsoDateTime } from './fields'
import { listQuery } from './list'

/** What a journal row is about; a session row is about a user signing in or out. */
export const journalTargetTypes = [
  'organization',
  'user',
  'location',
  'floor',
  'room',
  'door',
  'device',
  'credential',
  'session',
  'lockdown',
  // Who may enter, when (decision 065); a person's PIN is journaled as changed, never its value.
  'group',
  'group_member',
  'schedule',
  'calendar',
  'access_rule',
  'person_pin',
  // Door modes (decisions 069, 071): a door's mode schedule, its overrides, a place's snow days.
  'door_mode',
  'door_override',
  'snow_day',
  // A lock with no door's own mode schedule (decision 072).
  'device_mode',
  // Alerts (decision 079): a rule's changes; an incident opened, acknowledged and resolved.
  'alert_rule',
  'incident',
  // Webhooks (decision 081): an endpoint's changes, its secret's rotation (never the secret).
  'webhook',
  // The mail queue (decision 087): a failed message sent again, by whom.
  'mail',
] as const
export const JournalTargetType = enums(journalTargetTypes)
export type JournalTargetType = Infer<typeof JournalTargetType>

/**
 * What happened. `device_command` is a command sent to a device and `create_pin` an offline PIN
 * written into a credential: both carry the device audit row's `audit_id`.
 */
export const journalActions = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_reset',
  'invite_sent',
  'upload',
  'device_command',
  'create_pin',
  // A lockdown's life (docs/lockdown.md): started, its release requested, approved or lapsed.
  'lockdown_start',
  'release_request',
  'release_approve',
  'release_lapse',
  // The leaver (decision 074): an offboarding and its undo, beside each change's own row.
  'offboard',
  'offboard_undo',
] as const
export const JournalAction = enums(journalActions)
export type JournalAction = Infer<typeof JournalAction>

/** A field's value before and after the change: null before a create, null after a delete. */
export const JournalChange = tuple([unknown(), unknown()])

/**
 * One change, written in the change's transaction (docs/journal.md). The actor's e-mail and the
 * target's name are as they were then. `client_address` is the TCP peer's address.
 */
export const JournalEntry = object({
  journal_id: Id,
  at: IsoDateTime,
  actor_id: nullable(Id),
  actor_email: nullable(string()),
  client_address: nullable(string()),
  organization_id: nullable(Id),
  action: JournalAction,
  target_type: JournalTargetType,
  target_id: nullable(Id),
  target_name: nullable(string()),
  changes: record(string(), JournalChange),
  request_id: nullable(string()),
  audit_id: nullable(Id),
})
export type JournalEntry = Infer<typeof JournalEntry>

/** Both orders are the journal's own: time order is id order (migration 013). */
export const journalSortKeys = ['journal_id', 'at'] as const

/**
 * What `about_type` + `about_id` widen a target to: a user with their credentials, a door with
 * the devices and credentials on it, a device with the credentials on it — now or at any time
 * the journal records (server/db/journal-about.ts).
 */
export const journalAboutTypes = ['user', 'door', 'device'] as const
export type JournalAboutType = (typeof journalAboutTypes)[number]

/**
 * GET /org/v1/journal: the list protocol plus filters, each narrowing the rows; `from` and `to`
 * bound `at` (from inclusive, to exclusive). An :org reader sees their organization's rows only.
 */
export const JournalListQuery = assign(
  listQuery(journalSortKeys, 'journal_id'),
  object({
    actor_id: optional(IdParam),
    target_type: optional(JournalTargetType),
    target_id: optional(IdParam),
    action: optional(JournalAction),
    from: optional(IsoDateTime),
    to: optional(IsoDateTime),
    about_type: optional(enums(journalAboutTypes)),
    about_id: optional(IdParam),
  }),
)
export type JournalListQuery = Infer<typeof JournalListQuery>
