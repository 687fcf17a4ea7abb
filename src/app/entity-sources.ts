import type { EntitySource } from '../commands/entity-source'
import type { PaletteContext } from '../commands/registry'
import { locationSource } from '../features/locations/location-source'
import { organizationSource } from '../features/organizations/organization-source'

/**
 * Every entity kind the palette searches, registered here by the areas as routes are in routes.ts.
 * Users, locations, devices and credentials join with their own `<area>-source.ts`.
 */
export const entitySources: readonly EntitySource<unknown, PaletteContext>[] = [
  organizationSource,
  locationSource,
]
