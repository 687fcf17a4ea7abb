import { deviceTypeIds, type DeviceFilters, type DeviceTypeId } from '../../contract/devices'
import { listParams } from '../../contract/pages'

// The device list's filters live in the URL beside its sort and search, so a reload, Back and a
// shared link show the same narrowed list. Unknown values are ignored, not refused.

export const filterParams = { type: 'type', connection: 'connection', battery: 'battery' } as const

/**
 * The battery choices are the score level boundaries (requirements R4.12): below 70, 45 and 30 %.
 */
export const batteryLevels = [70, 45, 30] as const
export type BatteryLevel = (typeof batteryLevels)[number]

export type Connection = 'connected' | 'offline'

export interface DeviceListFilters {
  type: DeviceTypeId | null
  connection: Connection | null
  batteryBelow: BatteryLevel | null
}

export function parseDeviceFilters(search: string): DeviceListFilters {
  const params = new URLSearchParams(search)
  const type = params.get(filterParams.type)
  const connection = params.get(filterParams.connection)
  const battery = Number(params.get(filterParams.battery))
  return {
    type: deviceTypeIds.find((id) => id === type) ?? null,
    connection: connection === 'connected' || connection === 'offline' ? connection : null,
    batteryBelow: batteryLevels.find((level) => level === battery) ?? null,
  }
}

/** The query string with `filters` set, other parameters kept, and the list back at its top. */
export function formatDeviceFilters(search: string, filters: DeviceListFilters): string {
  const params = new URLSearchParams(search)
  params.delete(listParams.row)
  const values: [string, string | null][] = [
    [filterParams.type, filters.type],
    [filterParams.connection, filters.connection],
    [filterParams.battery, filters.batteryBelow === null ? null : String(filters.batteryBelow)],
  ]
  for (const [key, value] of values) {
    if (value === null) params.delete(key)
    else params.set(key, value)
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** What the server is asked for (GET /sbm/v1/devices filters). */
export function serverFilters(filters: DeviceListFilters): DeviceFilters {
  return {
    ...(filters.type === null ? {} : { device_type_id: filters.type }),
    ...(filters.connection === null
      ? {}
      : { connected: filters.connection === 'connected' ? 'true' : 'false' }),
    ...(filters.batteryBelow === null ? {} : { battery_below: filters.batteryBelow }),
  }
}

export const noFilters: DeviceListFilters = { type: null, connection: null, batteryBelow: null }

export function hasFilters(filters: DeviceListFilters): boolean {
  return filters.type !== null || filters.connection !== null || filters.batteryBelow !== null
}
