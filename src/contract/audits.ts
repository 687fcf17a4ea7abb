import {
  array,
  assign,
  boolean,
  defaulted,
  enums,
  integer,
  literal,
  min,
  number,
  nullable,
  object,
  optional,
  record,
  string,
  union,
  type Infer,
} from './struct'
import { DeviceTypeId, deviceCommands } from './devices'
import { Id, IdParam, IsoDateTime, optionalText } from './fields'
import { listQuery, QueryCount } from './list'
import { simulateEvents } from './pin-entry'

/**
 * What an entry records: a command sent to the device, an offline PIN made for it, a PIN typed at
 * it (`pin_entry`, decision 066), or what the device reported of itself (connected, disconnected,
 * its battery).
 */
export const auditCommands = [
  ...deviceCommands,
  'create_pin',
  'pin_entry',
  ...simulateEvents,
] as const
export const AuditCommand = enums(auditCommands)
export type AuditCommand = Infer<typeof AuditCommand>

export const auditResults = ['success', 'failure'] as const
export const AuditResult = enums(auditResults)
export type AuditResult = Infer<typeof AuditResult>

/**
 * What an entry's `detail` says, as a code a client words in its own language: the device was not
 * connected, it lacks `capability`, or an offline PIN valid from `start` to `end` (ISO times).
 */
export const auditDetailCodes = [
  'device_not_connected',
  'capability_missing',
  'pin_window',
  // Lockdown (docs/lockdown.md): an unlock refused by one, the lockdown's own lock, and an
  // override's command; each names the lockdown.
  'lockdown',
  'lockdown_lock',
  'lockdown_override',
  // A PIN typed at the device (decision 066): granted by a rule through a group or by a direct
  // credential, or denied with its reason (`reason`, one of pin-entry.ts's denialReasons); the
  // person's `user_id` and `email` when the PIN is someone's, never the PIN.
  'access_granted',
  'access_denied',
  // The device reported its battery at `level` percent.
  'battery_level',
  // The mode job's command at a boundary (decision 070): the winning `layer` with its id
  // (`schedule_id`, `override_id`, `snow_day_id`), the `exception`, and who opened the day
  // (`opened_by`, a user id) under first person in.
  'door_mode',
] as const
export const AuditDetailCode = enums(auditDetailCodes)
export type AuditDetailCode = Infer<typeof AuditDetailCode>

export const DetailParams = record(string(), union([string(), number()]))
export type DetailParams = Infer<typeof DetailParams>

/** One attempted device command, successful or not, written in the command's transaction. */
export const AuditEntry = object({
  audit_id: Id,
  created_at: IsoDateTime,
  device_id: Id,
  device_name: string(),
  device_type_id: DeviceTypeId,
  location_id: nullable(Id),
  command: AuditCommand,
  result: AuditResult,
  /** e.g. "Device is not connected": English for API callers and logs. */
  detail: string(),
  /** The same as a code and its parameters; null when there is nothing to say (a success). */
  detail_code: nullable(AuditDetailCode),
  detail_params: DetailParams,
  /**
   * Who acted: the signed-in sender, the person whose PIN a keypad sent, or 0 (and an empty
   * e-mail) when nobody known did: a PIN that is nobody's, a device's own report.
   */
  user_id: min(integer(), 0),
  actor_email: string(),
  organization_id: Id,
})
export type AuditEntry = Infer<typeof AuditEntry>

/**
 * Default newest first (audit_id desc), not user_id desc (requirements R9.2): sorting a log by
 * actor buries the latest events. order_by=user_id is still accepted.
 */
export const auditSortKeys = [
  'audit_id',
  'created_at',
  'user_id',
  'device_name',
  'command',
  'result',
] as const
/**
 * GET /sbm/v1/devices/audit answers every sort, both directions, at any start with exact counts,
 * and a search whose term matches one column's values (device name, command, result or actor
 * e-mail) in id order or by that column also exactly. Any other search (the term matches values
 * in several columns, or the sort is by another column) is counted exactly when its values hold
 * at most 5,000 rows; otherwise it counts the newest matches up to this many, answers
 * `recordsFilteredCapped: true` when there are more, and its pages hold those newest matches in
 * the order asked.
 */
export const AUDIT_COUNT_CAP = 1000

/**
 * `upto` reads the log as it was when it held that many entries (the caller's sequence: every
 * entry for a global auditor, their organization's for an :org one), so pages fetched later line
 * up with the first and new entries wait until the reader asks for them. The bound holds in id
 * order (the default, where new entries arrive at the top); other sorts and searches read the log
 * as it is and answer the bound of that moment, from which the news count starts.
 *
 * `device_id` (an addition to requirements R7.12) narrows the log to one device, for its recent
 * entries; `door_id` to the devices mounted on one door now (a door's log is its devices' rows).
 */
export const AuditListQuery = assign(
  listQuery(auditSortKeys, 'audit_id'),
  object({
    upto: optional(QueryCount),
    device_id: optional(IdParam),
    door_id: optional(IdParam),
  }),
)

const Count = min(integer(), 0)

/** A page of the log; `upto` is the bound it was read at, the one to send for the next pages. */
export const AuditPage = object({
  data: array(AuditEntry),
  recordsTotal: Count,
  recordsFiltered: Count,
  recordsFilteredCapped: optional(literal(true)),
  upto: Count,
})
export type AuditPage = Infer<typeof AuditPage>

/** At most this many new entries are counted; more shows as "1,000+". */
export const AUDIT_NEWS_CAP = 1000

/**
 * GET /sbm/v1/devices/audit/news: entries after `after` (an `upto`) that match `search` and, when
 * given, are of `door_id`'s devices.
 */
export const AuditNewsQuery = object({
  after: QueryCount,
  search: defaulted(optionalText(200), ''),
  door_id: optional(IdParam),
})
export type AuditNewsQuery = Infer<typeof AuditNewsQuery>

/** `upto` is the log's bound now; `count` stops at AUDIT_NEWS_CAP, and `more` says it did. */
export const AuditNews = object({ upto: Count, count: Count, more: boolean() })
export type AuditNews = Infer<typeof AuditNews>
