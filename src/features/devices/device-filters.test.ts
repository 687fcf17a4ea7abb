import { describe, expect, it } from 'vitest'
import {
  formatDeviceFilters,
  hasFilters,
  noFilters,
  parseDeviceFilters,
  serverFilters,
} from './device-filters'

describe('device list filters in the URL', () => {
  it('reads type, connection and battery level, ignoring values it does not know', () => {
    expect(parseDeviceFilters('?type=lock&connection=offline&battery=30')).toEqual({
      type: 'lock',
      connection: 'offline',
      batteryBelow: 30,
    })
    expect(parseDeviceFilters('?type=teapot&connection=maybe&battery=12')).toEqual(noFilters)
  })

  it('writes them beside sort and search, dropping the active row and empty filters', () => {
    const search = '?q=door&sort=name&dir=asc&row=7&type=camera'
    const next = formatDeviceFilters(search, {
      type: null,
      connection: 'connected',
      batteryBelow: 45,
    })
    expect(new URLSearchParams(next).toString()).toBe(
      'q=door&sort=name&dir=asc&connection=connected&battery=45',
    )
    expect(formatDeviceFilters('?type=lock', noFilters)).toBe('')
  })

  it('round-trips and asks the server for exactly what is set', () => {
    const filters = { type: 'lock', connection: 'offline', batteryBelow: 70 } as const
    expect(parseDeviceFilters(formatDeviceFilters('', filters))).toEqual(filters)
    expect(serverFilters(filters)).toEqual({
      device_type_id: 'lock',
      connected: 'false',
      battery_below: 70,
    })
    expect(serverFilters(noFilters)).toEqual({})
    expect(hasFilters(noFilters)).toBe(false)
    expect(hasFilters({ ...noFilters, batteryBelow: 30 })).toBe(true)
  })
})
