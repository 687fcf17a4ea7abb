import { useMemo } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { calendarList, type CalendarSort } from '../../api/calendars'
import type { Calendar } from '../../contract/access-model'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Page } from '../../ui/page'
import { deleteCalendarAction } from './calendar-actions'
import { calendarColumns } from './calendar-columns'

const defaults: ListViewDefaults<CalendarSort> = {
  orderBy: 'name',
  orderDirection: 'asc',
  sortable: ['name', 'created_at'],
}

const getRowId = (calendar: Calendar) => String(calendar.calendar_id)

/** /calendars: the organization's calendars of exceptions (holidays, closing days). */
export function CalendarsScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const perform = usePerform()
  const canUpdate = can(needs('schedules', 'update'))
  const canDelete = can(deleteCalendarAction.needs.anyOf ?? [])
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const columns = useMemo(
    () =>
      calendarColumns({
        LL,
        date,
        onDelete: canDelete ? (calendar) => perform(deleteCalendarAction, calendar) : null,
      }),
    [LL, date, canDelete, perform],
  )
  const rowActions = useMemo(
    () => ({
      open: (calendar: Calendar) =>
        navigate(pathTo('calendars-view', { id: calendar.calendar_id })),
      ...(canUpdate
        ? {
            edit: (calendar: Calendar) =>
              navigate(pathTo('calendars-edit', { id: calendar.calendar_id })),
          }
        : {}),
      ...(canDelete
        ? { remove: (calendar: Calendar) => perform(deleteCalendarAction, calendar) }
        : {}),
    }),
    [navigate, perform, canUpdate, canDelete],
  )
  const describeRow = (calendar: Calendar) =>
    LL.calendars.row({
      name: calendar.name,
      exceptions: LL.calendars.exceptionCount({ count: calendar.exceptions.length }),
    })

  return (
    <Page
      title={LL.calendars.title()}
      actions={
        canUpdate ? (
          <Link className={buttonClass()} href={pathTo('calendars-create')}>
            {LL.calendars.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.calendars.gridLabel()}
        searchLabel={LL.calendars.search()}
        emptyMessage={LL.calendars.empty()}
        columns={columns}
        source={calendarList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canUpdate ? () => navigate(pathTo('calendars-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
