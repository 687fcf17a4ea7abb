import { Credential } from './credentials'
import {
  array,
  assign,
  boolean,
  enums,
  nullable,
  number,
  object,
  string,
  type Infer,
} from './struct'
import { Id, IsoDateTime } from './fields'

// Credentials on the locks (decision 073): what each lock that must hold a credential holds of it,
// and the offline codes a lock's algorithm made for it.

export const deviceHoldingsPath = (deviceId: number) => `/access/v1/devices/${deviceId}/holdings`
export const rotateOfflineKeyPath = (deviceId: number) =>
  `/access/v1/devices/${deviceId}/rotate_offline_key`
export const reissueCodePath = (credentialId: number) =>
  `/access/v1/credentials/${credentialId}/reissue_code`
export const expiringCodesPath = '/access/v1/offline-codes/expiring'

/**
 * A credential's state on one lock: not yet on it, on it, a change the lock refused (with the
 * reason), on its way off, off. The one transition table is server/access/lock-states.ts.
 */
export const holdingStates = ['pending', 'on_lock', 'failed', 'removing', 'removed'] as const
export const HoldingState = enums(holdingStates)
export type HoldingState = Infer<typeof HoldingState>

/** Why a lock did not take a change (the simulated locks fail at DEVICE_FAILURE_RATE). */
export const holdingFailures = ['lock_timeout', 'lock_busy'] as const
export const HoldingFailure = enums(holdingFailures)
export type HoldingFailure = Infer<typeof HoldingFailure>

/** A credential on one lock. `wanted`: whether the lock must hold it (false while it goes off). */
export const LockHolding = object({
  credential_id: Id,
  device_id: Id,
  device_name: string(),
  connected: boolean(),
  user_id: nullable(Id),
  user_email: nullable(string()),
  state: HoldingState,
  wanted: boolean(),
  reason: nullable(HoldingFailure),
  /** Changes queued for this credential on this lock. */
  queued: number(),
  updated_at: IsoDateTime,
})
export type LockHolding = Infer<typeof LockHolding>

/** An offline code the lock still honours: made on `device_id`, valid from–until. */
export const OfflineCode = object({
  code_id: Id,
  credential_id: Id,
  device_id: Id,
  device_name: string(),
  connected: boolean(),
  key_version: number(),
  valid_from: IsoDateTime,
  valid_until: IsoDateTime,
  /** The zone of the lock's place, in which the window is shown. */
  time_zone: string(),
  /** true while its withdrawal waits for the lock. */
  withdrawing: boolean(),
  user_id: nullable(Id),
  user_email: nullable(string()),
})
export type OfflineCode = Infer<typeof OfflineCode>

/** What GET /access/v1/credentials/{id} adds to the credential: its locks and live codes. */
export const CredentialLocks = object({
  locks: array(LockHolding),
  codes: array(OfflineCode),
})
export type CredentialLocks = Infer<typeof CredentialLocks>

/** GET /access/v1/credentials/{id}: the credential with its locks and live codes. */
export const CredentialDetail = assign(Credential, CredentialLocks)
export type CredentialDetail = Infer<typeof CredentialDetail>

/** GET /access/v1/devices/{id}/holdings: what this lock holds. */
export const DeviceHoldings = object({
  device_id: Id,
  offline_key_version: number(),
  offline_key_rotated_at: nullable(IsoDateTime),
  holdings: array(LockHolding),
  codes: array(OfflineCode),
})
export type DeviceHoldings = Infer<typeof DeviceHoldings>

/** POST …/rotate_offline_key → the new version and how many codes it ended. */
export const RotateOfflineKeyResult = object({
  device_id: Id,
  offline_key_version: number(),
  codes_ended: number(),
})
export type RotateOfflineKeyResult = Infer<typeof RotateOfflineKeyResult>

/** POST …/reissue_code → the new code this once, with its lock and window. */
export const ReissueCodeResult = object({
  credential_id: Id,
  pin: string(),
  code: OfflineCode,
})
export type ReissueCodeResult = Infer<typeof ReissueCodeResult>

/** GET /access/v1/offline-codes/expiring: codes whose window ends within 14 days. */
export const EXPIRING_CODE_DAYS = 14
export const ExpiringCodes = object({ codes: array(OfflineCode) })
export type ExpiringCodes = Infer<typeof ExpiringCodes>
