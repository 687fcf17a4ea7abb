import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { doorModeKeys, fetchDoorModesNow } from '../api/door-modes'
import { DOOR_MODES_MAX, type DoorModeNow } from '../contract/door-modes'
import { needs } from '../contract/permissions'
import { useSession } from '../session/session-context'

const none: ReadonlyMap<number, DoorModeNow> = new Map()

/**
 * The modes now of the doors in a window of the location tree: one request for the window
 * (GET /sbm/v1/doors/modes), not one per row. A failed request leaves the rows without badges:
 * the door's own panel says what went wrong when the door is picked.
 */
export function useDoorModesNow(doorIds: readonly number[]): ReadonlyMap<number, DoorModeNow> {
  const { can } = useSession()
  const ids = [...new Set(doorIds)].sort((a, b) => a - b).slice(0, DOOR_MODES_MAX)
  const query = useQuery({
    queryKey: doorModeKeys.now(ids),
    queryFn: ({ signal }) => fetchDoorModesNow(ids, signal),
    enabled: ids.length > 0 && can(needs('devices', 'read')),
    placeholderData: keepPreviousData,
    select: (answer) => new Map(answer.items.map((item) => [item.door_id, item])),
  })
  return query.data ?? none
}
