import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { buttonClass } from '../../ui/button'
import * as styles from './error-page.css'

/** Shown in place of a screen the user lacks every permission for (requirements R2.4). */
export function NoAccessScreen() {
  const { LL } = useI18nContext()
  return (
    <section className={styles.page} data-testid="no-access">
      <span className={styles.code} aria-hidden="true">
        403
      </span>
      <h1 className={styles.title}>{LL.errors.noAccess()}</h1>
      <Link href="/" className={buttonClass()}>
        {LL.common.goHome()}
      </Link>
    </section>
  )
}
