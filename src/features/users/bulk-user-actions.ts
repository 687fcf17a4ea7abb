import { deleteUser, inviteUser, offboardUser, updateUser } from '../../api/users'
import { inviteNeeds, needs, type Can } from '../../contract/permissions'
import type { User } from '../../contract/users'
import type { ConfirmKind } from '../../ui/confirm-focus'

export type BulkKind = 'invite' | 'disable' | 'enable' | 'offboard' | 'delete'

interface BulkAction {
  /** Any one of these permissions offers the action on the selection bar. */
  anyOf: readonly string[]
  /** Where the confirmation's focus starts: only a delete cannot be undone. */
  confirm: ConfirmKind
  run: (user: User) => Promise<unknown>
}

/**
 * What the selection bar offers on users, and the one call each makes per user. The server judges
 * every user on its own (your own account, a user who holds more than you), so a refusal is that
 * row's result, not a reason to stop.
 */
export const bulkActions: Record<BulkKind, BulkAction> = {
  invite: {
    anyOf: inviteNeeds,
    confirm: 'reversible',
    run: (user) => inviteUser(user.user_id, 'first_password_email'),
  },
  disable: {
    anyOf: needs('users', 'update'),
    confirm: 'reversible',
    run: (user) => updateUser(user.user_id, { disabled: true }),
  },
  enable: {
    anyOf: needs('users', 'update'),
    confirm: 'reversible',
    run: (user) => updateUser(user.user_id, { disabled: false }),
  },
  // Each person offboarded on their own (decision 074): what remains is on their page's report.
  offboard: {
    anyOf: needs('users', 'update'),
    confirm: 'destructive',
    run: (user) => offboardUser(user.user_id),
  },
  delete: {
    anyOf: needs('users', 'delete'),
    confirm: 'destructive',
    run: (user) => deleteUser(user.user_id),
  },
}

/** Bulk actions in bar order, those the caller may ever take. */
export const offeredBulkKinds = (can: Can): BulkKind[] =>
  (['invite', 'disable', 'enable', 'offboard', 'delete'] as const).filter((kind) =>
    can(bulkActions[kind].anyOf),
  )

/** Requests in flight at once: enough to be quick, few enough not to crowd the server. */
export const BULK_CONCURRENCY = 4
