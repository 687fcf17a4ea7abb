import { describe, expect, it } from 'vitest'
import { modeKey, modePaths } from '../contract/door-modes'
import { keepsOwnMode, lockModeActions, lockRef } from './lock-mode-actions'

// A lock on no door keeps its own mode (decision 072): its calls go to /devices/{id}, a door's to
// /doors/{id}, and the door's verbs apply to such a lock only.

const lock = {
  device_id: 40,
  name: 'Lock – Reception cupboard',
  location_id: 1,
  assignment_type: 'room' as const,
  capabilities: ['remotely_lock', 'remotely_unlock'] as const,
}

describe('a lock’s own mode in the console', () => {
  it('calls the lock’s routes for a lock and the door’s for a door', () => {
    expect(modePaths(lockRef(lock))).toEqual({
      mode: '/sbm/v1/devices/40/mode',
      override: '/sbm/v1/devices/40/override',
      timeline: '/sbm/v1/devices/40/mode-timeline',
    })
    expect(modePaths({ door_id: 40, name: 'Main entrance', location_id: 1 }).timeline).toBe(
      '/sbm/v1/doors/40/mode-timeline',
    )
    expect(modeKey(lockRef(lock))).not.toBe(modeKey({ door_id: 40, name: '', location_id: 1 }))
  })

  it('offers the verbs on a lock with no door that can lock and unlock, not on a door’s lock', () => {
    expect(lockModeActions.map((action) => action.id)).toEqual([
      'lock.set-unlock-schedule',
      'lock.remove-unlock-schedule',
      'lock.unlock-until',
      'lock.keep-locked-until',
      'lock.end-override',
    ])
    expect(keepsOwnMode({ ...lock, capabilities: [...lock.capabilities] })).toBe(true)
    expect(keepsOwnMode({ assignment_type: 'door', capabilities: [...lock.capabilities] })).toBe(
      false,
    )
    expect(keepsOwnMode({ assignment_type: 'room', capabilities: ['remotely_lock'] })).toBe(false)
  })
})
