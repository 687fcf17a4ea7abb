import type { ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { Button } from '../button'
import * as styles from './data-table.css'
import { numberFormat } from '../../lib/number-format'

interface SelectionBarProps {
  count: number
  onClear: () => void
  /** The screen's actions on the selected rows. */
  children: ReactNode
}

/** How many rows are selected and what may be done to them, as in a mail client. */
export function SelectionBar({ count, onClear, children }: SelectionBarProps) {
  const { LL, locale } = useI18nContext()
  return (
    <section className={styles.selectionBar} aria-label={LL.table.bulkActions()}>
      <p className={styles.selectionCount} role="status">
        {LL.table.selected({ count: numberFormat(locale).format(count) })}
      </p>
      {children}
      <Button tone="ghost" size="sm" onClick={onClear}>
        {LL.table.clearSelection()}
      </Button>
    </section>
  )
}
