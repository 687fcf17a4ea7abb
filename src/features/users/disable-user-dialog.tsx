import { useI18nContext } from '../../../i18n/i18n-react'
import type { User } from '../../contract/users'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { fullName } from './user-names'
import { useSetUserDisabled } from './use-user-mutations'

interface DisableUserDialogProps {
  /** The user to disable (or enable, when already disabled); null while closed. */
  user: User | null
  onClose: () => void
}

/** Asks before disabling or enabling; a refusal (your own account) stays in the dialog and says why. */
export function DisableUserDialog({ user, onClose }: DisableUserDialogProps) {
  const { LL } = useI18nContext()
  const enabling = user?.disabled ?? false
  const name = user ? fullName(user) : ''
  return (
    <ConfirmDialog
      target={user ? { id: user.user_id, disabled: !enabling } : null}
      mutation={useSetUserDisabled()}
      title={enabling ? LL.users.enableTitle({ name }) : LL.users.disableTitle({ name })}
      description={enabling ? LL.users.enableBody() : LL.users.disableBody()}
      confirmLabel={enabling ? LL.users.enable() : LL.users.disable()}
      kind="reversible"
      pendingLabel={enabling ? LL.users.enabling() : LL.users.disabling()}
      tone={enabling ? 'primary' : 'danger'}
      doneNotice={enabling ? LL.users.enabled_notice({ name }) : LL.users.disabled_notice({ name })}
      onClose={onClose}
    />
  )
}
