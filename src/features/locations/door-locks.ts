import type { LocationDeep } from '../../contract/locations'

/** The names of the devices on one door of the building, by device id. */
export function doorLocks(location: LocationDeep, doorId: number): ReadonlyMap<number, string> {
  const names = new Map<number, string>()
  for (const floor of location.floors)
    for (const room of floor.rooms)
      for (const door of room.doors)
        if (door.door_id === doorId)
          for (const device of door.devices) names.set(device.device_id, device.name)
  return names
}
