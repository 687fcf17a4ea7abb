import type { Door } from '../contract/locations'
import {
  deviceModePath,
  deviceOverridePath,
  deviceTimelinePath,
  doorModePath,
  doorOverridePath,
  doorTimelinePath,
} from '../contract/door-modes'

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
