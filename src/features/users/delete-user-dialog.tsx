import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { User } from '../../contract/users'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { fullName } from './user-names'
import { useDeleteUser } from './use-user-mutations'

interface DeleteUserDialogProps {
  user: User | null
  onClose: () => void
  onDeleted?: () => void
}

/** Asks before deleting; a refusal stays in the dialog, says why, and takes focus. */
export function DeleteUserDialog(props: DeleteUserDialogProps) {
  const { user, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const remove = useDeleteUser()
  const reasonRef = useRef<HTMLDivElement>(null)
  const reason = remove.error ? formFailure(remove.error) : null
  useEffect(() => {
    if (remove.error) reasonRef.current?.focus()
  }, [remove.error])
  const close = () => {
    remove.reset()
    onClose()
  }
  const confirm = () => {
    if (!user) return
    remove.mutate(user.user_id, {
      onSuccess: () => {
        showToast(LL.users.deleted_notice({ name: fullName(user) }))
        close()
        onDeleted?.()
      },
    })
  }
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={LL.users.deleteTitle({ name: user ? fullName(user) : '' })}
      description={LL.users.deleteBody()}
      hideClose
      footer={
        <>
          <Button tone="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button tone="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? LL.users.deleting() : LL.users.delete()}
          </Button>
        </>
      }
    >
      {reason ? (
        <Notice tone="danger" ref={reasonRef} tabIndex={-1}>
          {failureText(LL, reason)}
        </Notice>
      ) : null}
    </Dialog>
  )
}
