import { commandCapability, type DeviceCommand } from '../../src/contract/devices'
import { DEVICE_MODES_BASE, DOORS_PATH } from '../../src/contract/door-modes'
import type { Scope } from '../../src/contract/permissions'
import type { Principal } from '../context'
import type { Queryable } from '../db/database'
import {
  doorOwner,
  doorPlace,
  lockOwner,
  lockPlace,
  type ModeOwner,
  type OwnerPlace,
} from '../door-modes/door-layers'
import { conflict, HttpError } from '../http/errors'
import { ensureInScope } from '../http/scope'

// What every write of a door's mode checks first (decision 069): the door in the caller's scope,
// locked for the transaction (a mode and an override of one door take turns), and a lock on it
// that can do what the mode asks (decision 008: the lock's capability). A lock with no door keeps
// its own mode (decision 072): the lock in scope, locked, able to do it itself; a lock on a door
// follows its door, and a mode of its own is refused naming the door.

/** Where an owner's mode routes live: a door's, or a lock's with no door. */
export const modeBase: Record<ModeOwner, string> = { door: DOORS_PATH, device: DEVICE_MODES_BASE }

async function lockedDoor(q: Queryable, scope: Scope, p: Principal, doorId: number) {
  await q.query('select 1 from doors where door_id = $1 for update', [doorId])
  return ensureInScope(scope, p, await doorPlace(q, doorId), 'Door')
}

/** The lock in scope and on no door (409 naming its door), optionally locked for the transaction. */
export async function doorlessLock(
  q: Queryable,
  scope: Scope,
  p: Principal,
  deviceId: number,
  lock = false,
) {
  if (lock) await q.query('select 1 from devices where device_id = $1 for update', [deviceId])
  const place = ensureInScope(scope, p, await lockPlace(q, deviceId), 'Device')
  if (place.door_id !== null)
    throw conflict(
      `The lock follows its door ${place.door_name ?? place.door_id}: its mode is the door’s.`,
      'device_id',
      'conflict',
      { subject: 'door', door_id: place.door_id, name: place.door_name ?? '' },
    )
  return place
}

/** The owner of a mode in the caller's scope, optionally locked for the transaction. */
export async function ownerInScope(
  q: Queryable,
  owner: ModeOwner,
  scope: Scope,
  p: Principal,
  id: number,
  lock = false,
): Promise<OwnerPlace> {
  if (owner === 'device') return lockOwner(await doorlessLock(q, scope, p, id, lock))
  if (lock) return doorOwner(await lockedDoor(q, scope, p, id))
  return doorOwner(ensureInScope(scope, p, await doorPlace(q, id), 'Door'))
}

/** The devices a mode's command goes to: the door's, or the lock itself. */
const commandedSql: Record<ModeOwner, string> = {
  door: `assignment_type = 'door' and assignment_id = $1`,
  device: `device_id = $1`,
}

/** 422 unless a device on the door (or the lock itself) can run the command. */
export async function requireCapability(
  q: Queryable,
  owner: ModeOwner,
  id: number,
  command: DeviceCommand,
) {
  const capability = commandCapability[command]
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from devices
     where ${commandedSql[owner]} and $2 = any(capabilities)`,
    [id, capability],
  )
  if ((row?.n ?? 0) === 0)
    throw new HttpError(
      422,
      'capability_missing',
      owner === 'door'
        ? `No device on the door has the capability ${capability}.`
        : `The lock has no capability ${capability}.`,
      undefined,
      {},
      { params: { capability } },
    )
}

/** The journal's name of a mode's owner: `door 12`, `device 40`. */
export const ownerJournalName = (owner: ModeOwner, place: OwnerPlace) => `${owner} ${place.id}`
