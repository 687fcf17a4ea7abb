import { fetchDoorPage } from '../../api/locations'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Door } from '../../contract/locations'
import { needs } from '../../contract/permissions'
import { doorActions } from './door-actions'

/**
 * Doors in the palette (`|`): the door list's `search` (name and description), ordered by name.
 * Enter opens the door's location; "Audit log of" reads its devices' entries.
 */
export const doorSource: EntitySource<Door, PaletteContext> = {
  kind: 'doors',
  heading: (LL) => LL.commands.doors.heading(),
  needs: { anyOf: needs('locations', 'read') },
  search: listSearch(fetchDoorPage, { order_by: 'name', order_direction: 'asc' }),
  view: (door) => ({
    id: String(door.door_id),
    title: door.name,
    ...(door.description === '' ? {} : { subtitle: door.description }),
  }),
  actions: doorActions,
}
