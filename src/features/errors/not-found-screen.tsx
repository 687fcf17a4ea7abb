import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { buttonClass } from '../../ui/button'
import * as styles from './error-page.css'

export function NotFoundScreen() {
  const { LL } = useI18nContext()
  const [location] = useLocation()
  return (
    <section className={styles.page} data-testid="not-found">
      <span className={styles.code} aria-hidden="true">
        404
      </span>
      <h1 className={styles.title}>{LL.errors.notFoundTitle()}</h1>
      <p className={styles.text}>{LL.errors.notFound({ path: location })}</p>
      <Link href="/" className={buttonClass()}>
        {LL.common.goHome()}
      </Link>
    </section>
  )
}
