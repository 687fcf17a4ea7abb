import { useMemo } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { formatRelativeTime } from '../lib/relative-time-text'
import { useNow } from '../lib/use-now'
import * as tableStyles from './data-table/data-table.css'

interface MomentProps {
  /** An ISO instant. */
  at: string
  now: number
  exact: Intl.DateTimeFormat
}

/** A log screen's clock: now, moved every 30 s, and the exact time in the reader's language. */
export function useLogTime(): { now: number; exact: Intl.DateTimeFormat } {
  const { locale } = useI18nContext()
  const now = useNow(30_000)
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }),
    [locale],
  )
  return { now, exact }
}

/**
 * A log row's moment in a list: how long ago, the exact time on hover and beside the active row
 * (the audit log, the journal).
 */
export function WhenCell({ at, now, exact }: MomentProps) {
  const { LL } = useI18nContext()
  const full = exact.format(Date.parse(at))
  return (
    <time
      dateTime={at}
      title={full}
      className={tableStyles.revealOnActive}
      data-reveal={`· ${full}`}
    >
      {formatRelativeTime(LL, Date.parse(at), now)}
    </time>
  )
}

/** A log entry's moment in full: the exact time, then how long ago. */
export function FullMoment({ at, now, exact }: MomentProps) {
  const { LL } = useI18nContext()
  return (
    <time dateTime={at}>
      {exact.format(Date.parse(at))} ({formatRelativeTime(LL, Date.parse(at), now)})
    </time>
  )
}
