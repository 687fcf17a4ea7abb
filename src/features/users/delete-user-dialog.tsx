import { useI18nContext } from '../../../i18n/i18n-react'
import type { User } from '../../contract/users'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { fullName } from './user-names'
import { useDeleteUser } from './use-user-mutations'

interface DeleteUserDialogProps {
  user: User | null
  onClose: () => void
  onDeleted?: () => void
}

export function DeleteUserDialog(props: DeleteUserDialogProps) {
  const { user, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const name = user ? fullName(user) : ''
  return (
    <ConfirmDialog
      target={user?.user_id ?? null}
      mutation={useDeleteUser()}
      title={LL.users.deleteTitle({ name })}
      description={LL.users.deleteBody()}
      confirmLabel={LL.users.delete()}
      kind="destructive"
      pendingLabel={LL.users.deleting()}
      doneNotice={LL.users.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
