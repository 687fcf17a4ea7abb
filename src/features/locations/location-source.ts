import { fetchLocationPage } from '../../api/locations'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Location } from '../../contract/locations'
import { lockdownNeeds, needs } from '../../contract/permissions'
import { bulkRequests } from '../../device-commands/command-requests'
import { pathTo } from '../../contract/pages'
import { formatAddress } from './location-address'

const id = (location: Location) => location.location_id

/**
 * Locations in the palette (`~`): the list call's `search`, ordered by name. Enter opens the
 * building's view, which every reader may open; peek shows it in the list's drawer. "Add a floor"
 * and "upload a plan" open the same editors the screens' buttons open, through `?command=`.
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
  actions: [
    {
      id: 'location.open',
      opensItsPage: true,
      label: (LL) => LL.commands.locations.open(),
      needs: {},
      run: (ctx, location) => ctx.navigate(pathTo('locations-view', { id: id(location) })),
    },
    {
      id: 'location.peek',
      label: (LL) => LL.commands.locations.peek(),
      needs: {},
      run: (ctx, location) =>
        ctx.navigate(pathTo('locations', { peek: id(location), row: id(location) })),
    },
    {
      id: 'location.edit',
      label: (LL) => LL.commands.locations.edit(),
      needs: { anyOf: needs('locations', 'update') },
      run: (ctx, location) => ctx.navigate(pathTo('locations-edit', { id: id(location) })),
    },
    {
      id: 'location.lock-all',
      label: (LL) => LL.devices.bulk.lockAll(),
      needs: { anyOf: needs('devices', 'update') },
      run: (ctx, location) => {
        bulkRequests.request(id(location), 'lock')
        ctx.navigate(pathTo('locations-view', { id: id(location) }))
      },
    },
    {
      id: 'location.unlock-all',
      label: (LL) => LL.devices.bulk.unlockAll(),
      needs: { anyOf: needs('devices', 'update') },
      run: (ctx, location) => {
        bulkRequests.request(id(location), 'unlock')
        ctx.navigate(pathTo('locations-view', { id: id(location) }))
      },
    },
    {
      // "lock down acme" Enter: the location's page with the start dialog open (decision 051).
      id: 'location.lockdown',
      label: (LL) => LL.lockdown.lockDown(),
      needs: { anyOf: lockdownNeeds.start },
      run: (ctx, location) =>
        ctx.navigate(pathTo('locations-view', { id: id(location) }, { command: 'lockdown' })),
    },
    {
      id: 'location.add-floor',
      label: (LL) => LL.commands.locations.addFloor(),
      needs: { anyOf: needs('locations', 'create') },
      run: (ctx, location) =>
        ctx.navigate(pathTo('locations-view', { id: id(location) }, { command: 'add-floor' })),
    },
    {
      id: 'location.upload-plan',
      label: (LL) => LL.commands.locations.uploadPlan(),
      needs: { anyOf: needs('locations', 'update') },
      run: (ctx, location) =>
        ctx.navigate(
          pathTo('locations', { peek: id(location), row: id(location), command: 'upload-plan' }),
        ),
    },
  ],
}
