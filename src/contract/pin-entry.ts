import {
  array,
  boolean,
  define,
  enums,
  integer,
  max,
  min,
  nullable,
  object,
  optional,
  refine,
  string,
  type Infer,
} from './struct'
import { ScheduleInterval } from './access-model'
import { Repetition } from './credentials'
import { DeviceStatus, type DeviceTypeId } from './devices'
import { Id, IsoDateTime } from './fields'
import { fail } from './rules'

// The keypad that asks the server, and a person's own PIN (decision 065).

export const pinEntryPath = (deviceId: number) => `/access/v1/devices/${deviceId}/pin-entry`
export const personPinPath = (userId: number) => `/access/v1/users/${userId}/pin`
export const deviceSecretPath = (deviceId: number) => `/sbm/v1/devices/${deviceId}/secret`
export const simulatePath = (deviceId: number) => `/sbm/v1/devices/${deviceId}/simulate`
export const userAccessPath = (userId: number) => `/access/v1/users/${userId}/access`

/** After this many wrong PINs within the window, a keypad answers 429 for the lock time. */
export const PIN_ENTRY_FAILURES = 5
export const PIN_ENTRY_WINDOW_SECONDS = 60
export const PIN_ENTRY_LOCK_SECONDS = 30

/** Digits as typed at a keypad: 4 to 12 of them. */
export const Pin = define<string>(
  'pin',
  (v) =>
    (typeof v === 'string' && /^\d{4,12}$/.test(v)) ||
    fail('invalid', 'Expected a PIN of 4 to 12 digits.'),
)

export const PinEntryInput = object({ pin: Pin })
export type PinEntryInput = Infer<typeof PinEntryInput>

/**
 * Why a PIN did not open, most telling first when several apply: nobody's PIN; a lockdown; the
 * person disabled; then of the rules (and direct credentials) that name the person, one whose
 * schedule was closed by a holiday, or at this hour, before one that was not in force for them
 * (the rule's or the membership's window); and last, no rule naming any of their groups.
 */
export const denialReasons = [
  'unknown_pin',
  'lockdown',
  'disabled_user',
  'holiday',
  'outside_schedule',
  'expired',
  'not_member',
] as const
export const DenialReason = enums(denialReasons)
export type DenialReason = Infer<typeof DenialReason>

/**
 * Why it opened (a rule through a group, in a schedule's interval or an open exception, or a direct
 * credential) or why not (`denied_because`, with the rule it came closest through when there is one).
 */
export const PinEntryReason = object({
  rule_id: optional(Id),
  rule_name: optional(string()),
  group_id: optional(Id),
  group_name: optional(string()),
  schedule_id: optional(nullable(Id)),
  interval: optional(ScheduleInterval),
  /** The calendar exception that decided, by name. */
  exception: optional(string()),
  credential_id: optional(Id),
  denied_because: optional(DenialReason),
})
export type PinEntryReason = Infer<typeof PinEntryReason>

export const PinEntryAnswer = object({
  granted: boolean(),
  user_id: optional(Id),
  reason: PinEntryReason,
  /** The moment decided, and the device's audit row that records it. */
  at: IsoDateTime,
  time_zone: string(),
  audit_id: Id,
})
export type PinEntryAnswer = Infer<typeof PinEntryAnswer>

/** GET …/users/{id}/pin: whether the person has one; never the PIN. */
export const PersonPinState = object({
  has_pin: boolean(),
  digits: nullable(integer()),
  changed_at: nullable(IsoDateTime),
})
export type PersonPinState = Infer<typeof PersonPinState>

/** POST …/users/{id}/pin: a new PIN, shown this once. */
export const PersonPinIssued = object({
  pin: string(),
  digits: integer(),
  changed_at: IsoDateTime,
})
export type PersonPinIssued = Infer<typeof PersonPinIssued>

/** POST …/devices/{id}/secret: the keypad's secret for pin-entry, shown this once. */
export const DeviceSecretIssued = object({ secret: string() })
export type DeviceSecretIssued = Infer<typeof DeviceSecretIssued>

/** The kinds of device a person types a PIN into: they ask pin-entry, and have a secret to ask with. */
export const pinDeviceTypes = ['keypad', 'lock'] as const satisfies readonly DeviceTypeId[]

