import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { Button, buttonClass } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { sprinkles } from '../../ui/sprinkles.css'
import * as styles from './error-page.css'

/** A screen threw while rendering: say so, offer to try again or go home; the shell stays. */
export function ScreenFailedScreen({ onRetry }: { onRetry: () => void }) {
  const { LL } = useI18nContext()
  return (
    <section className={styles.page} data-testid="screen-failed">
      <h1 className={styles.title} tabIndex={-1}>
        {LL.errors.screenFailed()}
      </h1>
      <Notice tone="danger">{LL.errors.default_error()}</Notice>
      <div className={sprinkles({ display: 'flex', gap: 'sm' })}>
        <Button onClick={onRetry}>{LL.common.retry()}</Button>
        <Link href="/" className={buttonClass({ tone: 'secondary' })}>
          {LL.common.goHome()}
        </Link>
      </div>
    </section>
  )
}
