import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from './button'
import { Dialog } from './dialog'
import { failureText } from './form/failure-text'
import { formFailure } from './form/form-core'
import { Notice, showToast } from './notice'

/** The part of a react-query delete mutation the dialog drives. */
export interface DeleteMutation {
  mutate(id: number, options: { onSuccess: () => void }): void
  reset(): void
  readonly isPending: boolean
  readonly error: unknown
}

interface ConfirmDeleteDialogProps {
  /** The id to delete, or null while the dialog is closed. */
  id: number | null
  remove: DeleteMutation
  title: string
  description: string
  confirmLabel: string
  pendingLabel: string
  /** The toast after the delete. */
  deletedNotice: string
  onClose: () => void
  onDeleted?: () => void
}

/** Asks before deleting; a refusal stays in the dialog, says why (the server's rule), and takes focus. */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { id, remove, onClose, onDeleted } = props
  const { LL } = useI18nContext()
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
    if (id === null) return
    remove.mutate(id, {
      onSuccess: () => {
        showToast(props.deletedNotice)
        close()
        onDeleted?.()
      },
    })
  }
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={props.title}
      description={props.description}
      hideClose
      footer={
        <>
          <Button tone="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button tone="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? props.pendingLabel : props.confirmLabel}
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
