import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { deviceLookupKeys, fetchDeviceTypes } from '../../api/devices'
import { Button } from '../../ui/button'
import { Select } from '../../ui/select'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import {
  batteryLevels,
  hasFilters,
  noFilters,
  type BatteryLevel,
  type Connection,
  type DeviceListFilters,
} from './device-filters'
import * as styles from '../../ui/filter-bar.css'
import { deviceTypeName } from '../../lib/answer-text'

interface DeviceFilterBarProps {
  filters: DeviceListFilters
  onChange: (filters: DeviceListFilters) => void
}

/**
 * The list's filters as native selects (their own keyboard and screen-reader behaviour): type,
 * connection, and battery below one of the score levels (R4.12). Tab reaches them before the list.
 */
export function DeviceFilterBar({ filters, onChange }: DeviceFilterBarProps) {
  const { LL } = useI18nContext()
  const types = useQuery({
    queryKey: deviceLookupKeys.types,
    queryFn: ({ signal }) => fetchDeviceTypes(signal),
  })
  return (
    <fieldset className={styles.filterBar} data-testid="device-filters">
      <legend className={visuallyHidden}>{LL.devices.filters()}</legend>
      <Select
        className={styles.filterField}
        label={LL.devices.filterType()}
        value={filters.type ?? ''}
        placeholder={LL.devices.allTypes()}
        options={(types.data ?? []).map((type) => ({
          value: type.device_type_id,
          label: deviceTypeName(LL, type),
        }))}
        onChange={(event) =>
          onChange({
            ...filters,
            type:
              types.data?.find((t) => t.device_type_id === event.target.value)?.device_type_id ??
              null,
          })
        }
      />
      <Select
        className={styles.filterField}
        label={LL.devices.filterConnection()}
        value={filters.connection ?? ''}
        placeholder={LL.devices.anyConnection()}
        options={[
          { value: 'connected', label: LL.devices.connected() },
          { value: 'offline', label: LL.devices.notConnected() },
        ]}
        onChange={(event) => {
          const value = event.target.value
          const connection: Connection | null =
            value === 'connected' || value === 'offline' ? value : null
          onChange({ ...filters, connection })
        }}
      />
      <Select
        className={styles.filterField}
        label={LL.devices.filterBattery()}
        value={filters.batteryBelow === null ? '' : String(filters.batteryBelow)}
        placeholder={LL.devices.anyBattery()}
        options={batteryLevels.map((level) => ({
          value: String(level),
          label: LL.devices.batteryBelow({ level }),
        }))}
        onChange={(event) => {
          const level = Number(event.target.value)
          const batteryBelow: BatteryLevel | null =
            batteryLevels.find((candidate) => candidate === level) ?? null
          onChange({ ...filters, batteryBelow })
        }}
      />
      {hasFilters(filters) ? (
        <Button tone="secondary" onClick={() => onChange(noFilters)}>
          {LL.devices.clearFilters()}
        </Button>
      ) : null}
    </fieldset>
  )
}
