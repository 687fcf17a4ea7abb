import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { calendarDetail } from '../../api/calendars'
import { usePageSubject } from '../../commands/page-subject'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { deleteCalendarAction } from './calendar-actions'
import { CalendarForm } from './calendar-form'
import { valuesOf } from './calendar-form-model'
import { useUpdateCalendar } from './use-calendar-mutations'

/** /calendars/edit/:id — its name; saving returns to its page. */
export function EditCalendarScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(calendarDetail, (calendar) => calendar.name)
  const { id, item: calendar } = detail
  usePageSubject('calendars', calendar)
  const update = useUpdateCalendar(id)

  if (!calendar)
    return (
      <DetailState
        title={LL.calendars.editTitle()}
        notFound={LL.calendars.notFound()}
        detail={detail}
      />
    )

  const back = () => navigate(pathTo('calendars-view', { id: calendar.calendar_id }))
  return (
    <Page title={LL.calendars.editNamed({ name: calendar.name })}>
      <CalendarForm
        key={calendar.calendar_id}
        label={LL.calendars.editNamed({ name: calendar.name })}
        initial={valuesOf(calendar)}
        submitLabel={LL.common.save()}
        onCancel={back}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync({ name: input.name })
          showToast(LL.calendars.saved_notice({ name: saved.name }))
          back()
        }}
        extraActions={
          can(deleteCalendarAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteCalendarAction, calendar)}>
              {LL.calendars.delete()}
            </Button>
          ) : null
        }
      />
    </Page>
  )
}
