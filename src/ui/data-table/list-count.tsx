import { memo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import * as styles from './data-table.css'
import { numberFormat } from '../../lib/number-format'

/**
 * How many rows the list holds, or matches while searching ("more than N" when the server stopped
 * counting); "Loading…" until the server says. Memoised: the table renders on every frame of a
 * scroll, the count only when it changes.
 */
export const ListCount = memo(function ListCount({
  total,
  capped,
  searching,
}: {
  total: number | null
  capped: boolean
  searching: boolean
}) {
  const { LL, locale } = useI18nContext()
  const formatted = total === null ? '' : numberFormat(locale).format(total)
  return (
    <p className={styles.count} role="status">
      {total === null
        ? LL.common.loading()
        : capped
          ? LL.table.moreMatches({ formatted })
          : searching
            ? LL.table.matches({ count: total, formatted })
            : LL.table.count({ count: total, formatted })}
    </p>
  )
})
