import { useMemo } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { scheduleList, type ScheduleSort } from '../../api/schedules'
import type { Schedule } from '../../contract/access-model'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Page } from '../../ui/page'
import { weekSummary } from '../../lib/access-text'
import { deleteScheduleAction } from './schedule-actions'
import { scheduleColumns } from './schedule-columns'

const defaults: ListViewDefaults<ScheduleSort> = {
  orderBy: 'name',
  orderDirection: 'asc',
  sortable: ['name', 'created_at'],
}

const getRowId = (schedule: Schedule) => String(schedule.schedule_id)

/** /schedules: the weeks the organization's rules open on. */
export function SchedulesScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const perform = usePerform()
  const canUpdate = can(needs('schedules', 'update'))
  const canDelete = can(deleteScheduleAction.needs.anyOf ?? [])
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const columns = useMemo(
    () =>
      scheduleColumns({
        LL,
        date,
        onDelete: canDelete ? (schedule) => perform(deleteScheduleAction, schedule) : null,
      }),
    [LL, date, canDelete, perform],
  )
  const rowActions = useMemo(
    () => ({
      open: (schedule: Schedule) =>
        navigate(pathTo('schedules-view', { id: schedule.schedule_id })),
      ...(canUpdate
        ? {
            edit: (schedule: Schedule) =>
              navigate(pathTo('schedules-edit', { id: schedule.schedule_id })),
          }
        : {}),
      ...(canDelete
        ? { remove: (schedule: Schedule) => perform(deleteScheduleAction, schedule) }
        : {}),
    }),
    [navigate, perform, canUpdate, canDelete],
  )
  const describeRow = (schedule: Schedule) =>
    LL.schedules.row({ name: schedule.name, hours: weekSummary(LL, schedule.intervals) })

  return (
    <Page
      title={LL.schedules.title()}
      actions={
        canUpdate ? (
          <Link className={buttonClass()} href={pathTo('schedules-create')}>
            {LL.schedules.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.schedules.gridLabel()}
        searchLabel={LL.schedules.search()}
        emptyMessage={LL.schedules.empty()}
        columns={columns}
        source={scheduleList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canUpdate ? () => navigate(pathTo('schedules-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
