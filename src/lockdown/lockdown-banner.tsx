import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { activeLockdownsOptions } from '../api/lockdowns'
import type { Lockdown } from '../contract/lockdowns'
import { pathTo } from '../contract/pages'
import { formatRelativeTime } from '../lib/relative-time-text'
import { useNow } from '../lib/use-now'
import { useSession } from '../session/session-context'
import { LockdownActions } from './lockdown-actions'
import * as styles from './lockdown.css'

/** What the banner says of one lockdown: scope, reason, who started it and when, its release. */
function BannerText({ lockdown, now }: { lockdown: Lockdown; now: number }) {
  const { LL } = useI18nContext()
  const { user } = useSession()
  const release = lockdown.release
  const pending = lockdown.state === 'release_requested' && release !== null
  return (
    <p className={styles.bannerText} role="status">
      <span className={styles.bannerTitle}>
        {LL.lockdown.banner.title({ scope: lockdown.scope_name })}
      </span>
      <span>{lockdown.reason}</span>
      <span>
        {LL.lockdown.banner.started({
          email: lockdown.started_by.email,
          when: formatRelativeTime(LL, Date.parse(lockdown.started_at), now),
        })}
      </span>
      {pending ? (
        <span>
          {release.requested_by.user_id === user?.user_id
            ? LL.lockdown.banner.ownRequest()
            : LL.lockdown.banner.releaseRequested({
                email: release.requested_by.email,
                reason: release.reason,
                expires: release.expires_at,
              })}
        </span>
      ) : null}
    </p>
  )
}

/**
 * The lockdown banner on every signed-in screen: every user of the organization sees an active
 * lockdown within one poll (5 s), with its scope, reason and start, a link to its page, and the
 * release buttons for those who hold the right. A region, not an alert: it announces politely and
 * never takes focus.
 */
export function LockdownBanner() {
  const { LL } = useI18nContext()
  const labelId = useId()
  const now = useNow(30_000)
  const { data } = useQuery(activeLockdownsOptions)
  const first = data?.data[0]
  if (first === undefined) return null
  const more = data ? data.recordsTotal - 1 : 0
  return (
    <section className={styles.banner} aria-labelledby={labelId} data-testid="lockdown-banner">
      <h2 id={labelId} className={styles.bannerLabel}>
        {LL.lockdown.banner.label()}
      </h2>
      <BannerText lockdown={first} now={now} />
      <div className={styles.actions}>
        <Link href={pathTo('lockdowns-view', { id: first.lockdown_id })}>
          {LL.lockdown.banner.view()}
        </Link>
        {more > 0 ? (
          <Link href={pathTo('lockdowns')}>{LL.lockdown.banner.more({ count: more })}</Link>
        ) : null}
        {/* Keyed by the lockdown: its machine starts from this lockdown's own state. */}
        <LockdownActions key={first.lockdown_id} lockdown={first} />
      </div>
    </section>
  )
}