export const takesPins = (device: { device_type_id: DeviceTypeId }): boolean =>
  pinDeviceTypes.some((type) => type === device.device_type_id)

/**
 * Demo only: a device reports itself (decision 065); a lock or door sensor on a door also reports
 * the door held open, forced open or closed (decision 079).
 */
export const simulateEvents = [
  'connect',
  'disconnect',
  'battery',
  'door_held_open',
  'door_forced_open',
  'door_closed',
] as const
/**
 * The door reports, which only a lock or door sensor on a door makes, and the event each writes.
 * The reports are audit commands too, whose words are keyed without dots.
 */
export const doorReports = {
  door_held_open: 'door.held_open',
  door_forced_open: 'door.forced_open',
  door_closed: 'door.closed',
} as const
export const doorSensingTypes = ['lock', 'door_sensor'] as const
export const SimulateEvent = enums(simulateEvents)
export type SimulateEvent = Infer<typeof SimulateEvent>

/** `battery_level` (0–100) goes with a battery event, and only with it. */
export const SimulateInput = refine(
  object({
    event: SimulateEvent,
    battery_level: optional(max(min(integer(), 0), 100)),
  }),
  'battery_level',
  (input) =>
    (input.event === 'battery') === (input.battery_level !== undefined) ||
    fail(
      'invalid',
      input.event === 'battery'
        ? 'A battery event needs battery_level from 0 to 100.'
        : 'Only a battery event has a battery_level.',
      {},
      ['battery_level'],
    ),
)
export type SimulateInput = Infer<typeof SimulateInput>

/** What the device reports now, and the audit row that records its report. */
export const SimulateAnswer = object({
  device_id: Id,
  current_status: DeviceStatus,
  audit_id: Id,
})
export type SimulateAnswer = Infer<typeof SimulateAnswer>

// ——— Where a person may go ———

/**
 * One way a person may open a place: a direct credential (its window and repetition, as the
 * credentials list shows them), or a rule through a group on a schedule. `open_now` says whether it
 * opens at the moment asked about.
 */
export const PlaceGrant = object({
  kind: enums(['credential', 'rule']),
  credential_id: optional(Id),
  rule_id: optional(Id),
  rule_name: optional(string()),
  group_id: optional(Id),
  group_name: optional(string()),
  member_since: optional(nullable(IsoDateTime)),
  member_until: optional(nullable(IsoDateTime)),
  schedule_id: optional(nullable(Id)),
  schedule_name: optional(nullable(string())),
  /** The schedule's intervals ("Mon–Fri 07:00–19:00"); absent or null: at any time. */
  intervals: optional(nullable(array(ScheduleInterval))),
  /** The calendar exception that decides at the moment asked about (open or closed), by name. */
  exception: optional(nullable(string())),
  /** A credential's repetition on the place's wall clock, as the credentials list shows it. */
  repetition: optional(nullable(Repetition)),
  /** A credential's window, or a rule's (each end optional). */
  valid_from: nullable(IsoDateTime),
  valid_until: nullable(IsoDateTime),
  /** Whether it opens at the moment asked about (never for a disabled person). */
  open_now: boolean(),
})
export type PlaceGrant = Infer<typeof PlaceGrant>

/** A place a person may open, as the rule or credential names it, with its building and zone. */
export const UserPlace = object({
  type: enums(['location', 'floor', 'room', 'door', 'device']),
  id: Id,
  name: string(),
  location_id: nullable(Id),
  location_name: string(),
  /** The zone the place's schedules are read in. */
  time_zone: string(),
  grants: array(PlaceGrant),
})
export type UserPlace = Infer<typeof UserPlace>

export const UserAccessQuery = object({ at: optional(IsoDateTime) })
export type UserAccessQuery = Infer<typeof UserAccessQuery>

/** GET /access/v1/users/{id}/access?at=: where a person may go and when. */
export const UserAccessAnswer = object({
  user_id: Id,
  at: IsoDateTime,
  disabled: boolean(),
  places: array(UserPlace),
})
export type UserAccessAnswer = Infer<typeof UserAccessAnswer>
