import { useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { BoundedAuditList } from '../../api/audits'
import { parseListView } from '../../contract/list-view'
import { Button } from '../../ui/button'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import * as styles from './audits.css'
import { auditListDefaults as defaults } from '../../contract/audit-view'
import { useLiveAudits } from './use-live-audits'
import { numberFormat } from '../../lib/number-format'

/**
 * "3 new entries — press R": a polite live region, so the news is heard without taking focus;
 * the button (or R) shows them, and the region then says how many were shown.
 */
export function AuditNewsBar({ list }: { list: BoundedAuditList }) {
  const { LL, locale } = useI18nContext()
  const live = useLiveAudits(list, parseListView(useSearch(), defaults).search)
  const numbers = numberFormat(locale)
  const { count, more, shown } = live
  const formatted = numbers.format(count)
  return (
    <div aria-live="polite" className={styles.news} data-testid="audit-news">
      {count > 0 ? (
        <Button size="sm" aria-keyshortcuts="Shift+R" onClick={() => void live.show()}>
          {more ? LL.audits.newsMore({ formatted }) : LL.audits.news({ count, formatted })}
        </Button>
      ) : shown !== null ? (
        <span className={visuallyHidden}>
          {LL.audits.newsShown({ count: shown, formatted: numbers.format(shown) })}
        </span>
      ) : null}
    </div>
  )
}
