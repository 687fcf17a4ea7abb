import type { ReactNode } from 'react'
import { FormActions } from '../../ui/form/form-frame'
import { formKey } from '../../ui/form/form-keys'
import type { ContractForm } from '../../ui/form/use-contract-form'
import { Notice } from '../../ui/notice'
import * as styles from './calendars.css'

type DialogFrame = Pick<
  ContractForm<object, string>,
  'formRef' | 'failureRef' | 'failure' | 'saving' | 'submit'
>

interface DialogFormProps {
  form: DialogFrame
  label: string
  submitLabel: string
  onCancel: () => void
  children: ReactNode
}

/**
 * A contract form inside one of the calendar's dialogs: its failure (focused when it appears),
 * its fields, Add and Cancel. Ctrl/⌘+Enter submits; Escape is the dialog's, which closes it.
 */
export function DialogForm({ form, label, submitLabel, onCancel, children }: DialogFormProps) {
  const { formRef, failureRef, failure, saving, submit } = form
  return (
    <form
      ref={formRef}
      className={styles.dialogForm}
      aria-label={label}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (formKey(event) !== 'submit') return
        event.preventDefault()
        void submit()
      }}
    >
      {failure ? (
        <Notice tone="danger" ref={failureRef} tabIndex={-1}>
          {failure}
        </Notice>
      ) : null}
      {children}
      <FormActions submitLabel={submitLabel} saving={saving} onCancel={onCancel} />
    </form>
  )
}
