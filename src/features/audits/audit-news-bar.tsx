import { useI18nContext } from '../../../i18n/i18n-react'
import { Button } from '../../ui/button'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import * as styles from './audits.css'
import type { LiveAudits } from './use-live-audits'

/**
 * "3 new entries — press R": a polite live region, so the news is heard without taking focus;
 * the button (or R) shows them, and the region then says how many were shown.
 */
export function AuditNewsBar({ live }: { live: LiveAudits }) {
  const { LL, locale } = useI18nContext()
  const numbers = new Intl.NumberFormat(locale)
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
