import { useI18nContext } from '../../i18n/i18n-react'
import type { Session } from '../contract/mfa'
import { Button } from './button'
import { FullMoment, useLogTime } from './moment'
import * as styles from './session-list.css'

/**
 * A person's sessions, each a browser signed in as them (a refresh-token family): what it is,
 * where from, first and last seen, and End for each but the one reading this. Shown on your account
 * and, to whoever may change a person, on that person's page.
 */
export function SessionList({
  sessions,
  label,
  onEnd,
}: {
  label: string
  sessions: readonly Session[]
  onEnd: (session: Session) => void
}) {
  const { LL } = useI18nContext()
  const { now, exact } = useLogTime()
  return (
    <ul className={styles.list} aria-label={label} data-testid="sessions">
      {sessions.map((session) => {
        const device = [session.browser, session.os].filter(Boolean).join(' · ')
        const name = device || LL.account.unknownBrowser()
        return (
          <li key={session.session_id} className={styles.item}>
            <span className={styles.grow}>
              <strong>{name}</strong>
              {session.current ? <> · {LL.account.thisSession()}</> : null}
              <br />
              <span className={styles.muted}>
                {session.address ? `${session.address} · ` : ''}
                {LL.account.firstSeen()}{' '}
                <FullMoment at={session.first_seen} now={now} exact={exact} /> ·{' '}
                {LL.account.lastSeen()}{' '}
                <FullMoment at={session.last_seen} now={now} exact={exact} />
              </span>
            </span>
            {session.current ? null : (
              <Button
                tone="secondary"
                size="sm"
                aria-label={LL.account.endNamed({ name })}
                onClick={() => onEnd(session)}
              >
                {LL.account.end()}
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
