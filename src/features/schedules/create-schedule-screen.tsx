import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { ScheduleForm } from './schedule-form'
import { emptyValues } from './schedule-form-model'
import { useCreateSchedule } from './use-schedule-mutations'
import { listPlacePath } from '../../ui/data-table/list-memory'

/** /schedules/create — a new schedule opens on its page, where its calendars are attached. */
export function CreateScheduleScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateSchedule()
  return (
    <Page title={LL.schedules.createTitle()}>
      <ScheduleForm
        initial={emptyValues}
        label={LL.schedules.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('schedules')))}
        onSubmit={async (input) => {
          const schedule = await create.mutateAsync(input)
          showToast(LL.schedules.created_notice({ name: schedule.name }))
          navigate(pathTo('schedules-view', { id: schedule.schedule_id }))
        }}
      />
    </Page>
  )
}
