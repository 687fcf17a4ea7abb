import type { ComponentPropsWithRef, ReactNode } from 'react'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as fieldStyles from './text-field.css'
import * as styles from './select.css'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  label: ReactNode
  options: readonly SelectOption[]
  /** Shown as the empty first choice, e.g. "Choose a device type". */
  placeholder?: string
  error?: string | null
  hint?: ReactNode
}

/** A labelled native select: the platform's own keyboard and screen-reader behaviour. */
export function Select(props: SelectProps) {
  const { label, options, placeholder, error, hint, className, ...select } = props
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, error)
  return (
    <div className={className ? `${fieldStyles.field} ${className}` : fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  )
}
