import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createDoor,
  createFloor,
  createRoom,
  deleteDoor,
  deleteFloor,
  deleteRoom,
  locationKeys,
  updateDoor,
  updateFloor,
  updateRoom,
} from '../../api/locations'
import { refetchAfterWrite } from '../../api/queries'

export type SpaceKind = 'floor' | 'room' | 'door'

export type SpaceWrite =
  | { op: 'create'; kind: 'floor'; locationId: number; name: string; position: number }
  | { op: 'create'; kind: 'room'; floorId: number; name: string }
  | { op: 'create'; kind: 'door'; roomId: number; name: string }
  | { op: 'rename'; kind: SpaceKind; id: number; name: string }
  | { op: 'update'; kind: 'floor'; id: number; name: string; position: number }
  | { op: 'delete'; kind: SpaceKind; id: number }

const renames = { floor: updateFloor, room: updateRoom, door: updateDoor }
const deletes = { floor: deleteFloor, room: deleteRoom, door: deleteDoor }

/** The new node's id after a create, null otherwise. */
async function write(w: SpaceWrite): Promise<number | null> {
  if (w.op === 'rename') {
    await renames[w.kind](w.id, { name: w.name })
    return null
  }
  if (w.op === 'update') {
    await updateFloor(w.id, { name: w.name, position: w.position })
    return null
  }
  if (w.op === 'delete') {
    await deletes[w.kind](w.id)
    return null
  }
  if (w.kind === 'floor')
    return (await createFloor({ location_id: w.locationId, name: w.name, position: w.position }))
      .floor_id
  if (w.kind === 'room') return (await createRoom({ floor_id: w.floorId, name: w.name })).room_id
  return (await createDoor({ room_id: w.roomId, name: w.name })).door_id
}

/** Floors, rooms and doors are parts of their location: a write refetches its lists and views. */
export function useSpaceWrite() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => refetchAfterWrite(client, locationKeys, { kind: 'saved' }),
  })
}
