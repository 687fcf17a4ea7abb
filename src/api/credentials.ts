import {
  Credential,
  type CredentialAssignmentType,
  type CredentialInput,
  type credentialSortKeys,
} from '../contract/credentials'
import { CreatePinResult, Device } from '../contract/devices'
import { listOf, MAX_PAGE_LENGTH, type ListQuery, type ListSource } from '../contract/list'
import { Door, Location } from '../contract/locations'
import { User } from '../contract/users'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type CredentialSort = (typeof credentialSortKeys)[number]

const CredentialPage = listOf(Credential)

export const credentialKeys = resourceKeys<CredentialSort>('credentials')

export function fetchCredentialPage(query: ListQuery<CredentialSort>, signal?: AbortSignal) {
  return apiRequest(CredentialPage, { path: '/access/v1/credentials', query, signal })
}

export function fetchCredential(id: number, signal?: AbortSignal) {
  return apiRequest(Credential, { path: `/access/v1/credentials/${id}`, signal })
}

export function createCredential(input: CredentialInput) {
  return apiRequest(Credential, { method: 'POST', path: '/access/v1/credentials', json: input })
}

export function updateCredential(id: number, input: CredentialInput) {
  return apiRequest(Credential, {
    method: 'PUT',
    path: `/access/v1/credentials/${id}`,
    json: input,
  })
}

export function deleteCredential(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/access/v1/credentials/${id}` })
}

export const credentialList: ListSource<Credential, CredentialSort> = {
  queryKey: credentialKeys.list,
  fetch: fetchCredentialPage,
}

export const credentialDetail = detailOptions(credentialKeys, fetchCredential)

/** The device a credential's offline code is programmed on (GET /sbm/v1/devices/{id}). */
export function fetchCredentialDevice(deviceId: number, signal?: AbortSignal) {
  return apiRequest(Device, { path: `/sbm/v1/devices/${deviceId}`, signal })
}

export type PinRequest = {
  device: Pick<Device, 'device_id' | 'manufacturer_id' | 'device_id_manufacturer'>
  credential: Pick<Credential, 'credential_id' | 'start_datetime' | 'end_datetime'>
  /** One key per attempt: a retried request answers the stored result instead of a second PIN. */
  idempotencyKey: string
  signal?: AbortSignal
}

/** A year when the credential is permanent: the device's validator needs an end. */
const PERMANENT_PIN_MS = 365 * 86_400_000

/**
 * POST /access/v1/devices/{device_id}/set/create_pin; the answer's details.pin is the code. The
 * credential_id stores the PIN on the credential, so Show Code finds it later.
 */
export async function createPin({ device, credential, idempotencyKey, signal }: PinRequest) {
  const start = credential.start_datetime
  const end =
    credential.end_datetime ?? new Date(Date.parse(start) + PERMANENT_PIN_MS).toISOString()
  const answer = await apiRequest(CreatePinResult, {
    method: 'POST',
    path: `/access/v1/devices/${device.device_id}/set/create_pin`,
    headers: { 'Idempotency-Key': idempotencyKey },
    json: {
      data: {
        start_date: start,
        end_date: end,
        manufacturer_id: device.manufacturer_id,
        device_id_manufacturer: device.device_id_manufacturer,
        credential_id: credential.credential_id,
      },
    },
    signal,
  })
  return answer.details.pin
}

export type TargetOption = { id: number; label: string }

const UserPage = listOf(User)
const DevicePage = listOf(Device)
const DoorPage = listOf(Door)
const LocationPage = listOf(Location)

const byName = {
  start: 0,
  length: MAX_PAGE_LENGTH,
  order_by: 'name',
  order_direction: 'asc',
  search: '',
} as const

/** The users a credential may be for, as the form's choices (the first page the server allows). */
export async function fetchUserOptions(signal?: AbortSignal): Promise<TargetOption[]> {
  const page = await apiRequest(UserPage, {
    path: '/org/v1/users',
    query: { ...byName, order_by: 'email' },
    signal,
  })
  return page.data.map((u) => ({ id: u.user_id, label: u.email }))
}

const targetFetches: Record<
  CredentialAssignmentType,
  (signal?: AbortSignal) => Promise<TargetOption[]>
> = {
  device: async (signal) =>
    (await apiRequest(DevicePage, { path: '/sbm/v1/devices', query: byName, signal })).data.map(
      (d) => ({ id: d.device_id, label: d.name }),
    ),
  door: async (signal) =>
    (await apiRequest(DoorPage, { path: '/sbm/v1/doors', query: byName, signal })).data.map(
      (d) => ({ id: d.door_id, label: d.name }),
    ),
  location: async (signal) =>
    (await apiRequest(LocationPage, { path: '/sbm/v1/locations', query: byName, signal })).data.map(
      (l) => ({ id: l.location_id, label: l.name }),
    ),
}

/** What a credential of this assignment type may open, as the form's choices. */
export function fetchTargetOptions(type: CredentialAssignmentType, signal?: AbortSignal) {
  return targetFetches[type](signal)
}

export const credentialOptionKeys = {
  users: ['credentials', 'options', 'users'] as const,
  targets: (type: CredentialAssignmentType) => ['credentials', 'options', type] as const,
}
