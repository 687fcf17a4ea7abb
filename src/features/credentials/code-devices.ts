import type { CredentialAssignmentType } from '../../contract/credentials'
import type { Device } from '../../contract/devices'
import type { LocationDeep } from '../../contract/locations'

/** Where a credential's offline code may be programmed: its device, or the devices at its place. */
export type CodeTarget = { type: CredentialAssignmentType; id: number }

const programsCodes = (device: Device) =>
  device.capabilities.includes('program_offline_access_codes')

/**
 * The devices at a door or in a whole location that can program offline codes, connected or not,
 * by name: found by walking the nested location for entries with a device_id, duplicates dropped
 * (requirements R7.8). A door's are the devices mounted on that door.
 */
export function codeDevicesAt(location: LocationDeep, target: CodeTarget): Device[] {
  const found = new Map<number, Device>()
  const add = (devices: readonly Device[]) => {
    for (const device of devices) if (programsCodes(device)) found.set(device.device_id, device)
  }
  const whole = target.type === 'location'
  if (whole) add(location.devices)
  for (const floor of location.floors) {
    if (whole) add(floor.devices)
    for (const room of floor.rooms) {
      if (whole) add(room.devices)
      for (const door of room.doors) if (whole || door.door_id === target.id) add(door.devices)
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name))
}

/** A device credential's own device, when it can program codes. */
export function codeDeviceOf(device: Device | undefined): Device[] {
  return device && programsCodes(device) ? [device] : []
}
