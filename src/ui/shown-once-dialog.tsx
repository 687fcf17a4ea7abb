import { useMutation } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { groupPin } from '../lib/digit-groups'
import { Button } from './button'
import { ConfirmDialog } from './confirm-dialog'
import type { ConfirmKind } from './confirm-focus'
import { Dialog } from './dialog'
import { restoreFocus } from './focus'
import { Notice, showToast } from './notice'
import * as styles from './shown-once-dialog.css'
import { visuallyHidden } from './visually-hidden.css'

interface ShownOnceDialogProps {
  /** What is shown, or null while closed: the caller holds it only until this closes. */
  value: string | null
  /** Digits (a PIN) are shown in groups of three and read one by one. */
  digits: boolean
  title: string
  description: string
  /** What the value is ("PIN", "Secret"). */
  label: string
  copyLabel: string
  copiedNotice: string
  doneLabel: string
  onClose: () => void
  /** Where focus goes once it closes; by default back to what had it when it opened. */
  onCloseAutoFocus?: (event: Event) => void
}

/**
 * A secret the server made shown this one time (a person's PIN, a keypad's secret): with a copy
 * button, which has focus first so an Enter copies rather than closes, and words that say it
 * cannot be shown again. Nothing of it is kept once the dialog closes.
 */
export function ShownOnceDialog(props: ShownOnceDialogProps) {
  const { value, digits, onClose } = props
  const labelId = useId()
  const copyRef = useRef<HTMLButtonElement>(null)
  const copy = () => {
    if (value === null) return
    void navigator.clipboard?.writeText(value).then(
      () => showToast(props.copiedNotice),
      () => undefined,
    )
  }
  return (
    <Dialog
      open={value !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={props.title}
      initialFocus={copyRef}
      onCloseAutoFocus={props.onCloseAutoFocus}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            {props.doneLabel}
          </Button>
          <Button ref={copyRef} onClick={copy}>
            {props.copyLabel}
          </Button>
        </>
      }
    >
      <p id={labelId} className={styles.label}>
        {props.label}
      </p>
      <output
        aria-labelledby={labelId}
        data-testid="shown-once"
        className={`${styles.value} ${digits ? styles.digits : styles.text}`}
      >
        {digits && value !== null ? (
          <>
            <span aria-hidden="true">{groupPin(value)}</span>
            <span className={visuallyHidden}>{value.split('').join(' ')}</span>
          </>
        ) : (
          value
        )}
      </output>
      <Notice tone="warning">{props.description}</Notice>
    </Dialog>
  )
}

interface IssueOnceDialogProps {
  /** Asks the server for the new secret; a refusal stays in the confirmation and says why. */
  issue: () => Promise<string>
  /** The confirmation's words and where its focus starts. */
  confirm: {
    title: string
    description: string
    confirmLabel: string
    pendingLabel: string
    kind: ConfirmKind
    tone: 'danger' | 'primary'
  }
  /** The shown secret's words. */
  shown: Omit<ShownOnceDialogProps, 'value' | 'onClose' | 'onCloseAutoFocus'>
  onClose: () => void
}

/**
 * Asks, makes a new secret on the server, then shows it once (a person's new PIN, a keypad's new
 * secret). The secret lives in this dialog's state alone: closing forgets it.
 */
export function IssueOnceDialog({ issue, confirm, shown, onClose }: IssueOnceDialogProps) {
  const [value, setValue] = useState<string | null>(null)
  // What asked for it (the page's button): the secret's dialog opens from the confirmation, which
  // is gone by the time it closes, so focus goes back here.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  )
  // Set as the answer arrives, before the confirmation closes: its closing must not end the dialog.
  const issued = useRef(false)
  const mutation = useMutation({
    mutationFn: (_: true) => issue(),
    onSuccess: (secret) => {
      issued.current = true
      setValue(secret)
    },
  })
  return (
    <>
      <ConfirmDialog
        {...confirm}
        target={value === null ? true : null}
        mutation={mutation}
        onClose={() => {
          if (!issued.current) onClose()
        }}
      />
      <ShownOnceDialog
        {...shown}
        value={value}
        onClose={() => {
          setValue(null)
          onClose()
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          restoreFocus(opener)
        }}
      />
    </>
  )
}
