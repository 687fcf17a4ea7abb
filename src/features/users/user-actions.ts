import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { userChangeRefusal, type UserChange } from '../../contract/permissions'
import type { Me, User } from '../../contract/users'

export type UserAction = 'edit' | 'invite-email' | 'invite-sms' | 'disable' | 'enable' | 'delete'

/** Absent — never offered; else enabled, or disabled with the reason in words. */
export type ActionState =
  { state: 'absent' } | { state: 'enabled' } | { state: 'disabled'; reason: string }

const absent: ActionState = { state: 'absent' }
const enabled: ActionState = { state: 'enabled' }

const changeOf: Record<UserAction, UserChange> = {
  edit: 'edit',
  'invite-email': 'invite',
  'invite-sms': 'invite',
  disable: 'disable',
  enable: 'edit',
  delete: 'delete',
}

/**
 * What the caller may do to `user` now, by the one rule the server applies
 * (contract/permissions userChangeRefusal): no permission hides an action; a user with more
 * permissions than the caller, a missing phone or the caller's own account disables it with why.
 * Disable is offered on an enabled user and enable on a disabled one.
 */
export function userActionState(
  LL: TranslationFunctions,
  caller: Me,
  user: User,
  action: UserAction,
): ActionState {
  const refusal = userChangeRefusal(
    {
      userId: caller.user_id,
      organizationId: caller.organization_id,
      permissions: caller.permissions,
    },
    {
      userId: user.user_id,
      organizationId: user.organization_id,
      permissions: user.effective_permissions,
    },
    changeOf[action],
  )
  if (refusal === 'no_permission' || refusal === 'out_of_scope') return absent
  if ((action === 'disable' && user.disabled) || (action === 'enable' && !user.disabled))
    return absent
  if (refusal === 'exceeds') return { state: 'disabled', reason: LL.users.notManageable() }
  if (refusal === 'own_account')
    return {
      state: 'disabled',
      reason: action === 'delete' ? LL.users.ownAccountDelete() : LL.users.ownAccountDisable(),
    }
  if (action === 'invite-sms' && !user.phone_number)
    return { state: 'disabled', reason: LL.users.noPhone() }
  return enabled
}
