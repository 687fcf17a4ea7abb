import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { AuditEntry } from '../../contract/audits'
import { pathTo } from '../../contract/pages'
import { auditDetailText } from '../../lib/answer-text'
import { EntryDrawer } from '../../ui/entry-drawer'
import { FullMoment } from '../../ui/moment'
import * as styles from './audits.css'

interface AuditEntryDrawerProps {
  entry: AuditEntry | null
  open: boolean
  onOpenChange: (open: boolean) => void
  now: number
  exact: Intl.DateTimeFormat
}

/**
 * One audit entry in full, beside the log: the device's and the actor's other entries one link
 * away.
 */
export function AuditEntryDrawer({ entry, open, onOpenChange, now, exact }: AuditEntryDrawerProps) {
  const { LL } = useI18nContext()
  const rows: [string, ReactNode][] = entry
    ? [
        [LL.audits.when(), <FullMoment key="when" at={entry.created_at} now={now} exact={exact} />],
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
    <EntryDrawer
      open={open}
      onOpenChange={onOpenChange}
      title={LL.audits.entryTitle()}
      hint={LL.audits.entryHint()}
      fields={rows}
      testId="audit-entry"
    />
  )
}
