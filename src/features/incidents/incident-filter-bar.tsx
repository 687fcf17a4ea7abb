import { useI18nContext } from '../../../i18n/i18n-react'
import { incidentStates, severities } from '../../contract/alerts'
import type { Location } from '../../contract/locations'
import { Button } from '../../ui/button'
import * as styles from '../../ui/filter-bar.css'
import { Select } from '../../ui/select'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import { hasIncidentFilters, noIncidentFilters, type IncidentListFilters } from './incident-filters'

interface IncidentFilterBarProps {
  filters: IncidentListFilters
  locations: readonly Location[]
  onChange: (filters: IncidentListFilters) => void
}

/** State, severity and place as native selects; Tab reaches them before the list. */
export function IncidentFilterBar({ filters, locations, onChange }: IncidentFilterBarProps) {
  const { LL } = useI18nContext()
  return (
    <fieldset className={styles.filterBar} data-testid="incident-filters">
      <legend className={visuallyHidden}>{LL.incidents.filters()}</legend>
      <Select
        className={styles.filterField}
        label={LL.incidents.state()}
        value={filters.state ?? ''}
        placeholder={LL.incidents.anyState()}
        options={incidentStates.map((state) => ({
          value: state,
          label: LL.answers.incidentState[state](),
        }))}
        onChange={(event) =>
          onChange({
            ...filters,
            state: incidentStates.find((state) => state === event.target.value) ?? null,
          })
        }
      />
      <Select
        className={styles.filterField}
        label={LL.incidents.severity()}
        value={filters.severity ?? ''}
        placeholder={LL.incidents.anySeverity()}
        options={severities.map((severity) => ({
          value: severity,
          label: LL.answers.severity[severity](),
        }))}
        onChange={(event) =>
          onChange({
            ...filters,
            severity: severities.find((severity) => severity === event.target.value) ?? null,
          })
        }
      />
      <Select
        className={styles.filterField}
        label={LL.incidents.place()}
        value={filters.place === null ? '' : String(filters.place)}
        placeholder={LL.incidents.anyPlace()}
        options={locations.map((location) => ({
          value: String(location.location_id),
          label: location.name,
        }))}
        onChange={(event) => {
          const id = Number(event.target.value)
          onChange({
            ...filters,
            place: locations.some((location) => location.location_id === id) ? id : null,
          })
        }}
      />
      {hasIncidentFilters(filters) ? (
        <Button tone="secondary" onClick={() => onChange(noIncidentFilters)}>
          {LL.incidents.clearFilters()}
        </Button>
      ) : null}
    </fieldset>
  )
}
