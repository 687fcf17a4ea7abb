import { fetchUserPage } from '../../api/users'
import type { Message, Viewer } from '../../commands/command'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { InviteNotify } from '../../contract/notify'
import { inviteNeeds, needs, type Can } from '../../contract/permissions'
import type { User } from '../../contract/users'
import { pathTo } from '../../contract/pages'
import { inviteRequests } from './invite-requests'
import { titledName } from './user-names'

const exceeds: Message = (LL) => LL.users.notManageable()
const noPhone: Message = (LL) => LL.users.noPhone()
const ownDisable: Message = (LL) => LL.users.ownAccountDisable()
const ownDelete: Message = (LL) => LL.users.ownAccountDelete()
const isSelf = (user: User, viewer: Viewer | undefined) => viewer?.userId === user.user_id

/** A user holding a permission the caller does not cover cannot be managed (the server's rule). */
const unmanageable = (user: User, can: Can): Message | null =>
  user.effective_permissions.every((p) => can(p.endsWith(':org') ? [p, p.slice(0, -4)] : [p]))
    ? null
    : exceeds

// Dialogs open on the user's page by URL, the same ones its buttons open.
const onViewPage = (user: User, command: string) =>
  `${pathTo('users-view', { id: user.user_id })}?command=${command}`

// The page sends an invitation chosen here at once, as its button does (invite-requests.ts).
const invite = (ctx: PaletteContext, user: User, workflow: InviteNotify['workflow']) => {
  inviteRequests.request(user.user_id, workflow)
  ctx.navigate(pathTo('users-view', { id: user.user_id }))
}

/**
 * Users in the palette (`@`): the list call's `search` over name, username and e-mail. Enter shows
 * the user; editing, invitations, disabling or enabling and deleting are offered where permitted,
 * disabled with the reason where this user cannot take them now (your own account, no phone).
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
  actions: [
    {
      id: 'user.view',
      opensItsPage: true,
      label: (LL) => LL.users.palette.view(),
      needs: {},
      run: (ctx, user) => ctx.navigate(pathTo('users-view', { id: user.user_id })),
    },
    {
      id: 'user.edit',
      label: (LL) => LL.users.palette.edit(),
      needs: { anyOf: needs('users', 'update') },
      blocked: unmanageable,
      run: (ctx, user) => ctx.navigate(pathTo('users-edit', { id: user.user_id })),
    },
    {
      id: 'user.invite-email',
      label: (LL) => LL.users.inviteEmail(),
      needs: { anyOf: inviteNeeds },
      blocked: unmanageable,
      run: (ctx, user) => invite(ctx, user, 'first_password_email'),
    },
    {
      id: 'user.invite-sms',
      label: (LL) => LL.users.inviteSms(),
      needs: { anyOf: inviteNeeds },
      blocked: (user, can) => unmanageable(user, can) ?? (user.phone_number ? null : noPhone),
      run: (ctx, user) => invite(ctx, user, 'first_password_sms'),
    },
    {
      id: 'user.disable',
      label: (LL) => LL.users.palette.disable(),
      needs: { anyOf: needs('users', 'update') },
      applies: (user) => !user.disabled,
      blocked: (user, can, viewer) =>
        unmanageable(user, can) ?? (isSelf(user, viewer) ? ownDisable : null),
      run: (ctx, user) => ctx.navigate(onViewPage(user, 'disable')),
    },
    {
      id: 'user.enable',
      label: (LL) => LL.users.palette.enable(),
      needs: { anyOf: needs('users', 'update') },
      applies: (user) => user.disabled,
      blocked: unmanageable,
      run: (ctx, user) => ctx.navigate(onViewPage(user, 'enable')),
    },
    {
      id: 'user.delete',
      label: (LL) => LL.users.palette.delete(),
      needs: { anyOf: needs('users', 'delete') },
      blocked: (user, can, viewer) =>
        unmanageable(user, can) ?? (isSelf(user, viewer) ? ownDelete : null),
      run: (ctx, user) => ctx.navigate(onViewPage(user, 'delete')),
    },
  ],
}
