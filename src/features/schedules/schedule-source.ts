import { fetchSchedulePage } from '../../api/schedules'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Schedule } from '../../contract/access-model'
import { needs } from '../../contract/permissions'
import { scheduleActions } from './schedule-actions'

/** Schedules in the palette (`*`): the list call's `search`, by name; Enter opens the schedule. */
export const scheduleSource: EntitySource<Schedule, PaletteContext> = {
  kind: 'schedules',
  heading: (LL) => LL.schedules.palette.heading(),
  needs: { anyOf: needs('schedules', 'read') },
  search: listSearch(fetchSchedulePage, { order_by: 'name', order_direction: 'asc' }),
  view: (schedule) => ({ id: String(schedule.schedule_id), title: schedule.name }),
  actions: scheduleActions,
}
