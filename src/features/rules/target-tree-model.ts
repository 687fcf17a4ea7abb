import type { RuleTarget, RuleTargetType } from '../../contract/access-model'
import type { LocationDeep } from '../../contract/locations'
import { visibleRows, type TreeRow } from '../../lib/location-tree-model'

// The places an access rule may name, as one building's tree with the building itself at its
// root: building → floors → rooms → doors, and the devices mounted on each. The location's own
// tree (lib/location-tree-model.ts) gives the floors and below; the keys move through both alike.
// A chosen place covers everything under it, so choosing one drops the chosen places inside it
// and the places under a chosen one are shown as included, not offered again.

export interface TargetRow extends Pick<
  TreeRow,
  'key' | 'id' | 'name' | 'level' | 'posinset' | 'setsize' | 'parentKey' | 'childCount' | 'expanded'
> {
  kind: RuleTargetType
}

export const targetKey = (type: RuleTargetType, id: number) => `${type}:${id}`

export const rootKey = (location: LocationDeep) => targetKey('location', location.location_id)

/** The rows a reader sees: the building, and the children of each expanded node, in order. */
export function targetRows(location: LocationDeep, expanded: ReadonlySet<string>): TargetRow[] {
  const key = rootKey(location)
  const childCount = location.floors.length + location.devices.length
  const open = childCount > 0 && expanded.has(key)
  const root: TargetRow = {
    key,
    kind: 'location',
    id: location.location_id,
    name: location.name,
    level: 1,
    posinset: 1,
    setsize: 1,
    parentKey: null,
    childCount,
    expanded: open,
  }
  if (!open) return [root]
  const inside = visibleRows(location, expanded).map((row): TargetRow => ({
    key: row.key,
    kind: row.kind,
    id: row.id,
    name: row.name,
    level: row.level + 1,
    posinset: row.posinset,
    setsize: row.parentKey === null ? childCount : row.setsize,
    parentKey: row.parentKey ?? key,
    childCount: row.childCount,
    expanded: row.expanded,
  }))
  const devices = location.devices.map((device, index): TargetRow => ({
    key: targetKey('device', device.device_id),
    kind: 'device',
    id: device.device_id,
    name: device.name,
    level: 2,
    posinset: location.floors.length + index + 1,
    setsize: childCount,
    parentKey: key,
    childCount: 0,
    expanded: false,
  }))
  return [root, ...inside, ...devices]
}

/** Every node's key, so the whole tree can be laid out at once. */
function everyKey(location: LocationDeep): Set<string> {
  const keys = new Set<string>()
  let rows = targetRows(location, keys)
  // Each pass opens one more level; a building is a handful of levels deep.
  while (rows.some((row) => row.childCount > 0 && !keys.has(row.key))) {
    for (const row of rows) keys.add(row.key)
    rows = targetRows(location, keys)
  }
  return keys
}

/** The keys of every place under `key` in the building, however deep and whether open or not. */
export function keysUnder(location: LocationDeep, key: string): Set<string> {
  const rows = targetRows(location, everyKey(location))
  const under = new Set<string>()
  for (const row of rows)
    if (row.parentKey !== null && (row.parentKey === key || under.has(row.parentKey)))
      under.add(row.key)
  return under
}

/** The chosen place above a row that already covers it, or null. */
export function coveringTarget(
  rows: readonly TargetRow[],
  index: number,
  chosen: ReadonlySet<string>,
): TargetRow | null {
  const byKey = new Map(rows.map((row) => [row.key, row]))
  let parent = rows[index]?.parentKey ?? null
  while (parent !== null) {
    const row = byKey.get(parent)
    if (row === undefined) return null
    if (chosen.has(row.key)) return row
    parent = row.parentKey
  }
  return null
}

/**
 * Space on a row: a chosen place is dropped; a free one is chosen and the chosen places inside it
 * are dropped (it covers them now); one a chosen place already covers stays as it is.
 */
export function toggleTarget(
  targets: readonly RuleTarget[],
  location: LocationDeep,
  rows: readonly TargetRow[],
  index: number,
): RuleTarget[] {
  const row = rows[index]
  const chosen = new Set(targets.map((t) => targetKey(t.type, t.id)))
  if (row === undefined || coveringTarget(rows, index, chosen) !== null) return [...targets]
  if (chosen.has(row.key)) return targets.filter((t) => targetKey(t.type, t.id) !== row.key)
  const under = keysUnder(location, row.key)
  return [
    ...targets.filter((t) => !under.has(targetKey(t.type, t.id))),
    { type: row.kind, id: row.id, name: row.name },
  ]
}
