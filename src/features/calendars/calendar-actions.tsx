import { useLocation } from 'wouter'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Calendar } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteCalendarDialog } from './delete-calendar-dialog'

// Every verb on a calendar, declared once (decision 063): the palette (`:` results, "add public
// holidays to …"), the calendar's page and its list's rows read them. The holidays open their
// dialog on the calendar's page, which shows what they add (`?command=holidays`).

export type CalendarAction = Action<Calendar, PaletteContext>

const id = (calendar: Calendar) => calendar.calendar_id

/** The word the calendar's page answers by opening "Add public holidays". */
export const HOLIDAYS_COMMAND = 'holidays'

/** Deleting from the calendar's own pages returns to the list the person came from. */
function DeleteCalendar({ entity, onClose }: ActionDialogProps<Calendar>) {
  const [path, navigate] = useLocation()
  return (
    <DeleteCalendarDialog
      calendar={entity}
      onClose={onClose}
      onDeleted={() => {
        const own = [
          pathTo('calendars-view', { id: id(entity) }),
          pathTo('calendars-edit', { id: id(entity) }),
        ]
        if (own.includes(path)) navigate(listPlacePath(pathTo('calendars')))
      }}
    />
  )
}

export const deleteCalendarAction: CalendarAction = {
  id: 'calendar.delete',
  label: (LL) => LL.calendars.palette.delete(),
  needs: { anyOf: needs('schedules', 'delete') },
  tone: 'danger',
  deepLink: 'delete',
  dialog: (props) => <DeleteCalendar {...props} />,
  run: () => undefined,
}

export const calendarActions: readonly CalendarAction[] = [
  {
    id: 'calendar.open',
    opensItsPage: true,
    label: (LL) => LL.calendars.palette.open(),
    needs: {},
    run: (ctx, calendar) => ctx.navigate(pathTo('calendars-view', { id: id(calendar) })),
  },
  {
    id: 'calendar.add-holidays',
    label: (LL) => LL.calendars.palette.addHolidays(),
    needs: { anyOf: needs('schedules', 'update') },
    run: (ctx, calendar) =>
      ctx.navigate(pathTo('calendars-view', { id: id(calendar) }, { command: HOLIDAYS_COMMAND })),
  },
  {
    id: 'calendar.edit',
    label: (LL) => LL.calendars.palette.edit(),
    needs: { anyOf: needs('schedules', 'update') },
    run: (ctx, calendar) => ctx.navigate(pathTo('calendars-edit', { id: id(calendar) })),
  },
  deleteCalendarAction,
]
