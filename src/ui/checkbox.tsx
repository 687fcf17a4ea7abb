import type { ComponentPropsWithRef, ReactNode } from 'react'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as styles from './checkbox.css'

type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'onChange'> & {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  error?: string | null
  hint?: ReactNode
}

/** A native checkbox with its label beside it; Space toggles it, as everywhere. */
export function Checkbox(props: CheckboxProps) {
  const { label, checked, onCheckedChange, error, hint, className, ...input } = props
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error)
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.row}>
        <input
          id={id}
          type="checkbox"
          className={styles.box}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onCheckedChange(event.target.checked)}
          {...input}
        />
        {label}
      </label>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  )
}
