import { fetchDevicePage } from '../../api/devices'
import { listSearch } from '../../commands/entity-search'
import type { EntitySource } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import { is } from 'superstruct'
import { Capability, type Device } from '../../contract/devices'
import { needs } from '../../contract/permissions'
import { placeText } from './device-place'
import { deviceActions } from './device-actions'

const order = { order_by: 'name', order_direction: 'asc' } as const

/**
 * Devices in the palette (`#`): the list call's search, by name. Enter opens the device; its
 * actions page offers the commands it can take now, the others with their reason.
 */
export const deviceSource: EntitySource<Device, PaletteContext> = {
  kind: 'devices',
  heading: (LL) => LL.devices.paletteHeading(),
  needs: { anyOf: needs('devices', 'read') },
  search: listSearch(fetchDevicePage, order),
  // A capability the contract does not know narrows nothing: the plain search.
  searchCapable: (text, capability, signal) =>
    is(capability, Capability)
      ? listSearch((query, s) => fetchDevicePage({ ...query, capability }, s), order)(text, signal)
      : deviceSource.search(text, signal),
  view: (device) => ({
    id: String(device.device_id),
    title: device.name,
    subtitle: placeText(device.place),
  }),
  actions: deviceActions,
}
