import {
  array,
  assign,
  boolean,
  coerce,
  enums,
  integer,
  literal,
  max,
  min,
  nullable,
  object,
  optional,
  partial,
  refine,
  string,
  type Infer,
} from './struct'
import { Id, IdParam, IsoDateTime, oneOf, requiredId, requiredText } from './fields'
import { listQuery } from './list'
import { LockdownNotice } from './lockdowns'
import { fail } from './rules'

export const deviceTypeIds = [
  'lock',
  'keypad',
  'camera',
  'relay',
  'motion_sensor',
  'door_sensor',
  'temperature_sensor',
  'multi_sensor',
  'router',
  'bridge',
] as const
export const DeviceTypeId = enums(deviceTypeIds)
export type DeviceTypeId = Infer<typeof DeviceTypeId>

export const capabilityIds = [
  'remotely_lock',
  'remotely_unlock',
  'remotely_force_unlock',
  'program_offline_access_codes',
] as const
export const Capability = enums(capabilityIds)
export type Capability = Infer<typeof Capability>

export const deviceCommands = ['lock', 'unlock', 'force_unlock', 'calibrate'] as const
export const DeviceCommand = enums(deviceCommands)
export type DeviceCommand = Infer<typeof DeviceCommand>

/**
 * The capability each command needs (requirements R6.5). The product names no calibrate
 * capability; calibrating re-learns a motorised bolt's end positions, so it needs remote locking.
 */
export const commandCapability: Record<DeviceCommand, Capability> = {
  lock: 'remotely_lock',
  unlock: 'remotely_unlock',
  force_unlock: 'remotely_force_unlock',
  calibrate: 'remotely_lock',
}

/** Where a device is mounted: the id is a location_id, floor_id, room_id or door_id. */
export const AssignmentType = enums(['location', 'floor', 'room', 'door'])
export type AssignmentType = Infer<typeof AssignmentType>

export const LockState = enums(['locked', 'unlocked'])
export type LockState = Infer<typeof LockState>

/** `battery_level` is null for mains-powered devices; `lock_state` is null for non-locking ones. */
export const DeviceStatus = object({
  connected: boolean(),
  battery_level: nullable(max(min(integer(), 0), 100)),
  lock_state: nullable(LockState),
})
export type DeviceStatus = Infer<typeof DeviceStatus>

export const DeviceType = object({ device_type_id: DeviceTypeId, description: string() })
export type DeviceType = Infer<typeof DeviceType>

/** A row of GET /sbm/v1/devices/types: with the capabilities a new device of the type starts with. */
export const DeviceTypeInfo = object({
  device_type_id: DeviceTypeId,
  description: string(),
  default_capabilities: array(Capability),
})
export type DeviceTypeInfo = Infer<typeof DeviceTypeInfo>

export const Manufacturer = object({ manufacturer_id: Id, name: string() })
export type Manufacturer = Infer<typeof Manufacturer>

export const CapabilityInfo = object({ capability_id: Capability, description: string() })
export type CapabilityInfo = Infer<typeof CapabilityInfo>

/** The names of where a device is mounted, from its location down to its mount point. */
export const DevicePlace = object({
  location: string(),
  floor: nullable(string()),
  room: nullable(string()),
  door: nullable(string()),
})
export type DevicePlace = Infer<typeof DevicePlace>

export const Device = object({
  device_id: Id,
  organization_id: Id,
  name: string(),
  description: string(),
  device_type_id: DeviceTypeId,
  device_type: DeviceType,
  capabilities: array(Capability),
  current_status: DeviceStatus,
  manufacturer_id: Id,
  manufacturer_name: string(),
  device_id_manufacturer: string(),
  assignment_id: Id,
  assignment_type: AssignmentType,
  location_id: Id,
  place: DevicePlace,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  /**
   * The active lockdown whose scope holds the device, or null; only `GET /sbm/v1/devices/{id}`
   * answers it (a list does not ask every row).
   */
  lockdown: optional(nullable(LockdownNotice)),
  /**
   * The device's secret for pin-entry (`Authorization: Device <secret>`, decision 066): only the
   * create answer carries it, this once; the server keeps a hash.
   */
  secret: optional(string()),
})
export type Device = Infer<typeof Device>

