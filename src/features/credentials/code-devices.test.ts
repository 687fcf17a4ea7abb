import { describe, expect, it } from 'vitest'
import type { Device } from '../../contract/devices'
import type { LocationDeep } from '../../contract/locations'
import { codeDeviceOf, codeDevicesAt } from './code-devices'

const device = (device_id: number, name: string, codes = true) =>
  ({
    device_id,
    name,
    capabilities: codes ? ['program_offline_access_codes'] : ['remotely_unlock'],
  }) as Device

const keypad = device(1, 'Keypad – Main door')
const lock = device(2, 'Lock – Main door')
const relay = device(3, 'Relay – Hall', false)
const backLock = device(4, 'Back door lock')

// Only the fields the walk reads: a location with a device on each level, one on two doors.
const location = {
  devices: [relay],
  floors: [
    {
      devices: [],
      rooms: [
        {
          devices: [device(5, 'Sensor', false)],
          doors: [
            { door_id: 10, devices: [lock, keypad] },
            { door_id: 11, devices: [backLock, keypad] },
          ],
        },
      ],
    },
  ],
} as unknown as LocationDeep

const names = (devices: Device[]) => devices.map((d) => d.name)

describe('the devices a credential’s offline code may be programmed on', () => {
  it('are the code devices on a door, by name', () => {
    expect(names(codeDevicesAt(location, { type: 'door', id: 10 }))).toEqual([
      'Keypad – Main door',
      'Lock – Main door',
    ])
    expect(codeDevicesAt(location, { type: 'door', id: 12 })).toEqual([])
  })

  it('are every code device in a location once, wherever it hangs', () => {
    expect(names(codeDevicesAt(location, { type: 'location', id: 1 }))).toEqual([
      'Back door lock',
      'Keypad – Main door',
      'Lock – Main door',
    ])
  })

  it('are a device credential’s own device only when it programs codes', () => {
    expect(codeDeviceOf(keypad)).toEqual([keypad])
    expect(codeDeviceOf(relay)).toEqual([])
    expect(codeDeviceOf(undefined)).toEqual([])
  })
})
