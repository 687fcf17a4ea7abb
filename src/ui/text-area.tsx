import type { ComponentPropsWithRef, ReactNode } from 'react'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as fieldStyles from './text-field.css'
import * as styles from './text-area.css'

type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
}

/** A labelled multi-line field; Enter adds a line, Ctrl/⌘+Enter submits its form. */
export function TextArea({ label, error, hint, className, rows = 3, ...textarea }: TextAreaProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error)
  return (
    <div className={className ? `${fieldStyles.field} ${className}` : fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={styles.textArea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  )
}
