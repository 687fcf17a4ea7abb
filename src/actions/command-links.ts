import type { DeviceCommand } from '../contract/devices'
import { pathTo } from '../contract/pages'

// Links into a command's places: deep links that open a command's confirmation, and an audit row.

/** The query parameter the device view reads to open a command's confirmation. */
export const COMMAND_PARAM = 'command'

/** The query parameter a location view reads to open "lock/unlock everything here". */
export const BULK_PARAM = 'bulk'

export type BulkCommandName = Extract<DeviceCommand, 'lock' | 'unlock'>
export const bulkCommands: readonly BulkCommandName[] = ['lock', 'unlock']

/** The device view with the confirmation of `command` open: the same dialog the button opens. */
export function commandPath(deviceId: number, command: DeviceCommand): string {
  const query = new URLSearchParams({ [COMMAND_PARAM]: command })
  return `${pathTo('devices-view', { id: deviceId })}?${query.toString()}`
}

/**
 * One audit row in /audits: the log searched for its device (so the row is among the first
 * loaded, newest first) with the row active.
 */
export function auditRowPath(auditId: number, deviceName: string): string {
  return pathTo('audits', { search: deviceName, row: auditId })
}

/** The bulk command a URL asks for (`?bulk=lock`), if it names one. */
export function requestedBulk(search: string): BulkCommandName | null {
  const value = new URLSearchParams(search).get(BULK_PARAM)
  return bulkCommands.find((command) => command === value) ?? null
}
