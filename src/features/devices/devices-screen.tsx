import { useMemo, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { filteredDeviceList, type DeviceSort } from '../../api/devices'
import type { Device } from '../../contract/devices'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../contract/list-view'
import { Page } from '../../ui/page'
import { ListExport } from '../../commands/list-export'
import { DeleteDeviceDialog } from './delete-device-dialog'
import { deviceColumns } from './device-columns'
import { DeviceFilterBar } from './device-filter-bar'
import { formatDeviceFilters, parseDeviceFilters, serverFilters } from './device-filters'
import { placeText } from './device-place'
import { deviceTypeName } from '../../lib/answer-text'

const defaults: ListViewDefaults<DeviceSort> = {
  orderBy: 'device_id',
  orderDirection: 'desc',
  sortable: ['device_id', 'name', 'device_type_id'],
}

const getRowId = (device: Device) => String(device.device_id)

/** /devices: every device the user may read, with where it hangs, its connection and battery. */
export function DevicesScreen() {
  const { LL } = useI18nContext()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const filters = useMemo(() => parseDeviceFilters(search), [search])
  const query = useMemo(() => serverFilters(filters), [filters])
  const filterKey = JSON.stringify(query)
  // One source per filter set, so the DataTable's windows are keyed by what the server filters.
  const source = useMemo(() => filteredDeviceList(query), [query])
  const { can } = useSession()
  const canCreate = can(needs('devices', 'create'))
  const canUpdate = can(needs('devices', 'update'))
  const canDelete = can(needs('devices', 'delete'))
  const [deleting, setDeleting] = useState<Device | null>(null)
  const columns = useMemo(
    () => deviceColumns({ LL, onDelete: canDelete ? setDeleting : null }),
    [LL, canDelete],
  )
  const rowActions = useMemo(
    () => ({
      open: (device: Device) => navigate(pathTo('devices-view', { id: device.device_id })),
      ...(canUpdate
        ? { edit: (device: Device) => navigate(pathTo('devices-edit', { id: device.device_id })) }
        : {}),
      ...(canDelete ? { remove: setDeleting } : {}),
    }),
    [navigate, canUpdate, canDelete],
  )
  const describeRow = (device: Device) =>
    LL.devices.row({
      name: device.name,
      type: deviceTypeName(LL, device.device_type),
      place: placeText(device.place),
      connection: device.current_status.connected
        ? LL.devices.connected()
        : LL.devices.notConnected(),
    })

  return (
    <Page
      title={LL.nav.devices()}
      actions={
        <>
          <ListExport list="devices" defaults={defaults} filters={query} />
          {canCreate ? (
            <Link className={buttonClass()} href={pathTo('devices-create')}>
              {LL.devices.create()}
            </Link>
          ) : null}
        </>
      }
    >
      <DeviceFilterBar
        filters={filters}
        onChange={(next) => navigate(`${location}${formatDeviceFilters(search, next)}`)}
      />
      <DataTable
        label={LL.devices.gridLabel()}
        searchLabel={LL.devices.search()}
        emptyMessage={LL.devices.empty()}
        columns={columns}
        source={source}
        filterKey={filterKey}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canCreate ? () => navigate(pathTo('devices-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
      <DeleteDeviceDialog device={deleting} onClose={() => setDeleting(null)} />
    </Page>
  )
}
