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

/** The fixed list, in SPEC order of issue 46. */
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
