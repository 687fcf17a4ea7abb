import { useI18nContext } from '../../../i18n/i18n-react'
import { useSessionActor } from '../../session/session-context'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { sprinkles } from '../../ui/sprinkles.css'
import * as styles from './error-page.css'

/** Tokens exist but the profile did not load (network, server error): retry or sign out. */
export function ProfileFailedScreen() {
  const { LL } = useI18nContext()
  const session = useSessionActor()
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{LL.errors.profileFailed()}</h1>
      <Notice tone="danger">{LL.errors.default_error()}</Notice>
      <div className={sprinkles({ display: 'flex', gap: 'sm' })}>
        <Button onClick={() => session.send({ type: 'session.retry' })}>{LL.common.retry()}</Button>
        <Button tone="secondary" onClick={() => session.send({ type: 'session.signOut' })}>
          {LL.nav.logout()}
        </Button>
      </div>
    </main>
  )
}
