import { useI18nContext } from '../../../i18n/i18n-react'
import type { Schedule } from '../../contract/access-model'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteSchedule } from './use-schedule-mutations'

interface DeleteScheduleDialogProps {
  schedule: Pick<Schedule, 'schedule_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** A schedule a rule still uses is refused (409): the dialog says so and stays. */
export function DeleteScheduleDialog(props: DeleteScheduleDialogProps) {
  const { schedule, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const name = schedule?.name ?? ''
  return (
    <ConfirmDialog
      target={schedule?.schedule_id ?? null}
      mutation={useDeleteSchedule()}
      title={LL.schedules.deleteTitle({ name })}
      description={LL.schedules.deleteBody()}
      confirmLabel={LL.schedules.delete()}
      kind="destructive"
      pendingLabel={LL.schedules.deleting()}
      doneNotice={LL.schedules.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
