import type { EntitySource } from '../commands/entity-source'
import type { PaletteContext } from '../commands/registry'
import { credentialSource } from '../features/credentials/credential-source'
import { organizationSource } from '../features/organizations/organization-source'

/**
 * Every entity kind the palette searches, registered here by the areas as routes are in routes.ts.
 * Users, locations, devices and credentials join with their own `<area>-source.ts`.
 */
export const entitySources: readonly EntitySource<unknown, PaletteContext>[] = [
  organizationSource,
  credentialSource,
]
