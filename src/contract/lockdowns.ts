import {
  array,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  nullable,
  object,
  optional,
  string,
  union,
  unknown,
  type Infer,
} from './struct'
import { Id, IsoDateTime, requiredId, requiredText } from './fields'
import { PageLength, PageStart } from './list'

// Lockdown (docs/lockdown.md, decision 056): one action locks every lockable device of a site as a
// server-side job; unlocks and offline codes in scope are refused until two different people
// release it.

export const LOCKDOWNS_PATH = '/sbm/v1/lockdowns'
export const lockdownPath = (id: number) => `${LOCKDOWNS_PATH}/${id}`
export const releasePath = (id: number) => `${lockdownPath(id)}/release`
export const approvePath = (id: number) => `${releasePath(id)}/approve`
/** Sends the lock again to the devices not reached or failed. */
export const retryPath = (id: number) => `${lockdownPath(id)}/retry`

/** How long a release request waits for its second person unless LOCKDOWN_RELEASE_MINUTES says. */
export const RELEASE_MINUTES = 15
export const REASON_MAX = 500

export const lockdownScopeTypes = ['organization', 'location', 'floor'] as const
export const LockdownScopeType = enums(lockdownScopeTypes)
export type LockdownScopeType = Infer<typeof LockdownScopeType>

/**
 * `active` — doors in scope are locked and closed to every credential; `release_requested` — the
 * same, and one person asked to release it and waits for a second; `released` — over.
 */
export const lockdownStates = ['active', 'release_requested', 'released'] as const
export const LockdownState = enums(lockdownStates)
export type LockdownState = Infer<typeof LockdownState>

/** Each lockable device's part: waiting for its lock, locked, not connected, or refused. */
export const lockdownDeviceStates = ['pending', 'locked', 'not_reached', 'failed'] as const
export const LockdownDeviceState = enums(lockdownDeviceStates)
export type LockdownDeviceState = Infer<typeof LockdownDeviceState>

const Reason = requiredText('reason', REASON_MAX)

export const StartLockdown = object({
  scope_type: LockdownScopeType,
  scope_id: requiredId('scope'),
  reason: Reason,
})
export type StartLockdown = Infer<typeof StartLockdown>

export const RequestRelease = object({ reason: Reason })
export type RequestRelease = Infer<typeof RequestRelease>

const toBoolean = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v)

export const LockdownQuery = object({
  /** Only the lockdowns not yet released (the banner's question). */
  active: optional(coerce(union([literal(true), literal(false)]), unknown(), toBoolean)),
  start: defaulted(PageStart, 0),
  length: defaulted(PageLength, 50),
})
export type LockdownQuery = Infer<typeof LockdownQuery>

/** A person as they were when they acted: their account and their e-mail then. */
export const LockdownActor = object({ user_id: Id, email: string() })
export type LockdownActor = Infer<typeof LockdownActor>

/**
 * The latest release request: `pending` until `expires_at`, then `lapsed` unless approved. A lapsed
 * request leaves the lockdown active; a new request replaces it.
 */
export const ReleaseRequest = object({
  requested_by: LockdownActor,
  reason: string(),
  requested_at: IsoDateTime,
  expires_at: IsoDateTime,
  state: enums(['pending', 'lapsed', 'approved']),
  approved_by: nullable(LockdownActor),
  approved_at: nullable(IsoDateTime),
})
export type ReleaseRequest = Infer<typeof ReleaseRequest>

const Count = integer()
export const LockdownCounts = object({
  pending: Count,
  locked: Count,
  not_reached: Count,
  failed: Count,
})
export type LockdownCounts = Infer<typeof LockdownCounts>

export const Lockdown = object({
  lockdown_id: Id,
  organization_id: Id,
  scope_type: LockdownScopeType,
  scope_id: Id,
  /** The location, floor or organization's name when it started. */
  scope_name: string(),
  reason: string(),
  state: LockdownState,
  started_by: LockdownActor,
  started_at: IsoDateTime,
  release: nullable(ReleaseRequest),
  released_at: nullable(IsoDateTime),
  /** The lockable devices in scope, by their part in it. */
  devices: LockdownCounts,
})
export type Lockdown = Infer<typeof Lockdown>

export const LockdownDevice = object({
  device_id: Id,
  name: string(),
  state: LockdownDeviceState,
  /** The lock command's audit row (success or refusal); null while pending. */
  audit_id: nullable(Id),
  updated_at: IsoDateTime,
})
export type LockdownDevice = Infer<typeof LockdownDevice>

export const LockdownDetail = object({
  lockdown: Lockdown,
  device_list: array(LockdownDevice),
})
export type LockdownDetail = Infer<typeof LockdownDetail>

export const LockdownList = object({
  data: array(Lockdown),
  recordsTotal: integer(),
})
export type LockdownList = Infer<typeof LockdownList>

/** A lockdown as a refusal or "who can open this?" names it. */
export const LockdownNotice = object({
  lockdown_id: Id,
  scope_name: string(),
  /** The e-mail of whoever started it. */
  started_by: string(),
  started_at: IsoDateTime,
})

/**
 * The parameters of a 409 `lockdown` refusal (a command, an offline code): which lockdown, who
 * started it and when, so the refusal names them.
 */
export interface LockdownRefusalParams {
  lockdown_id: number
  scope_name: string
  started_by: string
  started_at: string
  [key: string]: string | number
}
