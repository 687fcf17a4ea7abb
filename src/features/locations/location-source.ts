import { fetchLocationPage } from '../../api/locations'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Location } from '../../contract/locations'
import { needs } from '../../contract/permissions'
import { formatAddress } from './location-address'
import { locationActions } from './location-actions'

/**
 * Locations in the palette (`~`): the list call's `search`, ordered by name. Enter opens the
 * building's view, which every reader may open; its actions are location-actions.tsx.
 */
export const locationSource: EntitySource<Location, PaletteContext> = {
  kind: 'locations',
  heading: (LL) => LL.commands.locations.heading(),
  needs: { anyOf: needs('locations', 'read') },
  search: listSearch(fetchLocationPage, { order_by: 'name', order_direction: 'asc' }),
  view: (location) => {
    const address = formatAddress(location)
    return {
      id: String(location.location_id),
      title: location.name,
      ...(address === '' ? {} : { subtitle: address }),
    }
  },
  actions: locationActions,
}
