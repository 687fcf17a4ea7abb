import { fetchGroupPage } from '../../api/groups'
import { listSearch } from '../../commands/entity-search'
import type { EntitySource } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import type { Group } from '../../contract/access-model'
import { needs } from '../../contract/permissions'
import { groupActions } from './group-actions'

/**
 * Access groups in the palette (`&`): the list call's `search` over name and description, by
 * name. Enter opens the group's page with its members; its actions are group-actions.tsx.
 */
export const groupSource: EntitySource<Group, PaletteContext> = {
  kind: 'groups',
  heading: (LL) => LL.groups.palette.heading(),
  needs: { anyOf: needs('groups', 'read') },
  search: listSearch(fetchGroupPage, { order_by: 'name', order_direction: 'asc' }),
  view: (group) => ({
    id: String(group.group_id),
    title: group.name,
    ...(group.description === '' ? {} : { subtitle: group.description }),
  }),
  actions: groupActions,
}
