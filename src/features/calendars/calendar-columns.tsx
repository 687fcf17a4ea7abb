import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Calendar } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import type { DataTableFeatures } from '../../ui/data-table/features'
import * as styles from './calendars.css'

const helper = createColumnHelper<DataTableFeatures, Calendar>()

interface CalendarColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  /** Asks to delete the row's calendar; null when the user may not. */
  onDelete: ((calendar: Calendar) => void) | null
}

// Column ids are the server's order_by names where the column sorts.
export function calendarColumns({ LL, date, onDelete }: CalendarColumnContext) {
  const columns = helper.columns([
    helper.accessor('name', {
      id: 'name',
      header: LL.calendars.name(),
      size: 240,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('calendars-view', { id: info.row.original.calendar_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor('exceptions', {
      id: 'exceptions',
      header: LL.calendars.exceptions(),
      size: 160,
      enableSorting: false,
      cell: (info) => LL.calendars.exceptionCount({ count: info.getValue().length }),
    }),
    helper.accessor('created_at', {
      id: 'created_at',
      header: LL.calendars.created(),
      size: 140,
      sortDescFirst: true,
      cell: (info) => (
        <time dateTime={info.getValue()}>{date.format(Date.parse(info.getValue()))}</time>
      ),
    }),
    helper.display({
      id: 'actions',
      header: LL.calendars.actions(),
      size: 120,
      enableSorting: false,
      cell: (info) => (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.calendars.deleteNamed({ name: info.row.original.name })}
          onClick={() => onDelete?.(info.row.original)}
        >
          {LL.calendars.delete()}
        </Button>
      ),
    }),
  ])
  return onDelete ? columns : columns.filter((column) => column.id !== 'actions')
}
