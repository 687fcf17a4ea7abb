import {
  array,
  define,
  enums,
  literal,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from './struct'
import { Id, IsoDateTime, requiredText } from './fields'
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

export const DoorModeSetting = object({
  door_id: Id,
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
  door_id: Id,
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
})
export type ModeLayer = Infer<typeof ModeLayer>

export const ModeChange = object({ at: IsoDateTime, mode: DoorModeValue, layer: ModeLayer })
export type ModeChange = Infer<typeof ModeChange>

export const ModeTimeline = object({
  door_id: Id,
  time_zone: string(),
  at: IsoDateTime,
  mode: DoorModeValue,
  layer: ModeLayer,
  under: array(ModeLayer),
  changes: array(ModeChange),
  /** The door's locks whose latest boundary has not reached them (not connected). */
  not_reached: array(Id),
})
export type ModeTimeline = Infer<typeof ModeTimeline>
