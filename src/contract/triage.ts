import { array, defaulted, integer, max, min, nullable, object, string, type Infer } from './struct'
import { AuditCommand, AuditDetailCode, DetailParams } from './audits'
import { Device } from './devices'
import { Id, IsoDateTime } from './fields'
import { QueryCount } from './list'

/** Below the "danger" score level (requirements R4.12) a battery needs a person. */
export const LOW_BATTERY = 30

/** Failed commands this recent need a person; older ones are history. */
export const FAILED_WITHIN_HOURS = 24

export const DEFAULT_TRIAGE_LENGTH = 5
export const MAX_TRIAGE_LENGTH = 50

/** GET /sbm/v1/devices/triage: `length` items per list (the totals count them all). */
export const TriageQuery = object({
  length: defaulted(max(min(QueryCount, 1), MAX_TRIAGE_LENGTH), DEFAULT_TRIAGE_LENGTH),
})

const Count = min(integer(), 0)

/** A device whose commands failed recently: how often, and the latest failure. */
export const FailingDevice = object({
  device_id: Id,
  device_name: string(),
  failures: Count,
  last_at: IsoDateTime,
  last_command: AuditCommand,
  last_detail: string(),
  last_detail_code: nullable(AuditDetailCode),
  last_detail_params: DetailParams,
})
export type FailingDevice = Infer<typeof FailingDevice>

const devicesList = object({ total: Count, items: array(Device) })

/**
 * What needs a person now: devices not connected, batteries below LOW_BATTERY, devices whose
 * commands failed in the last FAILED_WITHIN_HOURS. `failed` is null for a caller who may not read
 * the audit log, where those failures are recorded.
 */
export const Triage = object({
  offline: devicesList,
  low_battery: devicesList,
  failed: nullable(object({ total: Count, items: array(FailingDevice) })),
})
export type Triage = Infer<typeof Triage>
