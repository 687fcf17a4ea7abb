import { describe, expect, it } from 'vitest'
import type { LocationDeep } from '../../contract/locations'
import { treeKey } from '../../lib/location-tree-model'
import { coveringTarget, keysUnder, targetRows, toggleTarget } from './target-tree-model'

const stamp = { organization_id: 1, created_at: '', updated_at: '', description: '' }
const device = (device_id: number, name: string) =>
  ({ device_id, name }) as LocationDeep['devices'][number]
const door = (door_id: number, name: string, devices: LocationDeep['devices']) => ({
  ...stamp,
  door_id,
  room_id: 100,
  floor_id: 10,
  location_id: 1,
  name,
  devices,
})

const building = {
  location_id: 1,
  name: 'Acme HQ',
  devices: [device(9, 'Gate camera')],
  floors: [
    {
      ...stamp,
      floor_id: 10,
      location_id: 1,
      name: 'Ground floor',
      position: 0,
      plan_image_url: null,
      devices: [],
      rooms: [
        {
          ...stamp,
          room_id: 100,
          floor_id: 10,
          location_id: 1,
          name: 'Reception',
          devices: [],
          doors: [door(1000, 'Reception door', [device(2, 'Reception keypad')])],
        },
      ],
    },
    {
      ...stamp,
      floor_id: 11,
      location_id: 1,
      name: 'First floor',
      position: 1,
      plan_image_url: null,
      devices: [],
      rooms: [],
    },
  ],
} as unknown as LocationDeep

const names = (rows: { name: string; level: number }[]) => rows.map((r) => `${r.level} ${r.name}`)
const all = new Set(['location:1', 'floor:10', 'room:100', 'door:1000'])

describe('the places of an access rule', () => {
  it('put the building at the root, its floors and its own devices under it', () => {
    expect(names(targetRows(building, new Set()))).toEqual(['1 Acme HQ'])
    const open = targetRows(building, new Set(['location:1']))
    expect(names(open)).toEqual(['1 Acme HQ', '2 Ground floor', '2 First floor', '2 Gate camera'])
    expect(open.slice(1).map((r) => [r.posinset, r.setsize, r.parentKey])).toEqual([
      [1, 3, 'location:1'],
      [2, 3, 'location:1'],
      [3, 3, 'location:1'],
    ])
    expect(names(targetRows(building, all))).toEqual([
      '1 Acme HQ',
      '2 Ground floor',
      '3 Reception',
      '4 Reception door',
      '5 Reception keypad',
      '2 First floor',
      '2 Gate camera',
    ])
  })

  it('move by the location tree’s keys, the building included', () => {
    const rows = targetRows(building, new Set(['location:1']))
    expect(treeKey(rows, 0, 'ArrowDown')).toEqual({ type: 'focus', index: 1 })
    expect(treeKey(rows, 1, 'ArrowRight')).toEqual({ type: 'expand', key: 'floor:10' })
    expect(treeKey(rows, 1, 'ArrowLeft')).toEqual({ type: 'focus', index: 0 })
    expect(treeKey(rows, 0, 'ArrowLeft')).toEqual({ type: 'collapse', key: 'location:1', index: 0 })
  })

  it('know what lies under a place, open or not', () => {
    expect([...keysUnder(building, 'floor:10')]).toEqual(['room:100', 'door:1000', 'device:2'])
    expect(keysUnder(building, 'floor:11').size).toBe(0)
    expect(keysUnder(building, 'location:1').size).toBe(6)
  })

  it('choose a place, dropping the chosen places inside it, and leave what it covers alone', () => {
    const rows = targetRows(building, all)
    const door = rows.findIndex((r) => r.key === 'door:1000')
    const floor = rows.findIndex((r) => r.key === 'floor:10')
    const withDoor = toggleTarget([], building, rows, door)
    expect(withDoor).toEqual([{ type: 'door', id: 1000, name: 'Reception door' }])
    const withFloor = toggleTarget(withDoor, building, rows, floor)
    expect(withFloor).toEqual([{ type: 'floor', id: 10, name: 'Ground floor' }])
    // Under a chosen floor the door is included: Space there changes nothing.
    expect(coveringTarget(rows, door, new Set(['floor:10']))?.name).toBe('Ground floor')
    expect(toggleTarget(withFloor, building, rows, door)).toEqual(withFloor)
    // Space again on the floor drops it.
    expect(toggleTarget(withFloor, building, rows, floor)).toEqual([])
  })

  it('keep places chosen in other buildings when one here is chosen', () => {
    const rows = targetRows(building, all)
    const elsewhere = { type: 'door' as const, id: 5000, name: 'Warehouse gate' }
    expect(toggleTarget([elsewhere], building, rows, 0)).toEqual([
      elsewhere,
      { type: 'location', id: 1, name: 'Acme HQ' },
    ])
  })
})
