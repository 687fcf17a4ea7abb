import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { userManagement, type ManageVerdict } from '../../contract/permissions'
import type { Me, User } from '../../contract/users'

export type UserAction = 'edit' | 'invite-email' | 'invite-sms' | 'disable' | 'enable' | 'delete'

/** Absent — never offered; else enabled, or disabled with the reason in words. */
export type ActionState =
  { state: 'absent' } | { state: 'enabled' } | { state: 'disabled'; reason: string }

const absent: ActionState = { state: 'absent' }
const enabled: ActionState = { state: 'enabled' }

/**
 * What the caller may do to `user` now, by the one management rule the server applies
 * (contract/permissions userManagement): no permission hides an action; a user with more
 * permissions than the caller, a missing phone or the caller's own account disables it with why.
 * Disable is offered on an enabled user and enable on a disabled one.
 */
export function userActionState(
  LL: TranslationFunctions,
  caller: Me,
  user: User,
  action: UserAction,
): ActionState {
  const verdict: ManageVerdict = userManagement(
    { organizationId: caller.organization_id, permissions: caller.permissions },
    { organizationId: user.organization_id, permissions: user.effective_permissions },
  )
  if (verdict === 'no_permission' || verdict === 'out_of_scope') return absent
  if ((action === 'disable' && user.disabled) || (action === 'enable' && !user.disabled))
    return absent
  if (verdict === 'exceeds') return { state: 'disabled', reason: LL.users.notManageable() }
  if (action === 'invite-sms' && !user.phone_number)
    return { state: 'disabled', reason: LL.users.noPhone() }
  if (action === 'delete' && user.user_id === caller.user_id)
    return { state: 'disabled', reason: LL.users.ownAccountDelete() }
  if (action === 'disable' && user.user_id === caller.user_id)
    return { state: 'disabled', reason: LL.users.ownAccountDisable() }
  return enabled
}
