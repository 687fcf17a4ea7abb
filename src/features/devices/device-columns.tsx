import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Device } from '../../contract/devices'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { placeText } from './device-place'
import { BatteryBar, CapabilityList, ConnectionText } from './device-status'
import * as styles from './devices.css'
import { deviceTypeName } from '../../lib/answer-text'

const helper = createColumnHelper<DataTableFeatures, Device>()

interface DeviceColumnsContext {
  LL: TranslationFunctions
  /** Shows a Delete button per row; without the right to delete there is no actions column. */
  onDelete: ((device: Device) => void) | null
}

// Column ids are the server's order_by names where the column sorts.
export function deviceColumns({ LL, onDelete }: DeviceColumnsContext) {
  const columns = helper.columns([
    helper.accessor('device_id', {
      id: 'device_id',
      header: LL.devices.id(),
      size: 70,
      sortDescFirst: true,
    }),
    helper.accessor('name', {
      id: 'name',
      header: LL.devices.name(),
      size: 240,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('devices-view', { id: info.row.original.device_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor((device) => deviceTypeName(LL, device.device_type), {
      id: 'device_type_id',
      header: LL.devices.type(),
      size: 140,
    }),
    helper.accessor('manufacturer_name', {
      id: 'manufacturer',
      header: LL.devices.manufacturer(),
      size: 130,
      enableSorting: false,
    }),
    helper.accessor((device) => placeText(device.place), {
      id: 'place',
      header: LL.devices.place(),
      size: 260,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
    }),
    helper.accessor((device) => device.current_status.connected, {
      id: 'connection',
      header: LL.devices.connection(),
      size: 130,
      enableSorting: false,
      cell: (info) => <ConnectionText connected={info.getValue()} />,
    }),
    helper.accessor((device) => device.current_status.battery_level, {
      id: 'battery',
      header: LL.devices.battery(),
      size: 170,
      enableSorting: false,
      cell: (info) => <BatteryBar level={info.getValue()} />,
    }),
    helper.accessor('capabilities', {
      id: 'capabilities',
      header: LL.devices.capabilities(),
      size: 320,
      enableSorting: false,
      cell: (info) => <CapabilityList capabilities={info.getValue()} />,
    }),
    helper.display({
      id: 'actions',
      header: LL.devices.actions(),
      size: 110,
      enableSorting: false,
      cell: (info) => (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.devices.deleteNamed({ name: info.row.original.name })}
          onClick={() => onDelete?.(info.row.original)}
        >
          {LL.devices.delete()}
        </Button>
      ),
    }),
  ])
  return onDelete ? columns : columns.filter((column) => column.id !== 'actions')
}
