import { useLocation } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { refetchAfterPinChange, removePersonPin } from '../../api/access'
import { inviteUser } from '../../api/users'
import { actionAvailability } from '../../commands/availability'
import type { Action, ActionDialogProps, Message, Viewer } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { InviteNotify } from '../../contract/notify'
import { pathTo } from '../../contract/pages'
import { can, inviteNeeds, needs, type Can } from '../../contract/permissions'
import type { Me, User } from '../../contract/users'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteUserDialog } from './delete-user-dialog'
import { DisableUserDialog } from './disable-user-dialog'
import { FactorResetDialog } from './factor-reset-dialog'
import { OffboardDialog } from './offboard-dialog'
import { PersonPinDialog } from './person-pin-dialog'
import { USER_ACCESS_COMMAND } from './user-access'
import { AddToGroupDialog, RemoveFromGroupDialog } from './group-membership-dialogs'
import { fullName } from './user-names'

// Every verb on a user, declared once (decision 063): the palette (`@` results, "disable kira"),
// the user's page and its list's rows read this table, and one rule says whether each can run.

export type UserVerb = Action<User, PaletteContext>

export type UserActionName =
  | 'edit'
  | 'invite-email'
  | 'invite-sms'
  | 'disable'
  | 'enable'
  | 'delete'
  | 'offboard'
  | 'factor-reset'
  | 'pin'
  | 'pin-remove'

const exceeds: Message = (LL) => LL.users.notManageable()
const noPhone: Message = (LL) => LL.users.noPhone()
const ownDisable: Message = (LL) => LL.users.ownAccountDisable()
const ownDelete: Message = (LL) => LL.users.ownAccountDelete()
const ownOffboard: Message = (LL) => LL.answers.ownAccount.offboard()
const ownFactorReset: Message = (LL) => LL.factorReset.own()
const isSelf = (user: User, viewer: Viewer | undefined) => viewer?.userId === user.user_id

/** A user holding a permission the caller does not cover cannot be managed (the server's rule). */
const unmanageable = (user: User, allowed: Can): Message | null =>
  user.effective_permissions.every((p) => allowed(p.endsWith(':org') ? [p, p.slice(0, -4)] : [p]))
    ? null
    : exceeds

/**
 * An invitation is sent as soon as it is chosen, from the page or the palette: choosing it was the
 * ask. A link that asks for it (`?command=invite-email`) can come from anywhere, so it asks first,
 * on its Send button.
 */
function invite(workflow: InviteNotify['workflow']): UserVerb {
  const email = workflow === 'first_password_email'
  const to = (user: User) => (email ? user.email : (user.phone_number ?? ''))
  return {
    id: email ? 'user.invite-email' : 'user.invite-sms',
    label: (LL) => (email ? LL.users.inviteEmail() : LL.users.inviteSms()),
    needs: { anyOf: inviteNeeds },
    blocked: email
      ? unmanageable
      : (user, allowed) => unmanageable(user, allowed) ?? (user.phone_number ? null : noPhone),
    tone: 'secondary',
    bulk: email,
    deepLink: email ? 'invite-email' : 'invite-sms',
    linkConfirm: {
      tone: 'reversible',
      title: (LL, user) => LL.users.inviteTitle({ name: fullName(user) }),
      body: (LL, user) => LL.users.inviteBody({ to: to(user) }),
      confirm: (LL) => LL.users.sendInvite(),
    },
    succeeded: (LL, user) =>
      email
        ? LL.users.invited_email({ email: user.email })
        : LL.users.invited_sms({ phone: to(user) }),
    run: (_, user) => inviteUser(user.user_id, workflow).then(() => ({ auditId: null })),
  }
}

/** Disabling and enabling ask in their own dialog, whose refusal stays in it (your own account). */
function Toggle({ entity, onClose }: ActionDialogProps<User>) {
  return <DisableUserDialog user={entity} onClose={onClose} />
}

