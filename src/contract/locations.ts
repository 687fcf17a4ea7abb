import {
  array,
  enums,
  integer,
  nullable,
  object,
  optional,
  partial,
  string,
  type Infer,
} from './struct'
import { Device } from './devices'
import {
  Id,
  ImageUrl,
  IsoDateTime,
  optionalText,
  requiredId,
  requiredInt,
  requiredText,
} from './fields'
import { listQuery } from './list'
import { TimeZone } from './time-zone'

const address = {
  street: string(),
  number: string(),
  postal_code: string(),
  locality: string(),
}

export const FloorSummary = object({ floor_id: Id, name: string() })
export type FloorSummary = Infer<typeof FloorSummary>

export const Location = object({
  location_id: Id,
  organization_id: Id,
  name: string(),
  ...address,
  description: string(),
  image_url: nullable(string()),
  /** Its own IANA zone, or null for its organization's (decision 065). */
  time_zone: nullable(string()),
  floors: array(FloorSummary),
  /** How many rooms, doors and devices the location holds (the list shows them). */
  room_count: integer(),
  door_count: integer(),
  device_count: integer(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Location = Infer<typeof Location>

export const LocationInput = object({
  name: requiredText('name', 200),
  street: optional(optionalText(200)),
  number: optional(optionalText(20)),
  postal_code: optional(optionalText(20)),
  locality: optional(optionalText(200)),
  description: optional(optionalText(2000)),
  image_url: optional(nullable(ImageUrl)),
  /** null or absent: the organization's zone. */
  time_zone: optional(nullable(TimeZone)),
  /** Defaults to the caller's organization. */
  organization_id: optional(Id),
})
export type LocationInput = Infer<typeof LocationInput>

export const LocationUpdate = partial(LocationInput)
export type LocationUpdate = Infer<typeof LocationUpdate>

export const locationSortKeys = [
  'location_id',
  'name',
  'locality',
  'postal_code',
  'created_at',
] as const
export const LocationListQuery = listQuery(locationSortKeys, 'location_id')

export const LocationQuery = object({ deep: optional(enums(['true', 'false'])) })

export const Floor = object({
  floor_id: Id,
  location_id: Id,
  organization_id: Id,
  name: string(),
  /** The storey: 0 ground floor, negative below ground. */
  position: integer(),
  plan_image_url: nullable(string()),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Floor = Infer<typeof Floor>

export const FloorInput = object({
  location_id: requiredId('location'),
  name: requiredText('name', 200),
  position: requiredInt('position', -200, 500),
  plan_image_url: optional(nullable(ImageUrl)),
})
export type FloorInput = Infer<typeof FloorInput>
export const FloorUpdate = partial(FloorInput)
export type FloorUpdate = Infer<typeof FloorUpdate>

export const Room = object({
  room_id: Id,
  floor_id: Id,
  location_id: Id,
  organization_id: Id,
  name: string(),
  description: string(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Room = Infer<typeof Room>

export const RoomInput = object({
  floor_id: requiredId('floor'),
  name: requiredText('name', 200),
  description: optional(optionalText(2000)),
})
export type RoomInput = Infer<typeof RoomInput>
export const RoomUpdate = partial(RoomInput)
export type RoomUpdate = Infer<typeof RoomUpdate>

export const Door = object({
  door_id: Id,
  room_id: Id,
  floor_id: Id,
  location_id: Id,
  organization_id: Id,
  name: string(),
  description: string(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Door = Infer<typeof Door>

export const DoorInput = object({
  room_id: requiredId('room'),
  name: requiredText('name', 200),
  description: optional(optionalText(2000)),
})
export type DoorInput = Infer<typeof DoorInput>
export const DoorUpdate = partial(DoorInput)
export type DoorUpdate = Infer<typeof DoorUpdate>

export const doorSortKeys = ['door_id', 'name', 'created_at'] as const
export const DoorListQuery = listQuery(doorSortKeys, 'door_id')

/** POST /org/v1/doors: a batch lookup (requirements R7.7), by ids and/or location. */
export const DoorLookup = object({
  door_ids: optional(array(Id)),
  location_id: optional(Id),
})
export type DoorLookup = Infer<typeof DoorLookup>

// GET /sbm/v1/locations/{id}?deep=true: every level carries the devices mounted on it, so the
// console finds a location's devices by walking the tree for entries with a device_id (requirements
// R7.8).
export const DoorDeep = object({ ...Door.schema, devices: array(Device) })
export type DoorDeep = Infer<typeof DoorDeep>
export const RoomDeep = object({ ...Room.schema, doors: array(DoorDeep), devices: array(Device) })
export type RoomDeep = Infer<typeof RoomDeep>
export const FloorDeep = object({ ...Floor.schema, rooms: array(RoomDeep), devices: array(Device) })
export type FloorDeep = Infer<typeof FloorDeep>
export const LocationDeep = object({
  ...Location.schema,
  floors: array(FloorDeep),
  devices: array(Device),
})
export type LocationDeep = Infer<typeof LocationDeep>
