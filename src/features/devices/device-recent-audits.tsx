import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { deviceAudits } from '../../api/audits'
import type { AuditEntry } from '../../contract/audits'
import { auditDetailText } from '../../lib/answer-text'
import { auditRowPath } from '../../actions/command-links'
import { pathTo } from '../../contract/pages'
import { formatRelativeTime } from '../../lib/relative-time-text'
import { useNow } from '../../lib/use-now'
import { LoadFailed } from '../../ui/load-failed'
import * as styles from './devices.css'

/**
 * The device's newest audit entries, each linking to its row in /audits; shown to users who may
 * read the audit log. A command sent from this view refetches them (src/actions/send-command.ts).
 */
export function DeviceRecentAudits({ deviceId, name }: { deviceId: number; name: string }) {
  const { LL, locale } = useI18nContext()
  const now = useNow(30_000)
  const query = useQuery(deviceAudits(deviceId))
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const detailOf = (entry: AuditEntry) =>
    auditDetailText(LL, entry, (iso) => exact.format(Date.parse(iso)))
  const entries = query.data?.data
  return (
    <section className={styles.section} aria-labelledby="device-audits">
      <h2 id="device-audits" className={styles.sectionTitle}>
        {LL.devices.recentAudits()}
      </h2>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !entries ? (
        <p className={styles.reason}>{LL.common.loading()}</p>
      ) : entries.length === 0 ? (
        <p className={styles.reason}>{LL.devices.noRecentAudits()}</p>
      ) : (
        <ul className={styles.auditList} data-testid="device-audits">
          {entries.map((entry) => (
            <li key={entry.audit_id} className={styles.auditLine}>
              <Link className={styles.nameLink} href={auditRowPath(entry.audit_id, name)}>
                {LL.devices.auditLine({
                  command: LL.audits.commands[entry.command](),
                  actor: entry.actor_email,
                  result: entry.result === 'success' ? LL.audits.success() : LL.audits.failure(),
                })}
              </Link>
              <span className={styles.reason}>
                {formatRelativeTime(LL, Date.parse(entry.created_at), now)}
                {entry.detail_code === null && !entry.detail ? '' : ` · ${detailOf(entry)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className={styles.nameLink} href={pathTo('audits', { search: name })}>
          {LL.devices.allAudits()}
        </Link>
      </p>
    </section>
  )
}