/** Deleting from the user's own page returns to the list the person came from. */
function Delete({ entity, onClose }: ActionDialogProps<User>) {
  const [path, navigate] = useLocation()
  const ownPages = [
    pathTo('users-view', { id: entity.user_id }),
    pathTo('users-edit', { id: entity.user_id }),
  ]
  return (
    <DeleteUserDialog
      user={entity}
      onClose={onClose}
      onDeleted={() => {
        if (ownPages.includes(path)) navigate(listPlacePath(pathTo('users')))
      }}
    />
  )
}

/** Offboarding asks what will happen, then shows what remains, with Undo (decision 074). */
function Offboard({ entity, onClose }: ActionDialogProps<User>) {
  return <OffboardDialog user={entity} onClose={onClose} />
}

function FactorReset({ entity, onClose }: ActionDialogProps<User>) {
  return <FactorResetDialog user={entity} onClose={onClose} />
}

/** Making or changing a PIN asks in its own dialog, which then shows the new PIN once. */
function NewPin({ entity, onClose }: ActionDialogProps<User>) {
  return <PersonPinDialog user={entity} onClose={onClose} />
}

// A person's own PIN is the person's: whoever may edit them may make, change or remove it.
const pinNeeds = needs('users', 'update')

export const userVerbs: Record<UserActionName, UserVerb> = {
  edit: {
    id: 'user.edit',
    label: (LL) => LL.users.palette.edit(),
    needs: { anyOf: needs('users', 'update') },
    blocked: unmanageable,
    run: (ctx, user) => ctx.navigate(pathTo('users-edit', { id: user.user_id })),
  },
  'invite-email': invite('first_password_email'),
  'invite-sms': invite('first_password_sms'),
  disable: {
    id: 'user.disable',
    bulk: true,
    label: (LL) => LL.users.palette.disable(),
    needs: { anyOf: needs('users', 'update') },
    applies: (user) => !user.disabled,
    blocked: (user, allowed, viewer) =>
      unmanageable(user, allowed) ?? (isSelf(user, viewer) ? ownDisable : null),
    tone: 'danger',
    deepLink: 'disable',
    dialog: (props) => <Toggle {...props} />,
    run: () => undefined,
  },
  enable: {
    id: 'user.enable',
    bulk: true,
    label: (LL) => LL.users.palette.enable(),
    needs: { anyOf: needs('users', 'update') },
    applies: (user) => user.disabled,
    blocked: unmanageable,
    tone: 'secondary',
    deepLink: 'enable',
    dialog: (props) => <Toggle {...props} />,
    run: () => undefined,
  },
  delete: {
    id: 'user.delete',
    bulk: true,
    label: (LL) => LL.users.palette.delete(),
    needs: { anyOf: needs('users', 'delete') },
    blocked: (user, allowed, viewer) =>
      unmanageable(user, allowed) ?? (isSelf(user, viewer) ? ownDelete : null),
    tone: 'danger',
    deepLink: 'delete',
    dialog: (props) => <Delete {...props} />,
    run: () => undefined,
  },
  offboard: {
    id: 'user.offboard',
    bulk: true,
    label: (LL) => LL.offboard.palette(),
    // And credentials:update for their credentials, which the server checks on the ones they hold.
    needs: { anyOf: needs('users', 'update') },
    blocked: (user, allowed, viewer) =>
      unmanageable(user, allowed) ?? (isSelf(user, viewer) ? ownOffboard : null),
    tone: 'danger',
    deepLink: 'offboard',
    dialog: (props) => <Offboard {...props} />,
    run: () => undefined,
  },
  'factor-reset': {
    id: 'user.factor-reset',
    label: (LL) => LL.factorReset.palette(),
    needs: { anyOf: needs('users', 'update') },
    blocked: (user, allowed, viewer) =>
      unmanageable(user, allowed) ?? (isSelf(user, viewer) ? ownFactorReset : null),
    tone: 'danger',
    stepUp: true,
    dialog: (props) => <FactorReset {...props} />,
    run: () => undefined,
  },
  pin: {
    id: 'user.pin',
    label: (LL) => LL.personPin.palette.make(),
    needs: { anyOf: pinNeeds },
    blocked: unmanageable,
    // It puts a new PIN on screen: chosen by name, never what Enter does on a result.
    reveals: true,
    dialog: (props) => <NewPin {...props} />,
    run: () => undefined,
  },
  'pin-remove': {
    id: 'user.pin-remove',
    label: (LL) => LL.personPin.palette.remove(),
    needs: { anyOf: pinNeeds },
    blocked: unmanageable,
    tone: 'danger',
    confirm: {
      tone: 'destructive',
      title: (LL, user) => LL.personPin.removeTitle({ name: fullName(user) }),
      body: (LL, user) => LL.personPin.removeBody({ name: fullName(user) }),
      confirm: (LL) => LL.personPin.remove(),
    },
    succeeded: (LL, user) => LL.personPin.removedNotice({ name: fullName(user) }),
    run: (_, user, { queryClient }) =>
      removePersonPin(user.user_id)
        .then(() => refetchAfterPinChange(queryClient))
        .then(() => ({ auditId: null })),
  },
}

