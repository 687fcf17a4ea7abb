import type { ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { weekdays, type Weekday } from '../contract/credentials'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as fieldset from './fieldset.css'
import * as styles from './weekday-picker.css'

interface WeekdayPickerProps {
  legend: ReactNode
  /** The field name the form layer focuses on a problem: Monday's button carries it. */
  name: string
  value: readonly Weekday[]
  onChange: (value: Weekday[]) => void
  error?: string | null
  hint?: ReactNode
}

/** Seven toggle buttons, Monday first; the value keeps the week's order. */
export function WeekdayPicker({ legend, name, value, onChange, error, hint }: WeekdayPickerProps) {
  const { LL } = useI18nContext()
  const { hintId, errorId, describedBy } = useFieldIds(hint, error)
  const toggle = (day: Weekday) =>
    onChange(weekdays.filter((d) => (d === day ? !value.includes(d) : value.includes(d))))
  return (
    <fieldset
      className={fieldset.fieldset}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className={fieldset.legend}>{legend}</legend>
      <div className={styles.days}>
        {weekdays.map((day, index) => (
          <button
            key={day}
            type="button"
            name={index === 0 ? name : undefined}
            className={styles.day}
            aria-pressed={value.includes(day)}
            aria-label={LL.form.weekdays[day]()}
            onClick={() => toggle(day)}
          >
            <span aria-hidden="true">{LL.form.weekdaysShort[day]()}</span>
          </button>
        ))}
      </div>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  )
}
