import type { DevicePlace } from '../../contract/devices'

/** Location › floor › room › door, as far down as the device is mounted. */
export function placeText(place: DevicePlace): string {
  return [place.location, place.floor, place.room, place.door]
    .filter((part): part is string => part !== null)
    .join(' › ')
}
