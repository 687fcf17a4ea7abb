import { fetchCalendarPage } from '../../api/calendars'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Calendar } from '../../contract/access-model'
import { needs } from '../../contract/permissions'
import { calendarActions } from './calendar-actions'

/** Calendars of exceptions in the palette (`:`): by name; Enter opens the calendar. */
export const calendarSource: EntitySource<Calendar, PaletteContext> = {
  kind: 'calendars',
  heading: (LL) => LL.calendars.palette.heading(),
  needs: { anyOf: needs('schedules', 'read') },
  search: listSearch(fetchCalendarPage, { order_by: 'name', order_direction: 'asc' }),
  view: (calendar) => ({ id: String(calendar.calendar_id), title: calendar.name }),
  actions: calendarActions,
}
