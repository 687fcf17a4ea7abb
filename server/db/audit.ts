import type {
  AuditCommand,
  AuditDetailCode,
  AuditResult,
  DetailParams,
} from '../../src/contract/audits'
import type { Device } from '../../src/contract/devices'
import type { DenialReason } from '../../src/contract/pin-entry'
import type { Principal } from '../context'
import type { Prepared, Queryable } from './database'

/** What an entry says beyond its result: a code and its parameters, which the English follows. */
export interface AuditDetail {
  code: AuditDetailCode
  params: DetailParams
}

const denials: Record<DenialReason, string> = {
  unknown_pin: 'the PIN is nobody’s',
  lockdown: 'a lockdown holds the door',
  disabled_user: 'the person is disabled',
  holiday: 'closed for a holiday',
  outside_schedule: 'outside the schedule',
  expired: 'the rule or the membership is not in force',
  not_member: 'no rule for the person’s groups covers the door',
}
const denial = (reason: unknown): string =>
  Object.entries(denials).find(([code]) => code === reason)?.[1] ?? String(reason)

const english: Record<AuditDetailCode, (params: DetailParams) => string> = {
  device_not_connected: () => 'Device is not connected',
  capability_missing: (p) => `Device lacks the capability ${p.capability}`,
  pin_window: (p) => `Valid ${p.start} to ${p.end}`,
  lockdown: (p) => `Refused: lockdown ${p.lockdown_id} is active`,
  lockdown_lock: (p) => `Locked by lockdown ${p.lockdown_id}`,
  lockdown_override: (p) => `Override of lockdown ${p.lockdown_id}`,
  access_granted: (p) =>
    p.credential_id !== undefined
      ? `Access granted to ${p.email}: credential ${p.credential_id}`
      : `Access granted to ${p.email}: rule ${p.rule_name} through the group ${p.group_name}`,
  access_denied: (p) =>
    `Access denied${p.email === undefined ? '' : ` to ${p.email}`}: ${denial(p.reason)}`,
  battery_level: (p) => `Battery at ${p.level}%`,
  door_mode: (p) =>
    [
      `Door mode by the ${String(p.layer).replace('_', ' ')}`,
      p.schedule_id === undefined ? '' : ` of schedule ${p.schedule_id}`,
      p.override_id === undefined ? '' : ` ${p.override_id}`,
      p.snow_day_id === undefined ? '' : ` ${p.snow_day_id}`,
      p.exception === undefined ? '' : ` (${p.exception})`,
      p.opened_by === undefined ? '' : `, the day opened by user ${p.opened_by}`,
    ].join(''),
}

/** The English `detail` of an entry, for API callers and logs. */
export const detailText = (detail: AuditDetail | null): string =>
  detail ? english[detail.code](detail.params) : ''

// Prepared: every device command writes them, by key (server/db/database.ts, Prepared).
const auditCounters: Prepared = {
  name: 'audit_counters',
  text: `insert into audit_counters (scope_id, n) values (0, 1), ($1, 1)
     on conflict (scope_id) do update set n = audit_counters.n + 1
     returning scope_id, n`,
}
const auditInsert: Prepared = {
  name: 'audit_insert',
  text: `insert into device_audits (audit_id, org_seq, device_id, device_name, device_type_id,
       location_id, command, result, detail, detail_code, detail_params, user_id, actor_email,
       organization_id, request_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15,
       greatest(clock_timestamp(),
         (select created_at from device_audits where audit_id = $1::int - 1)))`,
}

/** The actor of a row nobody known caused: a PIN that is nobody's, a device's own report. */
export const NOBODY: Pick<Principal, 'userId' | 'email'> = { userId: 0, email: '' }

/** What an audit row says of its device. */
export type AuditedDevice = Pick<
  Device,
  'device_id' | 'organization_id' | 'name' | 'device_type_id' | 'location_id'
>

/**
 * Appends one audit row inside the caller's transaction. The counter rows (0 = everything, and the
 * device's organization) are incremented here, so audit_id and org_seq stay dense: a rolled-back
 * command rolls its numbers back too. The row lock on the counters orders concurrent writers.
 */
export async function writeAudit(
  q: Queryable,
  entry: {
    device: AuditedDevice
    command: AuditCommand
    result: AuditResult
    detail: AuditDetail | null
    /** Who sent it: the caller, or whoever started the lockdown whose job sends it. */
    actor: Pick<Principal, 'userId' | 'email'>
    /** The X-Request-Id of the request writing the row. */
    requestId: string
  },
): Promise<number> {
  const org = entry.device.organization_id
  const counters = await q.query<{ scope_id: number; n: number }>(auditCounters, [org])
  const auditId = counters.find((r) => r.scope_id === 0)?.n
  const orgSeq = counters.find((r) => r.scope_id === org)?.n
  if (auditId === undefined || orgSeq === undefined) throw new Error('audit counters missing')
  // The time is taken under the counter lock and never before the previous row's, so created_at
  // order is audit_id order and the log pages by time exactly as by id (audit-pages.ts).
  await q.query(auditInsert, [
    auditId,
    orgSeq,
    entry.device.device_id,
    entry.device.name,
    entry.device.device_type_id,
    entry.device.location_id,
    entry.command,
    entry.result,
    detailText(entry.detail),
    entry.detail?.code ?? null,
    JSON.stringify(entry.detail?.params ?? {}),
    entry.actor.userId,
    entry.actor.email,
    org,
    entry.requestId,
  ])
  return auditId
}
