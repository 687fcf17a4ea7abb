import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { User } from '../../contract/users'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
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
  const toggle = useSetUserDisabled()
  const reasonRef = useRef<HTMLDivElement>(null)
  const reason = toggle.error ? formFailure(toggle.error) : null
  useEffect(() => {
    if (toggle.error) reasonRef.current?.focus()
  }, [toggle.error])
  const enabling = user?.disabled ?? false
  const name = user ? fullName(user) : ''
  const close = () => {
    toggle.reset()
    onClose()
  }
  const confirm = () => {
    if (!user) return
    toggle.mutate(
      { id: user.user_id, disabled: !enabling },
      {
        onSuccess: () => {
          showToast(
            enabling ? LL.users.enabled_notice({ name }) : LL.users.disabled_notice({ name }),
          )
          close()
        },
      },
    )
  }
  const idle = enabling ? LL.users.enable() : LL.users.disable()
  const pending = enabling ? LL.users.enabling() : LL.users.disabling()
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={enabling ? LL.users.enableTitle({ name }) : LL.users.disableTitle({ name })}
      description={enabling ? LL.users.enableBody() : LL.users.disableBody()}
      hideClose
      footer={
        <>
          <Button tone="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button
            tone={enabling ? 'primary' : 'danger'}
            onClick={confirm}
            disabled={toggle.isPending}
          >
            {toggle.isPending ? pending : idle}
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
