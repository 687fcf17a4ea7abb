import { useState, type ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { isoFromLocal, localParts, zoneLabel, type LocalParts } from '../lib/local-date-time'
import { FieldNotes } from './field-notes'
import { useFieldIds } from './field-ids'
import * as styles from './date-time-field.css'
import * as fieldset from './fieldset.css'
import { TextField } from './text-field'

interface DateTimeFieldProps {
  legend: ReactNode
  /** The field name the form layer focuses on a problem: the date input carries it. */
  name: string
  /** An ISO 8601 instant with offset, or '' when not (fully) given. */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string | null
  required?: boolean
}

/**
 * A date and a time in the browser's time zone, which it names, producing an ISO string with that
 * zone's offset. A half-typed value stays on screen while the value is still ''.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const { legend, name, value, onChange, onBlur, error, required } = props
  const { LL } = useI18nContext()
  const [parts, setParts] = useState<LocalParts>(() => localParts(value))
  const [shown, setShown] = useState(value)
  // A new value from outside (a reset, a loaded record) replaces what is on screen.
  if (value !== shown) {
    setShown(value)
    if (value !== isoFromLocal(parts)) setParts(localParts(value))
  }
  const zone = LL.form.timeZone({ zone: zoneLabel(value ? new Date(value) : new Date()) })
  const { hintId, errorId, describedBy } = useFieldIds(zone, error)
  const change = (next: LocalParts) => {
    setParts(next)
    const iso = isoFromLocal(next)
    setShown(iso)
    onChange(iso)
  }
  return (
    <fieldset
      className={fieldset.fieldset}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      onBlur={onBlur}
    >
      <legend className={fieldset.legend}>{legend}</legend>
      <div className={styles.parts}>
        <TextField
          className={styles.part}
          type="date"
          name={name}
          label={LL.form.date()}
          value={parts.date}
          required={required}
          aria-invalid={error ? true : undefined}
          onChange={(event) => change({ ...parts, date: event.target.value })}
        />
        <TextField
          className={styles.part}
          type="time"
          label={LL.form.time()}
          value={parts.time}
          required={required}
          aria-invalid={error ? true : undefined}
          onChange={(event) => change({ ...parts, time: event.target.value })}
        />
      </div>
      <FieldNotes hint={zone} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  )
}
