import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { JournalEntry } from '../../contract/journal'
import { pathTo } from '../../contract/pages'
import { auditRowPath } from '../../actions/command-links'
import { actorText, fieldLabel, targetText, valueWords } from '../../journal/journal-words'
import { changeLines, NOTHING, targetPath } from '../../lib/journal-text'
import { EntryDrawer } from '../../ui/entry-drawer'
import { FullMoment } from '../../ui/moment'
import { organizationText } from './journal-columns'
import * as styles from './journal.css'

interface JournalEntryDrawerProps {
  entry: JournalEntry | null
  open: boolean
  onOpenChange: (open: boolean) => void
  now: number
  exact: Intl.DateTimeFormat
  organizationName: (id: number) => string | undefined
}

function linked(href: string | null, text: string): ReactNode {
  return href === null ? text : <Link href={href}>{text}</Link>
}

/**
 * One journal row in full, beside the journal: who, what and where from, links to the actor's
 * and the target's pages, and the change field by field as before → after.
 */
export function JournalEntryDrawer(props: JournalEntryDrawerProps) {
  const { entry, open, onOpenChange, now, exact, organizationName } = props
  const { LL } = useI18nContext()
  const fields: (readonly [string, ReactNode])[] = entry
    ? [
        [LL.journal.when(), <FullMoment key="when" at={entry.at} now={now} exact={exact} />],
        [
          LL.journal.actor(),
          linked(
            entry.actor_id === null ? null : pathTo('users-view', { id: entry.actor_id }),
            actorText(LL, entry),
          ),
        ],
        [LL.journal.action(), LL.journal.actions[entry.action]()],
        [
          LL.journal.target(),
          linked(targetPath(entry.target_type, entry.target_id), targetText(LL, entry)),
        ],
        [LL.journal.organization(), organizationText(entry.organization_id, organizationName)],
        [LL.journal.clientAddress(), entry.client_address ?? NOTHING],
        [LL.journal.requestId(), entry.request_id ?? NOTHING],
        ...(entry.audit_id === null
          ? []
          : [
              [
                LL.journal.auditEntry(),
                linked(
                  entry.target_type === 'device' && entry.target_name !== null
                    ? auditRowPath(entry.audit_id, entry.target_name)
                    : pathTo('audits', { row: entry.audit_id }),
                  String(entry.audit_id),
                ),
              ] as const,
            ]),
        [LL.journal.entryId(), String(entry.journal_id)],
      ]
    : []
  const lines = entry ? changeLines(entry.changes, valueWords(LL, exact)) : []
  return (
    <EntryDrawer
      open={open}
      onOpenChange={onOpenChange}
      title={LL.journal.entryTitle()}
      hint={LL.journal.entryHint()}
      fields={fields}
      testId="journal-entry"
    >
      {entry === null ? null : lines.length === 0 ? (
        <p>{LL.journal.noChanges()}</p>
      ) : (
        <table className={styles.changes} data-testid="journal-changes">
          <caption className={styles.changesTitle}>{LL.journal.changes()}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.changeCell}>
                {LL.journal.field()}
              </th>
              <th scope="col" className={styles.changeCell}>
                {LL.journal.before()}
              </th>
              <th scope="col" className={styles.changeCell}>
                {LL.journal.after()}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.field}>
                <th scope="row" className={styles.changeCell}>
                  {fieldLabel(LL, line.field)}
                </th>
                <td className={styles.changeCell}>{line.before}</td>
                <td className={styles.changeCell}>{line.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </EntryDrawer>
  )
}
