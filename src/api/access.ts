import type { QueryClient } from '@tanstack/react-query'
import { ACCESS_PATH, AccessAnswer, type AccessTargetType } from '../contract/access'
import {
  DeviceSecretIssued,
  PersonPinIssued,
  PersonPinState,
  PinEntryAnswer,
  UserAccessAnswer,
  deviceSecretPath,
  personPinPath,
  pinEntryPath,
  userAccessPath,
} from '../contract/pin-entry'
import { auditKeys } from './audits'
import { apiRequest } from './client'
import { deviceKeys } from './devices'
import { journalKeys } from './journal'
import { detailOptions, refetchAfterWrite, resourceKeys } from './queries'

/**
 * "Who can open this?" for a door, location or device: now (`at` undefined) or at a past moment,
 * the page of people from `start`, read and written on the place's clock (decision 067). Keyed
 * under the journal, so every write's refetch of the journal refreshes it too.
 */
export function whoCanOpen(
  type: AccessTargetType,
  id: number,
  at: string | undefined,
  start: number,
) {
  return {
    queryKey: [...journalKeys.all, 'access', type, id, at ?? 'now', start] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(AccessAnswer, {
        path: ACCESS_PATH,
        query: { [`${type}_id`]: id, at, start },
        signal,
      }),
  }
}

/**
 * "Where can they go?": the places a person may open, now (`at` undefined) or at a moment, with
 * each way they may. Keyed under the journal as "who can open" is: a change to a group, a rule or
 * a credential is journaled, and its refetch reaches this answer too.
 */
export function userAccess(userId: number, at: string | undefined) {
  return {
    queryKey: [...journalKeys.all, 'user-access', userId, at ?? 'now'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(UserAccessAnswer, { path: userAccessPath(userId), query: { at }, signal }),
  }
}

// ——— A person's own PIN (decision 065): its state is read, a new one is shown once ———

export const personPinKeys = resourceKeys<never>('person-pins')

/** GET …/users/{id}/pin: whether the person has a PIN, its length and when it changed; never the PIN. */
export function fetchPersonPin(userId: number, signal?: AbortSignal) {
  return apiRequest(PersonPinState, { path: personPinPath(userId), signal })
}

export const personPinState = detailOptions(personPinKeys, fetchPersonPin)

/** POST …/users/{id}/pin: a new PIN (the old one stops working), in the answer this once. */
export function issuePersonPin(userId: number) {
  return apiRequest(PersonPinIssued, { method: 'POST', path: personPinPath(userId) })
}

/** DELETE …/users/{id}/pin: the person has no PIN any more. */
export function removePersonPin(userId: number) {
  return apiRequest(null, { method: 'DELETE', path: personPinPath(userId) })
}

/** After a PIN was made, changed or removed: its state, and what it opens (the journal's). */
export function refetchAfterPinChange(client: QueryClient) {
  return refetchAfterWrite(client, personPinKeys, { kind: 'saved' })
}

// ——— The keypad asks the server ———

/**
 * POST …/devices/{id}/pin-entry as a signed-in user ("Try a PIN"): the server decides as for the
 * keypad itself and writes the device's audit row, granted or denied.
 */
export function enterPin(deviceId: number, pin: string) {
  return apiRequest(PinEntryAnswer, { method: 'POST', path: pinEntryPath(deviceId), json: { pin } })
}

/** A PIN tried wrote an audit row (a refused one, 429, did not: the log already has the wrong ones). */
export function refetchAfterPinEntry(client: QueryClient) {
  return client.invalidateQueries({ queryKey: auditKeys.all })
}

/** POST …/devices/{id}/secret: the keypad's new secret (the old one stops working), shown once. */
export function issueDeviceSecret(deviceId: number) {
  return apiRequest(DeviceSecretIssued, { method: 'POST', path: deviceSecretPath(deviceId) })
}

/** After a new secret: the device's page and its journal rows. */
export function refetchAfterSecret(client: QueryClient) {
  return refetchAfterWrite(client, deviceKeys, { kind: 'saved' })
}
