import type { Action } from '../commands/command'
import type { PaletteContext } from '../commands/registry'
import type { Device } from '../contract/devices'
import { doorModeActions } from './door-mode-actions'
import { doorOverrideActions } from './door-override-actions'
import type { LockRef } from '../contract/door-modes'

// A lock on no door keeps its own mode (decision 072): the door's verbs — its unlock schedule and
// its overrides — declared once in door-mode-actions and door-override-actions, offered on such a
// lock ("set unlock schedule cupboard", "unlock until cupboard"). A lock on a door follows its
// door: these do not apply to it, the door's own verbs do.

/** A lock on no door that can lock and unlock: what may keep a mode of its own. */
export const keepsOwnMode = (device: Pick<Device, 'assignment_type' | 'capabilities'>) =>
  device.assignment_type !== 'door' &&
  device.capabilities.includes('remotely_lock') &&
  device.capabilities.includes('remotely_unlock')

export const lockRef = (device: Pick<Device, 'device_id' | 'name' | 'location_id'>): LockRef => ({
  device_id: device.device_id,
  name: device.name,
  location_id: device.location_id,
})

/** The door's mode verbs on a lock with no door, in the palette's order. */
export const lockModeActions: readonly Action<Device, PaletteContext>[] = [
  ...doorModeActions,
  ...doorOverrideActions,
].map((action) => ({
  ...action,
  id: action.id.replace(/^door\./, 'lock.'),
  applies: keepsOwnMode,
}))
