import {
  auditOfDevice,
  deleteRoom,
  forceUnlock,
  peekPlan,
  unlockDoor,
} from './keystroke-device-tasks'
import { credentialNextWeek, editOrganization, switchLanguage } from './keystroke-other-tasks'
import { bulkDisable, disableUser, inviteUser, offlineCode } from './keystroke-user-tasks'

export type { Api } from './keystroke-task'

/** Issue 46's fixed list, in its order. */
export const keystrokeTasks = [
  unlockDoor,
  forceUnlock,
  offlineCode,
  inviteUser,
  disableUser,
  credentialNextWeek,
  auditOfDevice,
  editOrganization,
  deleteRoom,
  peekPlan,
  switchLanguage,
  bulkDisable,
]
