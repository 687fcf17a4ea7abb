import { listOf, type ListQuery, type ListSource } from '../contract/list'
import {
  CapabilityInfo,
  CommandResult,
  Device,
  DeviceTypeInfo,
  Manufacturer,
  type DeviceCommand,
  type DeviceFilters,
  type DeviceInput,
  type DeviceUpdate,
  type deviceSortKeys,
} from '../contract/devices'
import { LocationDeep } from '../contract/locations'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type DeviceSort = (typeof deviceSortKeys)[number]

const DevicePage = listOf(Device)

export const deviceKeys = resourceKeys<DeviceSort>('devices')

export function fetchDevicePage(
  query: ListQuery<DeviceSort> & DeviceFilters,
  signal?: AbortSignal,
) {
  return apiRequest(DevicePage, { path: '/sbm/v1/devices', query, signal })
}

export function fetchDevice(id: number, signal?: AbortSignal) {
  return apiRequest(Device, { path: `/sbm/v1/devices/${id}`, signal })
}

export function createDevice(input: DeviceInput) {
  return apiRequest(Device, { method: 'POST', path: '/sbm/v1/devices', json: input })
}

export function updateDevice(id: number, input: DeviceUpdate) {
  return apiRequest(Device, { method: 'PUT', path: `/sbm/v1/devices/${id}`, json: input })
}

export function deleteDevice(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/sbm/v1/devices/${id}` })
}

export async function fetchDeviceTypes(signal?: AbortSignal) {
  const page = await apiRequest(listOf(DeviceTypeInfo), { path: '/sbm/v1/devices/types', signal })
  return page.data
}

export async function fetchManufacturers(signal?: AbortSignal) {
  const page = await apiRequest(listOf(Manufacturer), {
    path: '/sbm/v1/devices/manufacturers',
    signal,
  })
  return page.data
}

export async function fetchCapabilities(signal?: AbortSignal) {
  const page = await apiRequest(listOf(CapabilityInfo), {
    path: '/sbm/v1/devices/capabilities',
    signal,
  })
  return page.data
}

/**
 * One remote command. The key is minted per confirmation: the server answers a repeated key with
 * its first answer, so a retry after a lost answer can never run the command twice.
 */
export function sendDeviceCommand(
  id: number,
  command: DeviceCommand,
  idempotencyKey: string,
  signal?: AbortSignal,
) {
  return apiRequest(CommandResult, {
    method: 'POST',
    path: `/access/v1/devices/${id}/control/${command}`,
    headers: { 'Idempotency-Key': idempotencyKey },
    signal,
  })
}

/** One location with its floors, rooms and doors: every mount point the form offers in it. */
export function fetchMountTree(locationId: number, signal?: AbortSignal) {
  return apiRequest(LocationDeep, {
    path: `/sbm/v1/locations/${locationId}`,
    query: { deep: 'true' },
    signal,
  })
}

export const deviceList: ListSource<Device, DeviceSort> = {
  queryKey: deviceKeys.list,
  fetch: fetchDevicePage,
}

/** The device list narrowed by `filters` on the server; the filters are part of its query key. */
export function filteredDeviceList(filters: DeviceFilters): ListSource<Device, DeviceSort> {
  return {
    queryKey: (query) => deviceKeys.list({ ...query, ...filters }),
    fetch: (query, signal) => fetchDevicePage({ ...query, ...filters }, signal),
  }
}

export const deviceDetail = detailOptions(deviceKeys, fetchDevice)

export const deviceLookupKeys = {
  types: ['devices', 'lookup', 'types'],
  manufacturers: ['devices', 'lookup', 'manufacturers'],
  capabilities: ['devices', 'lookup', 'capabilities'],
  tree: (locationId: number) => ['devices', 'lookup', 'tree', locationId],
} as const
