import { CredentialDetail } from '../contract/lock-sync'
import {
  Credential,
  type CredentialInput,
  type CredentialListQuery,
  type credentialSortKeys,
} from '../contract/credentials'
import { CreatePinResult, Device } from '../contract/devices'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type CredentialSort = (typeof credentialSortKeys)[number]

const CredentialPage = listOf(Credential)

export const credentialKeys = resourceKeys<CredentialSort>('credentials')

/** The list's filters beside its query: "not on every lock yet" (decision 073). */
export type CredentialFilters = Pick<CredentialListQuery, 'sync'>

export function fetchCredentialPage(
  query: ListQuery<CredentialSort> & CredentialFilters,
  signal?: AbortSignal,
) {
  return apiRequest(CredentialPage, { path: '/access/v1/credentials', query, signal })
}

export function fetchCredential(id: number, signal?: AbortSignal) {
  return apiRequest(CredentialDetail, { path: `/access/v1/credentials/${id}`, signal })
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

/** The list with its filters: one source per filter set, keyed by what the server filters. */
export function filteredCredentialList(
  filters: CredentialFilters,
): ListSource<Credential, CredentialSort> {
  return {
    queryKey: (query) => credentialKeys.list({ ...query, ...filters }),
    fetch: (query, signal) => fetchCredentialPage({ ...query, ...filters }, signal),
  }
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
