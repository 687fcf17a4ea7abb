import type { FormEvent, ReactNode, RefObject } from 'react'
import { Notice } from '../notice'
import { FormActions } from './form-frame'
import * as styles from './form-frame.css'
import { formKey } from './form-keys'

/** What the frame reads of a form: useContractForm's and useMembershipForm's alike. */
export interface DialogFormState {
  formRef: RefObject<HTMLFormElement | null>
  failureRef: RefObject<HTMLDivElement | null>
  failure: string | null
  saving: boolean
  submit: (event?: FormEvent) => Promise<void>
}

interface DialogFormProps {
  form: DialogFormState
  /** The form's accessible name: the dialog's title. */
  label: string
  submitLabel: string
  onCancel: () => void
  children: ReactNode
}

/**
 * A form in a dialog: the refusal above the fields (focused when it appears), the fields, Submit
 * and Cancel; Enter in a single-line field and Ctrl/⌘+Enter anywhere submit, Escape is the dialog's.
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
        <Notice tone="danger" ref={failureRef} tabIndex={-1} className={styles.failure}>
          {failure}
        </Notice>
      ) : null}
      {children}
      <FormActions submitLabel={submitLabel} saving={saving} onCancel={onCancel} />
    </form>
  )
}