function AddToGroup({ entity, onClose }: ActionDialogProps<User>) {
  return <AddToGroupDialog users={[entity]} onClose={onClose} />
}

function RemoveFromGroup({ entity, onClose }: ActionDialogProps<User>) {
  return <RemoveFromGroupDialog user={entity} onClose={onClose} />
}

/**
 * A person into or out of an access group (decision 065): "add clara" in the palette asks for the
 * group in its dialog; the users list's selection bar adds many at once.
 */
export const membershipVerbs = {
  add: {
    id: 'user.add-to-group',
    bulk: true,
    label: (LL) => LL.groups.addToGroup(),
    needs: { anyOf: needs('groups', 'update') },
    tone: 'secondary',
    dialog: (props) => <AddToGroup {...props} />,
    run: () => undefined,
  },
  remove: {
    id: 'user.remove-from-group',
    label: (LL) => LL.groups.removeFromGroup(),
    needs: { anyOf: needs('groups', 'update') },
    tone: 'secondary',
    dialog: (props) => <RemoveFromGroup {...props} />,
    run: () => undefined,
  },
} satisfies Record<string, UserVerb>

/** Every action on a user, in the palette's order: viewing first (what Enter does). */
export const userActions: readonly UserVerb[] = [
  {
    id: 'user.view',
    opensItsPage: true,
    label: (LL) => LL.users.palette.view(),
    needs: {},
    run: (ctx, user) => ctx.navigate(pathTo('users-view', { id: user.user_id })),
  },
  userVerbs.edit,
  userVerbs['invite-email'],
  userVerbs['invite-sms'],
  userVerbs.disable,
  userVerbs.enable,
  userVerbs.delete,
  userVerbs.offboard,
  membershipVerbs.add,
  membershipVerbs.remove,
  userVerbs.pin,
  {
    // "where can pia go": her page's "Where Pia can go", with focus on it.
    id: 'user.access',
    label: (LL) => LL.access.palette.whereCanGo(),
    needs: { anyOf: needs('credentials', 'read') },
    run: (ctx, user) =>
      ctx.navigate(pathTo('users-view', { id: user.user_id }, { command: USER_ACCESS_COMMAND })),
  },
  {
    // "audit kira": the audit log searched for what the user did (it matches the actor's e-mail).
    id: 'user.audits',
    label: (LL) => LL.users.palette.audits(),
    needs: { anyOf: needs('devices:audits', 'read') },
    run: (ctx, user) => ctx.navigate(pathTo('audits', { search: user.email })),
  },
]

/** The action a deep link asks for (`?command=disable`), if it names one. */
export const deepLinkedUserAction = (word: string | null): UserVerb | undefined =>
  word === null ? undefined : userActions.find((action) => action.deepLink === word)

/** Absent — never offered; else enabled, or disabled with the reason in words. */
export type ActionState =
  { state: 'absent' } | { state: 'enabled' } | { state: 'disabled'; reason: string }

/** What `caller` may do to `user` now, in words, by the one availability rule. */
export function userActionState(
  LL: TranslationFunctions,
  caller: Me,
  user: User,
  name: UserActionName,
): ActionState {
  const allowed: Can = (anyOf) => can(caller.permissions, anyOf)
  const found = actionAvailability(userVerbs[name], user, allowed, { userId: caller.user_id })
  return found.state === 'disabled' ? { state: 'disabled', reason: found.reason(LL) } : found
}
