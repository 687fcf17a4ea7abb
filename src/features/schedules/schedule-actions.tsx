import { useLocation } from 'wouter'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Schedule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteScheduleDialog } from './delete-schedule-dialog'

// Every verb on a schedule, declared once (decision 063): the palette (`*` results), the
// schedule's page and its list's rows read them.

export type ScheduleAction = Action<Schedule, PaletteContext>

const id = (schedule: Schedule) => schedule.schedule_id

/** Deleting from the schedule's own pages returns to the list the person came from. */
function DeleteSchedule({ entity, onClose }: ActionDialogProps<Schedule>) {
  const [path, navigate] = useLocation()
  return (
    <DeleteScheduleDialog
      schedule={entity}
      onClose={onClose}
      onDeleted={() => {
        const own = [
          pathTo('schedules-view', { id: id(entity) }),
          pathTo('schedules-edit', { id: id(entity) }),
        ]
        if (own.includes(path)) navigate(listPlacePath(pathTo('schedules')))
      }}
    />
  )
}

export const deleteScheduleAction: ScheduleAction = {
  id: 'schedule.delete',
  label: (LL) => LL.schedules.palette.delete(),
  needs: { anyOf: needs('schedules', 'delete') },
  tone: 'danger',
  deepLink: 'delete',
  dialog: (props) => <DeleteSchedule {...props} />,
  run: () => undefined,
}

export const scheduleActions: readonly ScheduleAction[] = [
  {
    id: 'schedule.open',
    opensItsPage: true,
    label: (LL) => LL.schedules.palette.open(),
    needs: {},
    run: (ctx, schedule) => ctx.navigate(pathTo('schedules-view', { id: id(schedule) })),
  },
  {
    id: 'schedule.edit',
    label: (LL) => LL.schedules.palette.edit(),
    needs: { anyOf: needs('schedules', 'update') },
    run: (ctx, schedule) => ctx.navigate(pathTo('schedules-edit', { id: id(schedule) })),
  },
  deleteScheduleAction,
]
