import { fetchDevicePage } from '../../api/devices'
import type { EntityCommand } from '../../commands/command'
import { listSearch } from '../../commands/entity-search'
import type { EntitySource } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import { commandCapability, deviceCommands, type Device } from '../../contract/devices'
import { needs } from '../../contract/permissions'
import { deviceRequests } from '../../device-commands/command-requests'
import { pathTo } from '../../contract/pages'
import { placeText } from './device-place'
import { deletePath } from './device-links'

// Commands need what the server requires to send them (devices:update); the palette hides them
// from others, whose device view still shows the buttons disabled with that reason.
const commandActions = deviceCommands.map((command): EntityCommand<Device, PaletteContext> => ({
  id: `device.${command}`,
  label: (LL) => LL.devices.command[command](),
  needs: {
    anyOf: needs('devices', 'update'),
    capability: commandCapability[command],
    online: true,
  },
  // The device's view shows the command's outcome; the request opens its confirmation there.
  run: (ctx, device) => {
    deviceRequests.request(device.device_id, command)
    ctx.navigate(pathTo('devices-view', { id: device.device_id }))
  },
}))

/**
 * Devices in the palette (`#`): the list call's search, by name. Enter opens the device; its
 * actions page offers the commands it can take now, the others with their reason.
 */
export const deviceSource: EntitySource<Device, PaletteContext> = {
  kind: 'devices',
  heading: (LL) => LL.devices.paletteHeading(),
  needs: { anyOf: needs('devices', 'read') },
  search: listSearch(fetchDevicePage, { order_by: 'name', order_direction: 'asc' }),
  view: (device) => ({
    id: String(device.device_id),
    title: device.name,
    subtitle: placeText(device.place),
  }),
  subject: (device) => ({
    capabilities: device.capabilities,
    connected: device.current_status.connected,
  }),
  actions: [
    {
      id: 'device.open',
      opensItsPage: true,
      label: (LL) => LL.devices.paletteOpen(),
      needs: {},
      run: (ctx, device) => ctx.navigate(pathTo('devices-view', { id: device.device_id })),
    },
    ...commandActions,
    {
      id: 'device.edit',
      label: (LL) => LL.devices.paletteEdit(),
      needs: { anyOf: needs('devices', 'update') },
      run: (ctx, device) => ctx.navigate(pathTo('devices-edit', { id: device.device_id })),
    },
    {
      id: 'device.delete',
      label: (LL) => LL.devices.paletteDelete(),
      needs: { anyOf: needs('devices', 'delete') },
      run: (ctx, device) => ctx.navigate(deletePath(device.device_id)),
    },
    {
      // "audit recep": the audit log searched for the device, as its page's "all in the audit log".
      id: 'device.audits',
      label: (LL) => LL.devices.paletteAudits(),
      needs: { anyOf: needs('devices:audits', 'read') },
      run: (ctx, device) => ctx.navigate(pathTo('audits', { search: device.name })),
    },
    {
      id: 'device.show-in-list',
      label: (LL) => LL.devices.paletteShowInList(),
      needs: {},
      run: (ctx, device) => ctx.navigate(pathTo('devices', { search: device.name })),
    },
  ],
}
