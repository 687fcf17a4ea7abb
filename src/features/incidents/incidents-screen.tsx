import { useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { filteredIncidentList, type IncidentSort } from '../../api/incidents'
import type { Incident } from '../../contract/alerts'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { numberFormat } from '../../lib/number-format'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Page } from '../../ui/page'
import { incidentColumns } from './incident-columns'
import { IncidentFilterBar } from './incident-filter-bar'
import {
  formatIncidentFilters,
  incidentServerFilters,
  parseIncidentFilters,
} from './incident-filters'
import { subjectText } from './incident-words'
import * as styles from './incidents.css'
import { useIncidentKeys } from './use-incident-keys'
import { usePlaceZones } from './use-place-zones'

const defaults: ListViewDefaults<IncidentSort> = {
  orderBy: 'last_seen',
  orderDirection: 'desc',
  sortable: ['severity', 'first_seen', 'last_seen'],
}

const getRowId = (incident: Incident) => String(incident.incident_id)

/**
 * /incidents: what the alert rules opened, newest first, filtered by state, severity and place in
 * the URL; `a` and `r` act on the active row, Enter opens it.
 */
export function IncidentsScreen() {
  const { LL, locale } = useI18nContext()
  const [path, navigate] = useLocation()
  const search = useSearch()
  const filters = useMemo(() => parseIncidentFilters(search), [search])
  const query = useMemo(() => incidentServerFilters(filters), [filters])
  const source = useMemo(() => filteredIncidentList(query), [query])
  const { zones, locations } = usePlaceZones()
  const [active, setActive] = useState<Incident | null>(null)
  useIncidentKeys(active)
  const columns = useMemo(
    () =>
      incidentColumns({
        LL,
        zones,
        count: numberFormat(locale),
        fallback: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      }),
    [LL, zones, locale],
  )
  const rowActions = useMemo(
    () => ({
      open: (incident: Incident) =>
        navigate(pathTo('incidents-view', { id: incident.incident_id })),
    }),
    [navigate],
  )
  const describeRow = (incident: Incident) =>
    LL.incidents.row({
      severity: LL.answers.severity[incident.severity](),
      rule: incident.rule_name,
      subject: subjectText(LL, incident, zones),
      state: LL.answers.incidentState[incident.state](),
      count: LL.incidents.times({ count: incident.count }),
    })

  return (
    <Page title={LL.incidents.title()} intro={LL.incidents.intro()}>
      <IncidentFilterBar
        filters={filters}
        locations={locations}
        onChange={(next) => navigate(`${path}${formatIncidentFilters(search, next)}`)}
      />
      <p className={styles.hint}>{LL.incidents.keysHint()}</p>
      <DataTable
        label={LL.incidents.gridLabel()}
        searchLabel={LL.incidents.search()}
        emptyMessage={LL.incidents.empty()}
        columns={columns}
        source={source}
        filterKey={JSON.stringify(query)}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onActiveRowChange={setActive}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
