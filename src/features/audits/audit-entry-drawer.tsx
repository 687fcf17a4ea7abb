import type { KeyboardEvent, ReactNode } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { AuditEntry } from '../../contract/audits'
import { pathTo } from '../../contract/pages'
import { auditDetailText } from '../../lib/answer-text'
import { formatRelativeTime } from '../../lib/relative-time-text'
import { activeList } from '../../ui/data-table/active-list'
import { Drawer } from '../../ui/drawer'
import * as styles from './audits.css'

interface AuditEntryDrawerProps {
  entry: AuditEntry | null
  open: boolean
  onOpenChange: (open: boolean) => void
  now: number
  exact: Intl.DateTimeFormat
}

const STEPS: Record<string, number> = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }

/**
 * One audit entry in full, beside the log: every field untruncated, the device's and the actor's
 * other entries one link away, and j/k walking the log behind it without closing.
 */
export function AuditEntryDrawer({ entry, open, onOpenChange, now, exact }: AuditEntryDrawerProps) {
  const { LL } = useI18nContext()
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key]
    if (step === undefined || event.ctrlKey || event.metaKey || event.altKey) return
    event.preventDefault()
    activeList()?.step(step)
  }
  const rows: [string, ReactNode][] = entry
    ? [
        [
          LL.audits.when(),
          <time key="when" dateTime={entry.created_at}>
            {exact.format(Date.parse(entry.created_at))} (
            {formatRelativeTime(LL, Date.parse(entry.created_at), now)})
          </time>,
        ],
        [
          LL.audits.device(),
          <Link key="device" href={pathTo('audits', { search: entry.device_name })}>
            {entry.device_name}
          </Link>,
        ],
        [LL.audits.command(), LL.audits.commands[entry.command]()],
        [
          LL.audits.result(),
          <span key="result" className={styles.result({ tone: entry.result })}>
            {entry.result === 'success' ? LL.audits.success() : LL.audits.failure()}
          </span>,
        ],
        [
          LL.audits.actor(),
          <Link key="actor" href={pathTo('audits', { search: entry.actor_email })}>
            {entry.actor_email}
          </Link>,
        ],
        [
          LL.audits.detail(),
          auditDetailText(LL, entry, (iso) => exact.format(Date.parse(iso))) || '—',
        ],
        [LL.audits.entryId(), String(entry.audit_id)],
      ]
    : []
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={LL.audits.entryTitle()}
      hint={LL.audits.entryHint()}
      onKeyDown={onKeyDown}
    >
      <dl className={styles.fields} data-testid="audit-entry">
        {rows.map(([term, value]) => (
          <div key={term} className={styles.field}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </Drawer>
  )
}
