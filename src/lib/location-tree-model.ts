import type { Device } from '../contract/devices'
import type { LocationDeep } from '../contract/locations'

// The building as a WAI-ARIA tree: floors → rooms → doors, with the devices mounted on each level
// as leaves. Pure, so every key's effect is unit-tested; the components only render and do I/O.
// The location's own tree edits it (features/locations); an access rule's form picks places in it
// (features/rules).

export type NodeKind = 'floor' | 'room' | 'door' | 'device'

export interface TreeRow {
  /** `floor:12`: unique across kinds. */
  key: string
  kind: NodeKind
  id: number
  name: string
  /** A floor's storey (negative below ground); null for rooms, doors and devices. */
  position: number | null
  level: number
  /** Position among its siblings, from 1, and how many siblings there are (aria-posinset/setsize). */
  posinset: number
  setsize: number
  parentKey: string | null
  /** Child nodes (rooms, doors or devices) this node holds. */
  childCount: number
  expanded: boolean
  /** What deleting this node takes with it. */
  holds: Holdings
}

export interface Holdings {
  rooms: number
  doors: number
  devices: number
}

interface Source {
  kind: NodeKind
  id: number
  name: string
  position?: number
  children: Source[]
}

const nodeKey = (kind: NodeKind, id: number) => `${kind}:${id}`

const deviceNodes = (devices: readonly Device[]): Source[] =>
  devices.map((d) => ({ kind: 'device', id: d.device_id, name: d.name, children: [] }))

function sources(location: LocationDeep): Source[] {
  return location.floors.map((floor) => ({
    kind: 'floor',
    id: floor.floor_id,
    name: floor.name,
    position: floor.position,
    children: [
      ...floor.rooms.map((room): Source => ({
        kind: 'room',
        id: room.room_id,
        name: room.name,
        children: [
          ...room.doors.map((door): Source => ({
            kind: 'door',
            id: door.door_id,
            name: door.name,
            children: deviceNodes(door.devices),
          })),
          ...deviceNodes(room.devices),
        ],
      })),
      ...deviceNodes(floor.devices),
    ],
  }))
}

function holdingsOf(node: Source): Holdings {
  const total: Holdings = { rooms: 0, doors: 0, devices: 0 }
  const walk = (children: Source[]) => {
    for (const child of children) {
      if (child.kind === 'room') total.rooms += 1
      else if (child.kind === 'door') total.doors += 1
      else if (child.kind === 'device') total.devices += 1
      walk(child.children)
    }
  }
  walk(node.children)
  return total
}

/** The rows a reader sees: every floor, and the children of each expanded node, in order. */
export function visibleRows(location: LocationDeep, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = []
  const add = (nodes: Source[], level: number, parentKey: string | null) => {
    for (const [index, node] of nodes.entries()) {
      const key = nodeKey(node.kind, node.id)
      const open = node.children.length > 0 && expanded.has(key)
      rows.push({
        key,
        kind: node.kind,
        id: node.id,
        name: node.name,
        position: node.position ?? null,
        level,
        posinset: index + 1,
        setsize: nodes.length,
        parentKey,
        childCount: node.children.length,
        expanded: open,
        holds: holdingsOf(node),
      })
      if (open) add(node.children, level + 1, key)
    }
  }
  add(sources(location), 1, null)
  return rows
}

export type TreeKeyResult =
  | { type: 'focus'; index: number }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string; index: number }
  | { type: 'expandSiblings'; keys: string[] }
  | { type: 'none' }

/** What the keys read of a row: any tree whose rows say where they hang and what they hold. */
export type KeyRow = Pick<TreeRow, 'key' | 'parentKey' | 'childCount' | 'expanded'>

/** Arrows, Home, End and * (open every sibling) as the WAI-ARIA tree pattern describes them. */
export function treeKey(rows: readonly KeyRow[], index: number, key: string): TreeKeyResult {
  const row = rows[index]
  if (row === undefined) return rows.length > 0 ? { type: 'focus', index: 0 } : { type: 'none' }
  const last = rows.length - 1
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: Math.min(index + 1, last) }
    case 'ArrowUp':
      return { type: 'focus', index: Math.max(index - 1, 0) }
    case 'Home':
      return { type: 'focus', index: 0 }
    case 'End':
      return { type: 'focus', index: last }
    case 'ArrowRight':
      if (row.childCount === 0) return { type: 'none' }
      return row.expanded ? { type: 'focus', index: index + 1 } : { type: 'expand', key: row.key }
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', key: row.key, index }
      const parent = rows.findIndex((r) => r.key === row.parentKey)
      return parent < 0 ? { type: 'none' } : { type: 'focus', index: parent }
    }
    case '*': {
      const keys = rows
        .filter((r) => r.parentKey === row.parentKey && r.childCount > 0 && !r.expanded)
        .map((r) => r.key)
      return keys.length === 0 ? { type: 'none' } : { type: 'expandSiblings', keys }
    }
    default:
      return { type: 'none' }
  }
}

/**
 * Type-ahead: the next row after `index` (wrapping) whose name starts with `text`. A letter typed
 * on (`text` longer than one) keeps the row it already found when that still matches, as the
 * WAI-ARIA tree pattern has it: "gr" after "g" stays on "Ground floor", not on the room after it.
 */
export function typeAhead(
  rows: readonly Pick<TreeRow, 'name'>[],
  index: number,
  text: string,
): number | null {
  const wanted = text.toLocaleLowerCase()
  const first = text.length > 1 ? 0 : 1
  for (let step = first; step < rows.length + first; step += 1) {
    const at = (index + step) % rows.length
    if (rows[at]?.name.toLocaleLowerCase().startsWith(wanted)) return at
  }
  return null
}

/** What a new child of a node is, if it can have one made in place. */
export const childKind: Partial<Record<NodeKind, 'room' | 'door'>> = { floor: 'room', room: 'door' }
