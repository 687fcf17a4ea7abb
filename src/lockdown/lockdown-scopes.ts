import type { ScopeChoice } from './lockdown-dialogs'

interface PlaceWithFloors {
  readonly location_id: number
  readonly organization_id: number
  readonly name: string
  readonly floors: readonly { readonly floor_id: number; readonly name: string }[]
}

/**
 * What "Lock down …" offers at a location, the first chosen: the floor picked in its tree (if
 * any), the location, each other floor, then the whole organization, named as its reader knows it.
 */
export function lockdownScopes(
  location: PlaceWithFloors,
  pickedFloorId: number | null,
  organizationName: string,
): [ScopeChoice, ...ScopeChoice[]] {
  const floorOf = (floor: PlaceWithFloors['floors'][number]): ScopeChoice => ({
    scope_type: 'floor',
    scope_id: floor.floor_id,
    name: `${location.name} › ${floor.name}`,
  })
  const picked = location.floors.find((floor) => floor.floor_id === pickedFloorId)
  const here: ScopeChoice = {
    scope_type: 'location',
    scope_id: location.location_id,
    name: location.name,
  }
  return [
    picked ? floorOf(picked) : here,
    ...(picked ? [here] : []),
    ...location.floors.filter((floor) => floor !== picked).map(floorOf),
    { scope_type: 'organization', scope_id: location.organization_id, name: organizationName },
  ]
}
