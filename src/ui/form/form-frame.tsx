import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { Button } from '../button'
import { Dialog } from '../dialog'
import { Notice } from '../notice'
import * as styles from './form-frame.css'
import { formKey } from './form-keys'
import type { ContractForm } from './use-contract-form'

interface FormActionsProps {
  submitLabel: string
  saving: boolean
  onCancel: () => void
  /** Further actions at the far end, e.g. Delete on an edit page. */
  extraActions?: ReactNode
}

/** Submit (which says so while saving), Cancel, then any extra actions pushed to the end. */
export function FormActions({ submitLabel, saving, onCancel, extraActions }: FormActionsProps) {
  const { LL } = useI18nContext()
  return (
    <div className={styles.actions}>
      <Button type="submit" disabled={saving} aria-keyshortcuts="Control+Enter Meta+Enter">
        {saving ? LL.form.saving() : submitLabel}
      </Button>
      <Button tone="secondary" onClick={onCancel} aria-keyshortcuts="Escape">
        {LL.common.cancel()}
      </Button>
      <span className={styles.spacer} />
      {extraActions}
    </div>
  )
}

type FrameForm = Pick<
  ContractForm<object, string>,
  'formRef' | 'failureRef' | 'failure' | 'saving' | 'dirty' | 'submit'
>

/** What a screen hands an entity's form: the values to start from, its name, save and cancel. */
export interface EntityFormProps<V, T> {
  initial: V
  /** The form's accessible name: the page title. */
  label: string
  submitLabel: string
  /** Rejects with the API error; the form keeps the input and shows it. */
  onSubmit: (input: T) => Promise<unknown>
  /** Extra actions after Cancel, e.g. Delete on the edit page. */
  extraActions?: ReactNode
  onCancel: () => void
}

interface FormFrameProps extends Omit<FormActionsProps, 'saving'> {
  form: FrameForm
  children: ReactNode
  /** An accessible name for the form, e.g. the page title. */
  label?: string
}

const FIRST_FIELD = 'input:not([type="hidden"]), select, textarea, [data-field]'

/**
 * A contract form's frame: the form-level failure (focused when it appears), the fields, the
 * actions, and the keys — Ctrl/⌘+Enter submits, Escape cancels (asking first if anything changed),
 * and the first field has focus when the form opens.
 */
export function FormFrame({ form, children, label, onCancel, ...actions }: FormFrameProps) {
  const { LL } = useI18nContext()
  const [asking, setAsking] = useState(false)
  const { formRef, failureRef, failure, saving, dirty, submit } = form

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus()
  }, [formRef])

  const cancel = () => (dirty ? setAsking(true) : onCancel())

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const key = formKey(event)
    if (key === 'submit') {
      event.preventDefault()
      void submit()
    } else if (key === 'cancel') {
      event.preventDefault()
      cancel()
    }
  }

  return (
    <>
      <form
        ref={formRef}
        className={styles.form}
        aria-label={label}
        noValidate
        onSubmit={(event) => void submit(event)}
        onKeyDown={onKeyDown}
      >
        {failure ? (
          <Notice tone="danger" ref={failureRef} tabIndex={-1} className={styles.failure}>
            {failure}
          </Notice>
        ) : null}
        {children}
        <FormActions {...actions} saving={saving} onCancel={cancel} />
      </form>
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={LL.form.unsavedTitle()}
        description={LL.form.unsavedBody()}
        hideClose
        footer={
          <>
            <Button tone="secondary" onClick={() => setAsking(false)}>
              {LL.form.keepEditing()}
            </Button>
            <Button
              tone="danger"
              onClick={() => {
                setAsking(false)
                onCancel()
              }}
            >
              {LL.form.discard()}
            </Button>
          </>
        }
      />
    </>
  )
}
