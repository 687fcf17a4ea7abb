import { commandCapability, type DeviceCommand } from '../../src/contract/devices'
import type { Scope } from '../../src/contract/permissions'
import type { Principal } from '../context'
import type { Queryable } from '../db/database'
import { doorPlace, type DoorPlace } from '../door-modes/door-layers'
import { HttpError } from '../http/errors'
import { ensureInScope } from '../http/scope'

// What every write of a door's mode checks first (decision 069): the door in the caller's scope,
// locked for the transaction (a mode and an override of one door take turns), and a lock on it
// that can do what the mode asks (decision 008: the lock's capability).

export async function lockedDoor(q: Queryable, scope: Scope, p: Principal, doorId: number) {
  await q.query('select 1 from doors where door_id = $1 for update', [doorId])
  return ensureInScope(scope, p, await doorPlace(q, doorId), 'Door')
}

/** 422 unless a device on the door can run the command. */
export async function requireCapability(q: Queryable, doorId: number, command: DeviceCommand) {
  const capability = commandCapability[command]
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from devices
     where assignment_type = 'door' and assignment_id = $1 and $2 = any(capabilities)`,
    [doorId, capability],
  )
  if ((row?.n ?? 0) === 0)
    throw new HttpError(
      422,
      'capability_missing',
      `No device on the door has the capability ${capability}.`,
      undefined,
      {},
      { params: { capability } },
    )
}

export const journalName = (place: DoorPlace) => `door ${place.door_id}`
