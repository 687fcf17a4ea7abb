import type { ComponentPropsWithRef, ReactNode } from 'react'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as styles from './text-field.css'

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
}

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error)
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  )
}
