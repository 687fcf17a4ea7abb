import type {
  AssignmentType,
  Capability,
  Device,
  DeviceTypeId,
  LockState,
} from '../../src/contract/devices'
import type { Prepared, Queryable } from '../db/database'
import { lockRow } from '../db/locks'

export const deviceSelect = `d.device_id, d.organization_id, d.name, d.description, d.device_type_id,
  t.description as type_description, d.capabilities, d.connected, d.battery_level, d.lock_state,
  d.manufacturer_id, m.name as manufacturer_name, d.device_id_manufacturer, d.assignment_id,
  d.assignment_type, d.location_id, d.created_at, d.updated_at, pl.name as place_location,
  pf.name as place_floor, pr.name as place_room, pd.name as place_door`
// Where a device hangs, walked up from its mount point, so a list row can say location › … › door.
export const deviceFrom = `devices d join device_types t using (device_type_id)
  join manufacturers m using (manufacturer_id)
  join locations pl on pl.location_id = d.location_id
  left join doors pd on d.assignment_type = 'door' and pd.door_id = d.assignment_id
  left join rooms pr on pr.room_id = case d.assignment_type
    when 'room' then d.assignment_id when 'door' then pd.room_id end
  left join floors pf on pf.floor_id = case d.assignment_type
    when 'floor' then d.assignment_id when 'room' then pr.floor_id when 'door' then pd.floor_id end`

export interface DeviceRow {
  device_id: number
  organization_id: number
  name: string
  description: string
  device_type_id: DeviceTypeId
  type_description: string
  capabilities: Capability[]
  connected: boolean
  battery_level: number | null
  lock_state: LockState | null
  manufacturer_id: number
  manufacturer_name: string
  device_id_manufacturer: string
  assignment_id: number
  assignment_type: AssignmentType
  location_id: number
  created_at: string
  updated_at: string
  place_location: string
  place_floor: string | null
  place_room: string | null
  place_door: string | null
}

export function toDevice(row: DeviceRow): Device {
  return {
    device_id: row.device_id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    device_type_id: row.device_type_id,
    device_type: { device_type_id: row.device_type_id, description: row.type_description },
    capabilities: row.capabilities,
    current_status: {
      connected: row.connected,
      battery_level: row.battery_level,
      lock_state: row.lock_state,
    },
    manufacturer_id: row.manufacturer_id,
    manufacturer_name: row.manufacturer_name,
    device_id_manufacturer: row.device_id_manufacturer,
    assignment_id: row.assignment_id,
    assignment_type: row.assignment_type,
    location_id: row.location_id,
    place: {
      location: row.place_location,
      floor: row.place_floor,
      room: row.place_room,
      door: row.place_door,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export async function findDevices(
  q: Queryable,
  where: string,
  params: readonly unknown[],
): Promise<Device[]> {
  const rows = await q.query<DeviceRow>(
    `select ${deviceSelect} from ${deviceFrom} where ${where} order by d.device_id`,
    params,
  )
  return rows.map(toDevice)
}

// Prepared: every device command reads its device by id (server/db/database.ts, Prepared).
const deviceById: Prepared = {
  name: 'device_by_id',
  text: `select ${deviceSelect} from ${deviceFrom} where d.device_id = $1`,
}

/** One device by id, or undefined. */
export async function findDevice(q: Queryable, id: number): Promise<Device | undefined> {
  const [row] = await q.query<DeviceRow>(deviceById, [id])
  return row && toDevice(row)
}

const assignmentTables: Record<AssignmentType, { table: string; key: string }> = {
  location: { table: 'locations', key: 'location_id' },
  floor: { table: 'floors', key: 'floor_id' },
  room: { table: 'rooms', key: 'room_id' },
  door: { table: 'doors', key: 'door_id' },
}

/** The organization and location of a mount point, or undefined when it does not exist. */
export async function resolveAssignment(q: Queryable, type: AssignmentType, id: number) {
  const { table, key } = assignmentTables[type]
  const [row] = await q.query<{ organization_id: number; location_id: number; name: string }>(
    `select organization_id, location_id, name from ${table} where ${key} = $1`,
    [id],
  )
  return row
}

/**
 * The mount point with its location locked against deletes and moves in its tree until commit, or
 * undefined when it is gone (or moved to another location) by then.
 */
export async function lockedAssignment(q: Queryable, type: AssignmentType, id: number) {
  const seen = await resolveAssignment(q, type, id)
  if (!seen || !(await lockRow(q, 'locations', seen.location_id, 'key share'))) return undefined
  const mount = await resolveAssignment(q, type, id)
  return mount?.location_id === seen.location_id ? mount : undefined
}
