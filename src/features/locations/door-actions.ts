import type { Action } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Door } from '../../contract/locations'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { doorModeActions } from '../../door-modes/door-mode-actions'
import { doorOverrideActions } from '../../door-modes/door-override-actions'

// Every verb on a door, declared once (decision 063) and read by the palette. A door has no page
// of its own: it lives in its location's tree. Its unlock schedule and overrides are declared in
// door-modes/, whose panel shows their buttons on the lock's page and a door picked in the tree.

export type DoorAction = Action<Door, PaletteContext>

export const doorActions: readonly DoorAction[] = [
  {
    id: 'door.open-location',
    label: (LL) => LL.commands.doors.openLocation(),
    needs: {},
    run: (ctx, door) => ctx.navigate(pathTo('locations-view', { id: door.location_id })),
  },
  {
    // "audit lobby door": the log of the devices mounted on the door now (`?door=`).
    id: 'door.audits',
    label: (LL) => LL.commands.doors.audits(),
    needs: { anyOf: needs('devices:audits', 'read') },
    run: (ctx, door) => ctx.navigate(pathTo('audits', { door: door.door_id })),
  },
  // "set unlock schedule main entrance": the door's unlock schedule (decision 069).
  ...doorModeActions,
  // "unlock until loading dock", "keep locked until …", "end override on …" (decision 069).
  ...doorOverrideActions,
]
