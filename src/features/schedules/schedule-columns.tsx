import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Schedule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { weekSummary } from '../../lib/access-text'
import * as styles from './schedules.css'

const helper = createColumnHelper<DataTableFeatures, Schedule>()

interface ScheduleColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  /** Asks to delete the row's schedule; null when the user may not. */
  onDelete: ((schedule: Schedule) => void) | null
}

// Column ids are the server's order_by names where the column sorts.
export function scheduleColumns({ LL, date, onDelete }: ScheduleColumnContext) {
  const columns = helper.columns([
    helper.accessor('name', {
      id: 'name',
      header: LL.schedules.name(),
      size: 200,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('schedules-view', { id: info.row.original.schedule_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor('intervals', {
      id: 'intervals',
      header: LL.schedules.hours(),
      size: 320,
      enableSorting: false,
      cell: (info) => weekSummary(LL, info.getValue()),
    }),
    helper.accessor('calendar_ids', {
      id: 'calendar_ids',
      header: LL.schedules.calendars(),
      size: 120,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
      cell: (info) => LL.schedules.calendarCount({ count: info.getValue().length }),
    }),
    helper.accessor('created_at', {
      id: 'created_at',
      header: LL.schedules.created(),
      size: 140,
      sortDescFirst: true,
      cell: (info) => (
        <time dateTime={info.getValue()}>{date.format(Date.parse(info.getValue()))}</time>
      ),
    }),
    helper.display({
      id: 'actions',
      header: LL.schedules.actions(),
      size: 120,
      enableSorting: false,
      cell: (info) => (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.schedules.deleteNamed({ name: info.row.original.name })}
          onClick={() => onDelete?.(info.row.original)}
        >
          {LL.schedules.delete()}
        </Button>
      ),
    }),
  ])
  return onDelete ? columns : columns.filter((column) => column.id !== 'actions')
}
