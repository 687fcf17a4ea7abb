import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Location } from '../../contract/locations'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { formatAddress } from './location-address'
import * as styles from './locations.css'

const helper = createColumnHelper<DataTableFeatures, Location>()

interface LocationColumnContext {
  LL: TranslationFunctions
  numbers: Intl.NumberFormat
  canDelete: boolean
  onPeek: (location: Location) => void
  onDelete: (location: Location) => void
}

const count =
  (numbers: Intl.NumberFormat, of: (location: Location) => number) =>
  (info: { row: { original: Location } }) => (
    <span className={styles.count}>{numbers.format(of(info.row.original))}</span>
  )

// Column ids are the server's order_by names where the column sorts.
export function locationColumns(context: LocationColumnContext) {
  const { LL, numbers, canDelete, onPeek, onDelete } = context
  return helper.columns([
    helper.accessor('location_id', {
      id: 'location_id',
      header: LL.locations.id(),
      size: 70,
      sortDescFirst: true,
    }),
    helper.accessor('name', {
      id: 'name',
      header: LL.locations.name(),
      size: 200,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('locations-view', { id: info.row.original.location_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor((location) => formatAddress(location), {
      id: 'locality',
      header: LL.locations.address(),
      size: 260,
      cell: (info) =>
        info.getValue() === '' ? (
          <span className={tableStyles.muted}>{LL.locations.noAddress()}</span>
        ) : (
          info.getValue()
        ),
    }),
    helper.accessor((location) => location.floors.length, {
      id: 'floors',
      header: LL.locations.floors(),
      size: 70,
      enableSorting: false,
      cell: count(numbers, (l) => l.floors.length),
    }),
    helper.accessor('room_count', {
      id: 'rooms',
      header: LL.locations.rooms(),
      size: 70,
      enableSorting: false,
      cell: count(numbers, (l) => l.room_count),
    }),
    helper.accessor('door_count', {
      id: 'doors',
      header: LL.locations.doors(),
      size: 70,
      enableSorting: false,
      cell: count(numbers, (l) => l.door_count),
    }),
    helper.accessor('device_count', {
      id: 'devices',
      header: LL.locations.devices(),
      size: 80,
      enableSorting: false,
      cell: count(numbers, (l) => l.device_count),
    }),
    helper.display({
      id: 'actions',
      header: LL.locations.actions(),
      size: 170,
      enableSorting: false,
      cell: (info) => (
        <span className={styles.rowActions}>
          <Button
            tone="ghost"
            size="sm"
            aria-label={LL.locations.peekNamed({ name: info.row.original.name })}
            onClick={() => onPeek(info.row.original)}
          >
            {LL.locations.peek()}
          </Button>
          {canDelete ? (
            <Button
              tone="ghost"
              size="sm"
              aria-label={LL.locations.deleteNamed({ name: info.row.original.name })}
              onClick={() => onDelete(info.row.original)}
            >
              {LL.locations.delete()}
            </Button>
          ) : null}
        </span>
      ),
    }),
  ])
}
