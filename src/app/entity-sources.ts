import type { EntitySource } from '../commands/entity-source'
import type { PaletteContext } from '../commands/registry'
import { organizationSource } from '../features/organizations/organization-source'
import { userSource } from '../features/users/user-source'

/**
 * Every entity kind the palette searches, registered here by the areas as routes are in routes.ts.
 * Locations, devices and credentials join with their own `<area>-source.ts`.
 */
export const entitySources: readonly EntitySource<unknown, PaletteContext>[] = [
  organizationSource,
  userSource,
]
