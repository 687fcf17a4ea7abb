import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { filteredJournalList } from '../../api/journal'
import { fetchOrganizationPage, organizationKeys } from '../../api/organizations'
import type { JournalEntry } from '../../contract/journal'
import {
  formatJournalFilters,
  journalListDefaults as defaults,
  journalServerFilters,
  parseJournalFilters,
  type FilterProblem,
  type JournalFilterName,
} from '../../contract/journal-view'
import { MAX_PAGE_LENGTH } from '../../contract/list'
import { actorText, targetText } from '../../journal/journal-words'
import { relativeAndExact } from '../../lib/relative-time-text'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Notice } from '../../ui/notice'
import { useEntryDrawer } from '../../ui/entry-drawer'
import { useLogTime } from '../../ui/moment'
import { Page } from '../../ui/page'
import { ListExport } from '../../commands/list-export'
import { journalColumns } from './journal-columns'
import { JournalEntryDrawer } from './journal-entry-drawer'
import { JournalFilterBar } from './journal-filter-bar'
import * as styles from './journal.css'

const getRowId = (entry: JournalEntry) => String(entry.journal_id)

const filterLabels: Record<JournalFilterName, (LL: TranslationFunctions) => string> = {
  action: (LL) => LL.journal.action(),
  targetType: (LL) => LL.journal.targetType(),
  targetId: (LL) => LL.journal.targetId(),
  actor: (LL) => LL.journal.actor(),
  from: (LL) => LL.journal.from(),
  to: (LL) => LL.journal.to(),
  about: (LL) => LL.journal.about(),
}

function problemText(LL: TranslationFunctions, problem: FilterProblem): string {
  return problem.kind === 'range'
    ? LL.journal.badRange({ value: problem.value })
    : LL.journal.badFilter({ name: filterLabels[problem.name](LL), value: problem.value })
}

const organizationsQuery = {
  start: 0,
  length: MAX_PAGE_LENGTH,
  order_by: 'name',
  order_direction: 'asc',
  search: '',
} as const

/**
 * The organizations' names the reader may see, by id: the journal names a row's organization by
 * id only. One page of the organizations list; an organization beyond it shows its id.
 */
function useOrganizationNames(): (id: number) => string | undefined {
  const page = useQuery({
    queryKey: organizationKeys.list(organizationsQuery),
    queryFn: ({ signal }) => fetchOrganizationPage(organizationsQuery, signal),
  })
  const names = useMemo(
    () => new Map(page.data?.data.map((org) => [org.organization_id, org.name])),
    [page.data],
  )
  return useCallback((id: number) => names.get(id), [names])
}

/**
 * /journal: who changed what, newest first (docs/journal.md). Its filters live in the URL; a value
 * there that the journal does not know is named above the list and left out, never sent.
 */
export function JournalScreen() {
  const { LL } = useI18nContext()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const { filters, problems } = useMemo(() => parseJournalFilters(search), [search])
  const query = useMemo(() => journalServerFilters(filters), [filters])
  const filterKey = JSON.stringify(query)
  // One source per filter set, so the DataTable's windows are keyed by what the server filters.
  const source = useMemo(() => filteredJournalList(query), [query])
  const { now, exact } = useLogTime()
  const organizationName = useOrganizationNames()
  const columns = useMemo(
    () => journalColumns({ LL, now, exact, organizationName }),
    [LL, now, exact, organizationName],
  )
  const drawer = useEntryDrawer<JournalEntry>()
  const describeRow = (entry: JournalEntry) =>
    LL.journal.row({
      action: LL.journal.actions[entry.action](),
      target: targetText(LL, entry),
      actor: actorText(LL, entry),
      when: relativeAndExact(LL, entry.at, now, exact),
    })

  return (
    <Page
      title={LL.journal.title()}
      intro={LL.journal.intro()}
      actions={<ListExport list="journal" defaults={defaults} filters={query} />}
    >
      {problems.length > 0 ? (
        <Notice tone="warning" className={styles.problems}>
          {problems.map((problem) => (
            <span key={problem.name}>{problemText(LL, problem)} </span>
          ))}
        </Notice>
      ) : null}
      <JournalFilterBar
        filters={filters}
        onChange={(next) => navigate(`${location}${formatJournalFilters(search, next)}`)}
      />
      <DataTable
        label={LL.journal.gridLabel()}
        searchLabel={LL.journal.search()}
        emptyMessage={LL.journal.empty()}
        columns={columns}
        source={source}
        filterKey={filterKey}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={drawer.rowActions}
        onActiveRowChange={drawer.follow}
        errorMessage={(error) => errorText(LL, error)}
      />
      <JournalEntryDrawer
        entry={drawer.entry}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        now={now}
        exact={exact}
        organizationName={organizationName}
      />
    </Page>
  )
}
