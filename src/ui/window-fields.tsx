import { useI18nContext } from '../../i18n/i18n-react'
import type { WindowField, WindowValues } from '../lib/memberships'
import { DateTimeField } from './date-time-field'
import * as styles from './window-fields.css'

interface WindowFieldsProps {
  values: WindowValues
  /** Each field's problem in words, or null. */
  error: (field: WindowField) => string | null
  onChange: (field: WindowField, value: string) => void
}

/**
 * A membership's window (decision 065): from and until, each optional, in the browser's time zone
 * (each field names it). Both fields' names are the contract's, so a problem focuses its field.
 */
export function WindowFields({ values, error, onChange }: WindowFieldsProps) {
  const { LL } = useI18nContext()
  return (
    <div className={styles.window}>
      <p className={styles.hint}>{LL.groups.windowHint()}</p>
      <div className={styles.row}>
        {(['valid_from', 'valid_until'] as const).map((field) => (
          <DateTimeField
            key={field}
            legend={field === 'valid_from' ? LL.groups.validFrom() : LL.groups.validUntil()}
            name={field}
            value={values[field]}
            error={error(field)}
            onChange={(value) => onChange(field, value)}
          />
        ))}
      </div>
    </div>
  )
}
