import { createColumnHelper } from '@tanstack/react-table'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Schedule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { createdColumn, deleteColumn, nameColumn } from '../../ui/data-table/common-columns'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { weekSummary } from '../../lib/access-text'

const helper = createColumnHelper<DataTableFeatures, Schedule>()

interface ScheduleColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  /** Asks to delete the row's schedule; null when the user may not. */
  onDelete: ((schedule: Schedule) => void) | null
}

export function scheduleColumns({ LL, date, onDelete }: ScheduleColumnContext) {
  return helper.columns([
    nameColumn<Schedule>({
      header: LL.schedules.name(),
      href: (schedule) => pathTo('schedules-view', { id: schedule.schedule_id }),
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
    createdColumn<Schedule>({ header: LL.schedules.created(), date }),
    ...(onDelete
      ? [
          deleteColumn<Schedule>({
            header: LL.schedules.actions(),
            text: LL.schedules.delete(),
            label: (schedule) => LL.schedules.deleteNamed({ name: schedule.name }),
            onDelete,
          }),
        ]
      : []),
  ])
}
