import { useI18nContext } from '../../i18n/i18n-react'
import type { ActionFailure } from '../../machines/action.machine'
import type { ConfirmStep } from '../commands/command'
import { Button } from '../ui/button'
import { useConfirmFocus, type ConfirmKind } from '../ui/confirm-focus'
import { Dialog } from '../ui/dialog'
import * as styles from './command-dialogs.css'

interface ConfirmProps {
  open: boolean
  step: ConfirmStep<unknown>
  /** Where focus starts: the confirming button (reversible) or Cancel (destructive). */
  tone: ConfirmKind
  /** This step leads to a second one: its button continues rather than runs. */
  again: boolean
  danger: boolean
  /** The server asks for a fresh check first (decision 077): the dialog says so. */
  stepUp: boolean
  entity: unknown
  running: boolean
  onConfirm: () => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}

/**
 * The one confirmation every hosted action passes (decision 034). A reversible step starts on its
 * confirming button, so Enter runs it; a destructive one, and force unlock's second step, start on
 * Cancel, so a second Enter cannot run it.
 */
export function ActionConfirmDialog(props: ConfirmProps) {
  const { step, entity, running, onConfirm, onCancel, onCloseAutoFocus } = props
  const { LL } = useI18nContext()
  const { confirmRef, cancelRef, startRef } = useConfirmFocus(props.tone, props.open)
  return (
    <Dialog
      open={props.open}
      // Escape or the overlay cancels while asking; a request on its way cannot be called back.
      onOpenChange={(open) => (open || running ? undefined : onCancel())}
      title={step.title(LL, entity)}
      description={step.body(LL, entity)}
      hideClose
      onCloseAutoFocus={onCloseAutoFocus}
      initialFocus={startRef}
      footer={
        // Keyed by step, so the second step's buttons are new and its focus starts afresh.
        <div key={props.again ? 'first' : 'last'} className={styles.commandRow}>
          <Button tone="secondary" ref={cancelRef} onClick={onCancel} disabled={running}>
            {LL.common.cancel()}
          </Button>
          <Button
            tone={props.danger ? 'danger' : 'primary'}
            ref={confirmRef}
            onClick={onConfirm}
            disabled={running}
          >
            {running ? LL.devices.sending() : step.confirm(LL, entity)}
          </Button>
        </div>
      }
    >
      {step.warning ? <p className={styles.warning}>{step.warning(LL)}</p> : null}
      {props.stepUp ? <p className={styles.stepUp}>{LL.stepUp.marker()}</p> : null}
    </Dialog>
  )
}

interface FailedProps {
  failure: ActionFailure | null
  reason: string | null
  onDismiss: () => void
  onCloseAutoFocus: (event: Event) => void
}

/** The error dialog of requirements R8.5 for a failed action, with what went wrong in words. */
export function ActionFailedDialog({ failure, reason, onDismiss, onCloseAutoFocus }: FailedProps) {
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
