import { useI18nContext } from '../../i18n/i18n-react'
import type { Severity } from '../contract/alerts'
import * as styles from './severity-badge.css'

/** An incident's severity as a word on a tinted pill: the incidents list and the dashboard. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const { LL } = useI18nContext()
  return <span className={styles.badge[severity]}>{LL.answers.severity[severity]()}</span>
}
