import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { CalendarForm } from './calendar-form'
import { emptyValues } from './calendar-form-model'
import { useCreateCalendar } from './use-calendar-mutations'

/** /calendars/create — a new calendar opens on its page, where its exceptions are added. */
export function CreateCalendarScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateCalendar()
  return (
    <Page title={LL.calendars.createTitle()} intro={LL.calendars.createIntro()}>
      <CalendarForm
        initial={emptyValues}
        label={LL.calendars.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('calendars')))}
        onSubmit={async (input) => {
          const calendar = await create.mutateAsync(input)
          showToast(LL.calendars.created_notice({ name: calendar.name }))
          navigate(pathTo('calendars-view', { id: calendar.calendar_id }))
        }}
      />
    </Page>
  )
}
