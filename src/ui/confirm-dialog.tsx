import { useEffect, useRef, type ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from './button'
import { useConfirmFocus, type ConfirmKind } from './confirm-focus'
import { Dialog } from './dialog'
import { failureText } from './form/failure-text'
import { formFailure } from './form/form-core'
import { Notice, showToast } from './notice'

/** The part of a react-query mutation the dialog drives. */
export interface ConfirmMutation<V> {
  mutate(variables: V, options: { onSuccess: () => void }): void
  reset(): void
  readonly isPending: boolean
  readonly error: unknown
}

interface ConfirmDialogProps<V> {
  /** What confirming sends (an id to delete, or the mutation's variables), or null while closed. */
  target: V | null
  mutation: ConfirmMutation<V>
  title: string
  description: string
  confirmLabel: string
  pendingLabel: string
  /** Decides where focus starts: on the confirming button when reversible, on Cancel when not. */
  kind: ConfirmKind
  /** `danger` unless the step is harmless and undone as easily (enabling an account). */
  tone?: 'danger' | 'primary'
  /** The toast after success; absent where the screen shows the outcome itself. */
  doneNotice?: string
  onClose: () => void
  onDone?: () => void
  /** More to say above a refusal, such as what a delete takes with it. */
  children?: ReactNode
}

/** Asks before a change; a refusal stays in the dialog, says why (the server's rule), and takes focus. */
export function ConfirmDialog<V>(props: ConfirmDialogProps<V>) {
  const { target, mutation, onClose, onDone, doneNotice } = props
  const { LL } = useI18nContext()
  const reasonRef = useRef<HTMLDivElement>(null)
  const { confirmRef, cancelRef, startRef } = useConfirmFocus(props.kind, target !== null)
  const reason = mutation.error ? formFailure(mutation.error) : null
  useEffect(() => {
    if (mutation.error) reasonRef.current?.focus()
  }, [mutation.error])
  const close = () => {
    mutation.reset()
    onClose()
  }
  const confirm = () => {
    if (target === null) return
    mutation.mutate(target, {
      onSuccess: () => {
        if (doneNotice !== undefined) showToast(doneNotice)
        close()
        onDone?.()
      },
    })
  }
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={props.title}
      description={props.description}
      hideClose
      initialFocus={startRef}
      footer={
        <>
          <Button tone="secondary" ref={cancelRef} onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button
            tone={props.tone ?? 'danger'}
            ref={confirmRef}
            onClick={confirm}
            disabled={mutation.isPending}
          >
            {mutation.isPending ? props.pendingLabel : props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.children}
      {reason ? (
        <Notice tone="danger" ref={reasonRef} tabIndex={-1}>
          {failureText(LL, reason)}
        </Notice>
      ) : null}
    </Dialog>
  )
}
