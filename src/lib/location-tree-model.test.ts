import { describe, expect, it } from 'vitest'
import type { LocationDeep } from '../contract/locations'
import { treeKey, typeAhead, visibleRows } from './location-tree-model'

const stamp = { organization_id: 1, created_at: '', updated_at: '' }
const device = (device_id: number, name: string) =>
  ({ device_id, name }) as LocationDeep['devices'][number]

const location = {
  location_id: 1,
  floors: [
    {
      ...stamp,
      floor_id: 10,
      location_id: 1,
      name: 'Ground',
      position: 0,
      plan_image_url: null,
      devices: [device(1, 'Lobby camera')],
      rooms: [
        {
          ...stamp,
          room_id: 100,
          floor_id: 10,
          location_id: 1,
          name: 'Hall',
          description: '',
          devices: [],
          doors: [
            {
              ...stamp,
              door_id: 1000,
              room_id: 100,
              floor_id: 10,
              location_id: 1,
              name: 'Main door',
              description: '',
              devices: [device(2, 'Main lock')],
            },
          ],
        },
      ],
    },
    {
      ...stamp,
      floor_id: 11,
      location_id: 1,
      name: 'Roof',
      position: 1,
      plan_image_url: null,
      devices: [],
      rooms: [],
    },
  ],
} as unknown as LocationDeep

const names = (expanded: string[]) =>
  visibleRows(location, new Set(expanded)).map((r) => `${r.level}:${r.name}`)

describe('the location tree', () => {
  it('shows floors, and the children of expanded nodes in order: rooms, then devices', () => {
    expect(names([])).toEqual(['1:Ground', '1:Roof'])
    expect(names(['floor:10', 'room:100', 'door:1000'])).toEqual([
      '1:Ground',
      '2:Hall',
      '3:Main door',
      '4:Main lock',
      '2:Lobby camera',
      '1:Roof',
    ])
  })

  it('numbers each node among its siblings for aria-posinset and aria-setsize', () => {
    const rows = visibleRows(location, new Set(['floor:10']))
    expect(rows.map((r) => `${r.name} ${r.posinset}/${r.setsize}`)).toEqual([
      'Ground 1/2',
      'Hall 1/2',
      'Lobby camera 2/2',
      'Roof 2/2',
    ])
  })

  it('says what a node holds, counted through collapsed levels', () => {
    const [ground] = visibleRows(location, new Set())
    expect(ground?.holds).toEqual({ rooms: 1, doors: 1, devices: 2 })
  })

  it('moves with the arrows, Home and End, expanding and collapsing with right and left', () => {
    const closed = visibleRows(location, new Set())
    expect(treeKey(closed, 0, 'ArrowDown')).toEqual({ type: 'focus', index: 1 })
    expect(treeKey(closed, 1, 'ArrowDown')).toEqual({ type: 'focus', index: 1 })
    expect(treeKey(closed, 0, 'End')).toEqual({ type: 'focus', index: 1 })
    expect(treeKey(closed, 1, 'Home')).toEqual({ type: 'focus', index: 0 })
    expect(treeKey(closed, 0, 'ArrowRight')).toEqual({ type: 'expand', key: 'floor:10' })
    expect(treeKey(closed, 1, 'ArrowRight')).toEqual({ type: 'none' })
    const open = visibleRows(location, new Set(['floor:10']))
    expect(treeKey(open, 0, 'ArrowRight')).toEqual({ type: 'focus', index: 1 })
    expect(treeKey(open, 0, 'ArrowLeft')).toEqual({ type: 'collapse', key: 'floor:10', index: 0 })
    expect(treeKey(open, 1, 'ArrowLeft')).toEqual({ type: 'focus', index: 0 })
    expect(treeKey(open, 0, 'ArrowLeft')).not.toEqual({ type: 'none' })
  })

  it('* opens every closed sibling that has children, and nothing else', () => {
    const closed = visibleRows(location, new Set())
    // Roof has no rooms, so only Ground opens.
    expect(treeKey(closed, 1, '*')).toEqual({ type: 'expandSiblings', keys: ['floor:10'] })
    const open = visibleRows(location, new Set(['floor:10']))
    expect(treeKey(open, 0, '*')).toEqual({ type: 'none' })
    expect(treeKey(open, 1, '*')).toEqual({ type: 'expandSiblings', keys: ['room:100'] })
  })

  it('type-ahead finds the next name with the typed start, wrapping around', () => {
    const rows = visibleRows(location, new Set(['floor:10']))
    expect(typeAhead(rows, 0, 'r')).toBe(3)
    expect(typeAhead(rows, 3, 'g')).toBe(0)
    expect(typeAhead(rows, 0, 'lo')).toBe(2)
    expect(typeAhead(rows, 0, 'x')).toBeNull()
    // A letter typed on keeps the row found while it still matches; a first letter moves on.
    const named = [{ name: 'Ground floor' }, { name: 'Ground floor Reception' }]
    expect(typeAhead(named, 0, 'gr')).toBe(0)
    expect(typeAhead(named, 0, 'ground floor r')).toBe(1)
    expect(typeAhead(named, 0, 'g')).toBe(1)
  })
})
