import { JOURNAL_PATH } from '../contract/api-paths'
import { JournalEntry, journalAboutTypes, type JournalTargetType } from '../contract/journal'
import {
  journalServerFilters,
  noJournalFilters,
  type JournalFilters,
  type JournalServerFilters,
  type JournalSort,
} from '../contract/journal-view'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { JOURNAL_ROOT, resourceKeys } from './queries'

export const JournalPage = listOf(JournalEntry)

export const journalKeys = resourceKeys<JournalSort>(JOURNAL_ROOT)

/** GET /org/v1/journal: one window of the journal, narrowed by `filters`. */
export function fetchJournalPage(
  query: ListQuery<JournalSort> & JournalServerFilters,
  signal?: AbortSignal,
) {
  return apiRequest(JournalPage, { path: JOURNAL_PATH, query, signal })
}

/** The journal under `filters`: one source per filter set, so windows are keyed by what is asked. */
export function filteredJournalList(
  filters: JournalServerFilters,
): ListSource<JournalEntry, JournalSort> {
  return {
    queryKey: (query) => journalKeys.list({ ...query, ...filters }),
    fetch: (query, signal) => fetchJournalPage({ ...query, ...filters }, signal),
  }
}

/** How many of a target's newest journal rows its page shows. */
export const HISTORY_LENGTH = 5

/**
 * What a target's History and "Show all" read: a user, door or device with what hangs on it (its
 * credentials, its devices), any other target alone.
 */
export function historyFilters(type: JournalTargetType, id: number): Partial<JournalFilters> {
  const about = journalAboutTypes.find((t) => t === type)
  return about === undefined ? { targetType: type, targetId: id } : { about: { type: about, id } }
}

/** One target's newest journal rows, for its page's History section. */
export function targetHistory(type: JournalTargetType, id: number) {
  return {
    queryKey: [...journalKeys.all, 'target', type, id] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchJournalPage(
        {
          start: 0,
          length: HISTORY_LENGTH,
          order_by: 'journal_id',
          order_direction: 'desc',
          search: '',
          ...journalServerFilters({ ...noJournalFilters, ...historyFilters(type, id) }),
        },
        signal,
      ),
  }
}
