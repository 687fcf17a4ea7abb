import { useI18nContext } from '../../i18n/i18n-react'
import type { CommandFailure, DeviceCommandName } from '../../machines/device-command.machine'
import { Button } from '../ui/button'
import { useConfirmFocus } from '../ui/confirm-focus'
import { Dialog } from '../ui/dialog'
import * as styles from './command-dialogs.css'

export type ConfirmStep = 'confirm' | 'force' | 'sending'

interface ConfirmProps {
  step: ConfirmStep | null
  command: DeviceCommandName | null
  name: string
  place: string
  onConfirm: () => void
  onConfirmForce: () => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}

/**
 * The one confirmation every command passes. A command is reversible, so Enter on the focused
 * confirm button sends; force unlock warns first and then asks again as a destructive step with
 * Cancel focused, so a second Enter cannot send it.
 */
export function CommandConfirmDialog(props: ConfirmProps) {
  const { step, command, name, place, onConfirm, onConfirmForce, onCancel, onCloseAutoFocus } =
    props
  const { LL } = useI18nContext()
  const label = command ? LL.devices.command[command]() : ''
  const force = command === 'force_unlock'
  const sending = step === 'sending'
  const secondStep = step === 'force' || (force && sending)
  const { confirmRef, cancelRef, startRef } = useConfirmFocus(
    secondStep ? 'destructive' : 'reversible',
    step !== null,
  )
  return (
    <Dialog
      open={step !== null}
      // Escape or the overlay cancels while asking; a command on its way cannot be called back.
      onOpenChange={(open) => (open || sending ? undefined : onCancel())}
      title={
        secondStep
          ? LL.devices.forceTitle({ name })
          : LL.devices.confirmTitle({ command: label, name })
      }
      description={
        secondStep
          ? LL.devices.forceBody({ place })
          : LL.devices.confirmBody({ command: label, name, place })
      }
      hideClose
      onCloseAutoFocus={onCloseAutoFocus}
      initialFocus={startRef}
      footer={
        secondStep ? (
          <div key="force" className={styles.commandRow}>
            <Button tone="secondary" ref={cancelRef} onClick={onCancel} disabled={sending}>
              {LL.common.cancel()}
            </Button>
            <Button tone="danger" ref={confirmRef} onClick={onConfirmForce} disabled={sending}>
              {sending ? LL.devices.sending() : LL.devices.forceSend()}
            </Button>
          </div>
        ) : (
          <div key="confirm" className={styles.commandRow}>
            <Button tone="secondary" ref={cancelRef} onClick={onCancel} disabled={sending}>
              {LL.common.cancel()}
            </Button>
            <Button
              tone={force ? 'danger' : 'primary'}
              ref={confirmRef}
              onClick={onConfirm}
              disabled={sending}
            >
              {sending
                ? LL.devices.sending()
                : force
                  ? LL.devices.forceContinue()
                  : LL.devices.confirmSend({ command: label })}
            </Button>
          </div>
        )
      }
    >
      {force && !secondStep ? <p className={styles.warning}>{LL.devices.forceWarning()}</p> : null}
    </Dialog>
  )
}

interface FailedProps {
  failure: CommandFailure | null
  reason: string | null
  onDismiss: () => void
  onCloseAutoFocus: (event: Event) => void
}

/** The error dialog of requirements R8.5 for a failed command, with what went wrong in words. */
export function CommandFailedDialog({ failure, reason, onDismiss, onCloseAutoFocus }: FailedProps) {
  const { LL } = useI18nContext()
  return (
    <Dialog
      open={failure !== null}
      onOpenChange={(open) => (open ? undefined : onDismiss())}
      title={LL.errors.command_failed()}
      description={failure ? LL.devices.failure[failure]() : undefined}
      hideClose
      onCloseAutoFocus={onCloseAutoFocus}
      footer={<Button onClick={onDismiss}>{LL.common.ok()}</Button>}
    >
      {reason ? <p className={styles.reason}>{reason}</p> : null}
    </Dialog>
  )
}
