import { useI18nContext } from '../../../i18n/i18n-react'
import type { Calendar } from '../../contract/access-model'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteCalendar } from './use-calendar-mutations'

interface DeleteCalendarDialogProps {
  calendar: Pick<Calendar, 'calendar_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** A calendar a schedule still uses is refused (409): the dialog says so and stays. */
export function DeleteCalendarDialog(props: DeleteCalendarDialogProps) {
  const { calendar, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const name = calendar?.name ?? ''
  return (
    <ConfirmDialog
      target={calendar?.calendar_id ?? null}
      mutation={useDeleteCalendar()}
      title={LL.calendars.deleteTitle({ name })}
      description={LL.calendars.deleteBody()}
      confirmLabel={LL.calendars.delete()}
      kind="destructive"
      pendingLabel={LL.calendars.deleting()}
      doneNotice={LL.calendars.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
