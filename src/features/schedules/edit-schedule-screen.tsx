import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { scheduleDetail } from '../../api/schedules'
import { usePageSubject } from '../../commands/page-subject'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { deleteScheduleAction } from './schedule-actions'
import { ScheduleForm } from './schedule-form'
import { valuesOf } from './schedule-form-model'
import { useUpdateSchedule } from './use-schedule-mutations'

/** /schedules/edit/:id — its name and week; saving returns to its page. */
export function EditScheduleScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(scheduleDetail, (schedule) => schedule.name)
  const { id, item: schedule } = detail
  usePageSubject('schedules', schedule)
  const update = useUpdateSchedule(id)

  if (!schedule)
    return (
      <DetailState
        title={LL.schedules.editTitle()}
        notFound={LL.schedules.notFound()}
        detail={detail}
      />
    )

  const back = () => navigate(pathTo('schedules-view', { id: schedule.schedule_id }))
  return (
    <Page title={LL.schedules.editNamed({ name: schedule.name })}>
      <ScheduleForm
        // A refetch (window focus) must not wipe what the user is editing: the form keeps its copy.
        key={schedule.schedule_id}
        label={LL.schedules.editNamed({ name: schedule.name })}
        initial={valuesOf(schedule)}
        submitLabel={LL.common.save()}
        onCancel={back}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.schedules.saved_notice({ name: saved.name }))
          back()
        }}
        extraActions={
          can(deleteScheduleAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteScheduleAction, schedule)}>
              {LL.schedules.delete()}
            </Button>
          ) : null
        }
      />
    </Page>
  )
}
