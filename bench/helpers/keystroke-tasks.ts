import {
  auditOfDevice,
  deleteRoom,
  forceUnlock,
  peekPlan,
  unlockDoor,
} from './keystroke-device-tasks'
import { credentialNextWeek, editOrganization, switchLanguage } from './keystroke-other-tasks'
import {
  bulkDisable,
  bulkFound,
  disableUser,
  inviteUser,
  offboardUser,
  offlineCode,
} from './keystroke-user-tasks'

export type { Api } from './keystroke-task'

/** The fixed list: the order of issue 46, then issue 63's. */
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
  bulkFound,
  offboardUser,
]
