import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from '../ui/button'
import { TextField } from '../ui/text-field'
import * as styles from './journal-history.css'

interface MomentPickerProps {
  /** As typed in this browser's zone; '' is now. */
  value: string
  onChange: (value: string) => void
  /** The earliest moment that may be typed, as the field holds it. */
  min?: string
  hint?: string
  error?: string
}

/**
 * The moment an access answer is asked about ("who could open it then", "where could they go
 * then"), to the second, with a Now button that goes back to the present.
 */
export function MomentPicker({ value, onChange, min, hint, error }: MomentPickerProps) {
  const { LL } = useI18nContext()
  return (
    <div className={styles.moment}>
      <TextField
        type="datetime-local"
        // To the second: "who could open it at 02:14:30" is the question after an incident.
        step={1}
        label={LL.journal.moment()}
        value={value}
        min={min}
        onChange={(event) => onChange(event.target.value)}
        hint={hint}
        error={error}
      />
      <Button tone="secondary" onClick={() => onChange('')}>
        {LL.journal.now()}
      </Button>
    </div>
  )
}
