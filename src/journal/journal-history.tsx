import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { historyFilters, targetHistory } from '../api/journal'
import type { Command } from '../commands/command'
import type { PaletteContext } from '../commands/registry'
import { useScreenCommands } from '../commands/screen-commands'
import type { JournalTargetType } from '../contract/journal'
import { journalPath } from '../contract/journal-view'
import { needs } from '../contract/permissions'
import { formatRelativeTime } from '../lib/relative-time-text'
import { useNow } from '../lib/use-now'
import { useSession } from '../session/session-context'
import { LoadFailed } from '../ui/load-failed'
import { actorText, changesInShort, targetText } from './journal-words'
import * as styles from './journal-history.css'

interface JournalHistoryProps {
  type: JournalTargetType
  id: number
  /**
   * For a part of the page's entity (a door in a location's tree): its name in the heading and
   * the palette. The page's own History has none and gets `g h`.
   */
  name?: string
}

const readers = needs('journal', 'read')

/**
 * An entity page's "History": its newest journal rows in short and a link to all of them in the
 * Journal; in the palette, "Show history" goes there too. Nothing at all for a user who may not
 * read the journal.
 */
export function JournalHistory({ type, id, name }: JournalHistoryProps) {
  const { can } = useSession()
  return can(readers) ? <HistorySection type={type} id={id} name={name} /> : null
}

function HistorySection({ type, id, name }: JournalHistoryProps) {
  const { LL, locale } = useI18nContext()
  const now = useNow(30_000)
  const headingId = useId()
  const query = useQuery(targetHistory(type, id))
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const all = journalPath(historyFilters(type, id))
  const commands = useMemo(
    (): Command<PaletteContext>[] => [
      {
        id: name === undefined ? 'journal.history' : 'journal.history.part',
        label: (LL) =>
          name === undefined ? LL.journal.showHistory() : LL.journal.showHistoryOf({ name }),
        group: 'actions',
        ...(name === undefined ? { shortcut: 'g h' } : {}),
        keywords: ['journal', 'history', 'changes', 'who changed', 'Verlauf'],
        needs: { anyOf: readers },
        run: (ctx) => ctx.navigate(all),
      },
    ],
    [all, name],
  )
  useScreenCommands(commands)
  const entries = query.data?.data
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="journal-history">
      <h2 id={headingId} className={styles.title}>
        {name === undefined ? LL.journal.history() : LL.journal.historyOf({ name })}
      </h2>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !entries ? (
        <p className={styles.muted}>{LL.common.loading()}</p>
      ) : entries.length === 0 ? (
        <p className={styles.muted}>{LL.journal.historyEmpty()}</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => {
            const changes = changesInShort(LL, entry, exact)
            return (
              <li key={entry.journal_id} className={styles.line}>
                <span>
                  {LL.journal.historyLine({
                    action: LL.journal.actions[entry.action](),
                    actor: actorText(LL, entry),
                  })}{' '}
                  {entry.target_type === type && entry.target_id === id ? null : (
                    <span>{LL.journal.historyOn({ target: targetText(LL, entry) })} </span>
                  )}
                  <time
                    className={styles.muted}
                    dateTime={entry.at}
                    title={exact.format(Date.parse(entry.at))}
                  >
                    {formatRelativeTime(LL, Date.parse(entry.at), now)}
                  </time>
                </span>
                {changes === '' ? null : <span className={styles.muted}>{changes}</span>}
              </li>
            )
          })}
        </ul>
      )}
      <p className={styles.muted}>
        <Link href={all}>{LL.journal.showAll()}</Link>
      </p>
    </section>
  )
}