/** The organization follows from the assignment (a device lives where it is mounted). */
export const DeviceInput = object({
  name: requiredText('name', 200),
  description: requiredText('description', 2000),
  device_type_id: oneOf(deviceTypeIds, 'device_type'),
  manufacturer_id: requiredId('manufacturer'),
  device_id_manufacturer: requiredText('manufacturer_id', 100),
  capabilities: optional(
    refine(
      array(Capability),
      'unique',
      (c) => new Set(c).size === c.length || fail('duplicate', 'Each capability once.'),
    ),
  ),
  assignment_type: AssignmentType,
  assignment_id: requiredId('location'),
})
export type DeviceInput = Infer<typeof DeviceInput>

export const DeviceUpdate = partial(DeviceInput)
export type DeviceUpdate = Infer<typeof DeviceUpdate>

export const deviceSortKeys = ['device_id', 'name', 'device_type_id', 'created_at'] as const

const BatteryBelow = coerce(
  refine(
    integer(),
    'percent',
    (n) => (n >= 1 && n <= 100) || fail('invalid', 'Expected a percentage from 1 to 100'),
  ),
  string(),
  (s) => (/^\d{1,3}$/.test(s) ? Number(s) : Number.NaN),
)

/**
 * The device list's filters (an addition to requirements R7.7): type, connection, battery below a
 * level (mains-powered devices never match), the place a device hangs in (a location, a floor or a
 * room, counting everything mounted below it), which bulk commands read, and a capability the
 * device has, which the palette's verbs read ("unlock recep" searches only devices that unlock).
 */
export const DeviceFilters = object({
  device_type_id: optional(DeviceTypeId),
  connected: optional(enums(['true', 'false'])),
  battery_below: optional(BatteryBelow),
  location_id: optional(IdParam),
  floor_id: optional(IdParam),
  room_id: optional(IdParam),
  capability: optional(Capability),
})
export type DeviceFilters = Infer<typeof DeviceFilters>

export const DeviceListQuery = assign(listQuery(deviceSortKeys, 'device_id'), DeviceFilters)

/** POST /access/v1/devices/{id}/control/{command} → 200; 409 not connected; 422 lacks capability. */
export const CommandResult = object({
  device_id: Id,
  command: DeviceCommand,
  result: literal('success'),
  current_status: DeviceStatus,
  audit_id: Id,
})
export type CommandResult = Infer<typeof CommandResult>

/**
 * POST /access/v1/devices/{device_id}/set/create_pin. `credential_id` (an addition to requirements
 * R7.9) stores the PIN in that credential's meta_data.command_output.pin, so the Show Code dialog
 * finds it later.
 */
export const CreatePinRequest = object({
  data: refine(
    object({
      start_date: IsoDateTime,
      end_date: IsoDateTime,
      manufacturer_id: Id,
      device_id_manufacturer: requiredText('manufacturer_id', 100),
      credential_id: optional(Id),
    }),
    'window',
    (d) =>
      Date.parse(d.end_date) > Date.parse(d.start_date) ||
      fail('end_before_start', 'The end must be after the start.', {}, ['data', 'end_date']),
  ),
})
export type CreatePinRequest = Infer<typeof CreatePinRequest>

export const CreatePinResult = object({
  device_id: Id,
  /** A credential's code names its window and the zone of its lock's place (decision 073). */
  details: object({
    pin: string(),
    valid_from: optional(IsoDateTime),
    valid_until: optional(IsoDateTime),
    time_zone: optional(string()),
  }),
  audit_id: Id,
})
export type CreatePinResult = Infer<typeof CreatePinResult>
