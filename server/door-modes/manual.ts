import type { DeviceCommand } from '../../src/contract/devices'
import type { Principal } from '../context'
import type { Queryable } from '../db/database'
import type { DoorMode } from './mode-at'

// A person's Lock or Unlock on a lock whose door keeps a mode is the manual layer until the next
// boundary (decision 069): recorded beside the command, in its transaction, so the mode job leaves
// the door as the person set it until the layers under it next change. On a lock with no door and
// a mode of its own (decision 072) it is that lock's manual layer.

const modeOf: Partial<Record<DeviceCommand, DoorMode>> = {
  lock: 'locked',
  unlock: 'unlocked',
  force_unlock: 'unlocked',
}

export async function recordManualCommand(
  q: Queryable,
  device: { device_id: number; assignment_type: string; assignment_id: number },
  command: DeviceCommand,
  at: Date,
  actor: Pick<Principal, 'userId' | 'email'>,
): Promise<boolean> {
  const mode = modeOf[command]
  if (mode === undefined) return false
  const onDoor = device.assignment_type === 'door'
  const rows = await q.query(
    `insert into door_overrides (organization_id, door_id, device_id, kind, mode, from_at, set_by,
       set_by_email)
     select organization_id, door_id, device_id, 'command', $2, $3, $4, $5 from door_modes
     where ${onDoor ? 'door_id' : 'device_id'} = $1
     returning override_id`,
    [
      onDoor ? device.assignment_id : device.device_id,
      mode,
      at.toISOString(),
      actor.userId,
      actor.email,
    ],
  )
  return rows.length > 0
}
