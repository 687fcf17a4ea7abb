import { createColumnHelper } from '@tanstack/react-table'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Calendar } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { createdColumn, deleteColumn, nameColumn } from '../../ui/data-table/common-columns'
import type { DataTableFeatures } from '../../ui/data-table/features'

const helper = createColumnHelper<DataTableFeatures, Calendar>()

interface CalendarColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  /** Asks to delete the row's calendar; null when the user may not. */
  onDelete: ((calendar: Calendar) => void) | null
}

export function calendarColumns({ LL, date, onDelete }: CalendarColumnContext) {
  return helper.columns([
    nameColumn<Calendar>({
      header: LL.calendars.name(),
      href: (calendar) => pathTo('calendars-view', { id: calendar.calendar_id }),
      size: 240,
    }),
    helper.accessor('exceptions', {
      id: 'exceptions',
      header: LL.calendars.exceptions(),
      size: 160,
      enableSorting: false,
      cell: (info) => LL.calendars.exceptionCount({ count: info.getValue().length }),
    }),
    createdColumn<Calendar>({ header: LL.calendars.created(), date }),
    ...(onDelete
      ? [
          deleteColumn<Calendar>({
            header: LL.calendars.actions(),
            text: LL.calendars.delete(),
            label: (calendar) => LL.calendars.deleteNamed({ name: calendar.name }),
            onDelete,
          }),
        ]
      : []),
  ])
}
