import type { Door } from '../contract/locations'

/**
 * What the door-mode panel and actions need of a door: the palette's door, a door picked in a
 * location's tree, or the door a lock hangs on (from the device's assignment) all have it.
 */
export type DoorRef = Pick<Door, 'door_id' | 'name' | 'location_id'>
