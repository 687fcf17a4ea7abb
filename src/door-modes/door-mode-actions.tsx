import { refetchDoorModes, removeDoorMode } from '../api/door-modes'
import type { Action, ActionDialogProps } from '../commands/command'
import { needs } from '../contract/permissions'
import type { ModeRef } from '../contract/door-modes'
import { SetScheduleDialog } from './set-schedule-dialog'

// A door's unlock schedule as verbs (decision 063): the palette on a door, the door-mode panel's
// buttons. Setting it needs what an unlock needs (decision 008): devices:update.

const updaters = needs('devices', 'update')

function SetSchedule({ entity, onClose }: ActionDialogProps<ModeRef>) {
  return <SetScheduleDialog door={entity} onClose={onClose} />
}

export const setUnlockScheduleAction: Action<ModeRef> = {
  id: 'door.set-unlock-schedule',
  label: (LL) => LL.doorModes.setSchedule(),
  needs: { anyOf: updaters },
  tone: 'secondary',
  dialog: (props) => <SetSchedule {...props} />,
  run: () => undefined,
}

export const removeUnlockScheduleAction: Action<ModeRef> = {
  id: 'door.remove-unlock-schedule',
  label: (LL) => LL.doorModes.removeSchedule(),
  needs: { anyOf: updaters },
  tone: 'danger',
  confirm: {
    tone: 'destructive',
    title: (LL, door) => LL.doorModes.removeTitle({ name: door.name }),
    body: (LL) => LL.doorModes.removeBody(),
    confirm: (LL) => LL.doorModes.removeConfirm(),
  },
  succeeded: (LL, door) => LL.doorModes.removed_notice({ name: door.name }),
  run: async (_, door, { queryClient }) => {
    await removeDoorMode(door)
    await refetchDoorModes(queryClient)
  },
}

/** The verbs on a door's unlock schedule, in the palette's order. */
export const doorModeActions: readonly Action<ModeRef>[] = [
  setUnlockScheduleAction,
  removeUnlockScheduleAction,
]
