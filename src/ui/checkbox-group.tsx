import type { ReactNode } from 'react'
import { Checkbox } from './checkbox'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as styles from './checkbox-group.css'
import * as fieldset from './fieldset.css'

export interface CheckboxOption {
  value: string
  label: string
  disabled?: boolean
}

interface CheckboxGroupProps {
  legend: ReactNode
  /** The field name the form layer focuses on a problem: the first box carries it. */
  name: string
  options: readonly CheckboxOption[]
  value: readonly string[]
  onChange: (value: string[]) => void
  onBlur?: () => void
  error?: string | null
  hint?: ReactNode
}

/** Several independent choices under one legend; the value keeps the options' order. */
export function CheckboxGroup(props: CheckboxGroupProps) {
  const { legend, name, options, value, onChange, onBlur, error, hint } = props
  const { hintId, errorId, describedBy } = useFieldIds(hint, error)
  const toggle = (option: string, on: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? on : value.includes(v))))
  return (
    <fieldset
      className={fieldset.fieldset}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      onBlur={onBlur}
    >
      <legend className={fieldset.legend}>{legend}</legend>
      <ul className={styles.options}>
        {options.map((option, index) => (
          <li key={option.value}>
            <Checkbox
              name={index === 0 ? name : undefined}
              label={option.label}
              checked={value.includes(option.value)}
              disabled={option.disabled}
              onCheckedChange={(on) => toggle(option.value, on)}
            />
          </li>
        ))}
      </ul>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  )
}
