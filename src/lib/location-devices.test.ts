import { describe, expect, it } from 'vitest'
import { locationDevices } from './location-devices'

const device = (device_id: number, name = `Device ${device_id}`) => ({ device_id, name })

describe('locationDevices', () => {
  it('finds devices at every level of the nested location, in reading order', () => {
    const tree = {
      location_id: 1,
      devices: [device(1)],
      floors: [
        {
          floor_id: 10,
          devices: [device(2)],
          rooms: [
            {
              room_id: 100,
              devices: [],
              doors: [{ door_id: 1000, devices: [device(3), device(4)] }],
            },
          ],
        },
        { floor_id: 11, devices: [device(5)], rooms: [] },
      ],
    }
    expect(locationDevices(tree).map((d) => d.device_id)).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps each device once when it appears at several places', () => {
    const tree = {
      devices: [device(7, 'first')],
      floors: [{ devices: [device(7, 'again'), device(8)] }],
    }
    const found = locationDevices<{ device_id: number; name: string }>(tree)
    expect(found.map((d) => [d.device_id, d.name])).toEqual([
      [7, 'first'],
      [8, 'Device 8'],
    ])
  })

  it('finds nothing in a location without devices', () => {
    expect(locationDevices({ location_id: 1, floors: [{ floor_id: 2, rooms: [] }] })).toEqual([])
    expect(locationDevices(null)).toEqual([])
  })

  it('ignores a device_id that is not a number and does not descend into a device', () => {
    const tree = {
      devices: [{ device_id: '9' }, { device_id: 3, parts: [device(4)] }],
    }
    expect(locationDevices(tree).map((d) => d.device_id)).toEqual([3])
  })
})
