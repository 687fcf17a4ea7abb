import { fetchUserPage } from '../../api/users'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import { needs } from '../../contract/permissions'
import type { User } from '../../contract/users'
import { pathTo } from '../../contract/pages'
import { userActions } from './user-actions'
import { titledName } from './user-names'

/**
 * Users in the palette (`@`): the list call's `search` over name, username and e-mail. Enter shows
 * the user; its actions (user-actions.tsx) are offered where permitted, disabled with the reason
 * where this user cannot take them now (your own account, no phone).
 */
export const userSource: EntitySource<User, PaletteContext> = {
  kind: 'users',
  heading: (LL) => LL.users.palette.heading(),
  needs: { anyOf: needs('users', 'read') },
  search: listSearch(fetchUserPage, { order_by: 'username', order_direction: 'asc' }),
  view: (user) => ({
    id: String(user.user_id),
    title: titledName(user),
    subtitle: `${user.username} · ${user.email}`,
  }),
  bulkIn: (search) => pathTo('users', { search }),
  actions: userActions,
}
