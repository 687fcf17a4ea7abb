import {
  array,
  boolean,
  define,
  integer,
  enums,
  literal,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from './struct'
import { IsoDate, WallTime } from './access-model'
import { Id, IsoDateTime, requiredText } from './fields'
import type { Door } from './locations'
import { fail } from './rules'

// Door modes (decision 069): a door's mode schedule, overrides, and the answer to "why is this door
// unlocked?" with the week's changes. The server decides the mode by one rule of layers.

export const DOORS_PATH = '/sbm/v1/doors'

/** How far ahead an override may end, and the timeline looks. */
export const OVERRIDE_MAX_DAYS = 7
export const TIMELINE_DAYS = 7

export const doorModes = ['locked', 'unlocked'] as const
export const DoorModeValue = enums(doorModes)
export type DoorModeValue = Infer<typeof DoorModeValue>

export const DoorModeInput = object({
  schedule_id: Id,
  mode_in_schedule: optional(literal('unlocked')),
  mode_outside: optional(literal('locked')),
  first_person_in_group_id: optional(nullable(Id)),
})
export type DoorModeInput = Infer<typeof DoorModeInput>

/** A mode schedule: a door's (`door_id`), or a lock's with no door (`device_id`, decision 072). */
export const DoorModeSetting = object({
  door_id: nullable(Id),
  device_id: nullable(Id),
  organization_id: Id,
  schedule_id: Id,
  schedule_name: string(),
  mode_in_schedule: literal('unlocked'),
  mode_outside: literal('locked'),
  first_person_in_group_id: nullable(Id),
  first_person_in_group_name: nullable(string()),
  updated_at: IsoDateTime,
})
export type DoorModeSetting = Infer<typeof DoorModeSetting>

// An instant with its offset, or a wall time of the place (`2027-03-28T02:30`, no offset): a time
// the place's clock skips is read as the first moment at or after it (decision 069).
const LOCAL_OR_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?$/
export const OverrideUntil = define<string>(
  'override_until',
  (v) =>
    (typeof v === 'string' && LOCAL_OR_INSTANT.test(v) && !Number.isNaN(Date.parse(v))) ||
    fail('datetime_invalid', 'Expected an ISO 8601 date and time, e.g. 2027-06-09T18:00.'),
)

export const OverrideInput = object({
  mode: DoorModeValue,
  until: OverrideUntil,
  reason: requiredText('reason', 500),
})
export type OverrideInput = Infer<typeof OverrideInput>

export const overrideKinds = ['override', 'command'] as const

export const DoorOverride = object({
  override_id: Id,
  door_id: nullable(Id),
  device_id: nullable(Id),
  kind: enums(overrideKinds),
  mode: DoorModeValue,
  from_at: IsoDateTime,
  until: nullable(IsoDateTime),
  reason: string(),
  set_by_email: string(),
  ended_at: nullable(IsoDateTime),
})
export type DoorOverride = Infer<typeof DoorOverride>

export const layerKinds = [
  'lockdown',
  'override',
  'command',
  'snow_day',
  'exception',
  'schedule',
  'default',
] as const

/** One layer speaking at a moment; which ids it carries follows from its kind. */
export const ModeLayer = object({
  kind: enums(layerKinds),
  mode: DoorModeValue,
  lockdown_id: optional(Id),
  override_id: optional(Id),
  until: optional(nullable(IsoDateTime)),
  snow_day_id: optional(Id),
  schedule_id: optional(Id),
  exception: optional(string()),
  first_person_in: optional(
    object({
      group_id: Id,
      opened_by: nullable(Id),
      opened_at: nullable(IsoDateTime),
    }),
  ),
  /**
   * What a person reads for the layer: the schedule's or the lockdown's scope name, an override's or a
   * snow day's reason, the exception's calendar entry. Absent for the default.
   */
  name: optional(string()),
  /** Who set an override or sent a manual command, or opened the day (first person in). */
  by_email: optional(nullable(string())),
})
export type ModeLayer = Infer<typeof ModeLayer>

export const ModeChange = object({ at: IsoDateTime, mode: DoorModeValue, layer: ModeLayer })
export type ModeChange = Infer<typeof ModeChange>

/** A door's timeline, or a lock's with no door (`device_id`, decision 072). */
export const ModeTimeline = object({
  door_id: nullable(Id),
  device_id: nullable(Id),
  time_zone: string(),
  at: IsoDateTime,
  mode: DoorModeValue,
  layer: ModeLayer,
  under: array(ModeLayer),
  changes: array(ModeChange),
  /** The door's locks (or the lock) whose latest boundary has not reached them (not connected). */
  not_reached: array(Id),
})
export type ModeTimeline = Infer<typeof ModeTimeline>

/**
 * GET /sbm/v1/doors/modes?door_ids=1,2,3 (at most `DOOR_MODES_MAX` ids): each door's mode now and
 * the layer that decides it, for the location tree's door rows. Doors out of scope are left out.
 */
export const DOOR_MODES_MAX = 100
export const DoorModeNow = object({
  door_id: Id,
  mode: DoorModeValue,
  kind: enums(layerKinds),
  /** When the deciding layer ends, if it has an end (an override, a lockdown has none). */
  until: nullable(IsoDateTime),
  /** A lock on the door did not get its latest boundary's command (not connected). */
  not_reached: boolean(),
})
export type DoorModeNow = Infer<typeof DoorModeNow>
export const DoorModeNowList = object({ items: array(DoorModeNow) })
export type DoorModeNowList = Infer<typeof DoorModeNowList>

/**
 * GET /sbm/v1/doors/attention: what the dashboard's "Needs attention" lists about door modes in the
 * caller's scope: doors an override unlocks now, and locks a boundary has not reached.
 */
export const DoorAttention = object({
  overridden: array(
    object({
      door_id: Id,
      door_name: string(),
      location_id: Id,
      location_name: string(),
      mode: DoorModeValue,
      until: nullable(IsoDateTime),
      reason: string(),
      by_email: string(),
    }),
  ),
  /** A door's lock, or a lock on no door keeping its own mode (door null, decision 072). */
  not_reached: array(
    object({
      door_id: nullable(Id),
      door_name: nullable(string()),
      location_id: Id,
      device_id: Id,
      device_name: string(),
      mode: DoorModeValue,
      boundary: IsoDateTime,
    }),
  ),
})
export type DoorAttention = Infer<typeof DoorAttention>

// ——— Snow days: a place's doors open late or close early on one date (decision 069) ———

export const snowDayKinds = ['open_late', 'close_early'] as const
export const SnowDayKind = enums(snowDayKinds)
export type SnowDayKind = Infer<typeof SnowDayKind>

/** POST /sbm/v1/locations/{id}/snow-days[?dry_run=true] */
export const SnowDayInput = object({
  date: IsoDate,
  kind: SnowDayKind,
  time: WallTime,
  reason: requiredText('reason', 500),
})
export type SnowDayInput = Infer<typeof SnowDayInput>

export const SnowDay = object({
  snow_day_id: Id,
  location_id: Id,
  date: string(),
  kind: SnowDayKind,
  time: string(),
  reason: string(),
  created_at: IsoDateTime,
})
export type SnowDay = Infer<typeof SnowDay>
export const SnowDayList = object({ items: array(SnowDay) })

/**
 * A door the snow day changes: its mode changes on that date without and with it. A lock on no
 * door keeping its own mode (decision 072) is one too: `device_id` set, `door_id` null, named by
 * the lock's name.
 */
export const SnowDayDoor = object({
  door_id: nullable(Id),
  device_id: nullable(Id),
  door_name: string(),
  before: array(object({ at: IsoDateTime, mode: DoorModeValue })),
  after: array(object({ at: IsoDateTime, mode: DoorModeValue })),
})
export type SnowDayDoor = Infer<typeof SnowDayDoor>

/** The answer to a dry run (nothing saved) and to a save (201): the doors it changes. */
export const SnowDayPlan = object({
  dry_run: boolean(),
  snow_day: nullable(SnowDay),
  time_zone: string(),
  doors: array(SnowDayDoor),
  /** Doors with a schedule at the place that the snow day leaves as they are. */
  unchanged: integer(),
})
export type SnowDayPlan = Infer<typeof SnowDayPlan>

export const snowDaysPath = (locationId: number) => `/sbm/v1/locations/${locationId}/snow-days`
export const SNOW_DAYS_PATH = '/sbm/v1/snow-days'
export const doorModePath = (doorId: number) => `${DOORS_PATH}/${doorId}/mode`
export const doorOverridePath = (doorId: number) => `${DOORS_PATH}/${doorId}/override`
export const doorTimelinePath = (doorId: number) => `${DOORS_PATH}/${doorId}/mode-timeline`
export const DOOR_MODES_NOW_PATH = `${DOORS_PATH}/modes`
export const DOOR_ATTENTION_PATH = `${DOORS_PATH}/attention`
/**
 * A lock with no door keeps its own mode schedule, overrides and timeline, with the door's bodies
 * and rules (decision 072); a lock on a door follows its door (409 naming it).
 */
export const DEVICE_MODES_BASE = '/sbm/v1/devices'
export const deviceModePath = (deviceId: number) => `${DEVICE_MODES_BASE}/${deviceId}/mode`
export const deviceOverridePath = (deviceId: number) => `${DEVICE_MODES_BASE}/${deviceId}/override`
export const deviceTimelinePath = (deviceId: number) =>
  `${DEVICE_MODES_BASE}/${deviceId}/mode-timeline`

// ——— What keeps a mode, as the console names it: a door, or a lock on no door (decision 072) ———

/**
 * What the door-mode panel and actions need of a door: the palette's door, a door picked in a
 * location's tree, or the door a lock hangs on (from the device's assignment) all have it.
 */
export type DoorRef = Pick<Door, 'door_id' | 'name' | 'location_id'>

/** A lock on no door, whose mode is its own (decision 072): the device page, the palette's lock. */
export interface LockRef {
  device_id: number
  name: string
  location_id: number
}

/** What keeps a mode: a door (its locks follow it), or a lock with no door. */
export type ModeRef = DoorRef | LockRef

const isDoor = (ref: ModeRef): ref is DoorRef => 'door_id' in ref

/** The API's paths of a mode's owner: its mode schedule, override and timeline. */
export function modePaths(ref: ModeRef) {
  return isDoor(ref)
    ? {
        mode: doorModePath(ref.door_id),
        override: doorOverridePath(ref.door_id),
        timeline: doorTimelinePath(ref.door_id),
      }
    : {
        mode: deviceModePath(ref.device_id),
        override: deviceOverridePath(ref.device_id),
        timeline: deviceTimelinePath(ref.device_id),
      }
}

/** The owner's key in the query cache: `door:12`, `device:40`. */
export const modeKey = (ref: ModeRef) =>
  isDoor(ref) ? `door:${ref.door_id}` : `device:${ref.device_id}`

/** The owner's id: the door's, or the lock's. */
export const modeOwnerId = (ref: ModeRef) => (isDoor(ref) ? ref.door_id : ref.device_id)
