import {
  DeviceHoldings,
  ExpiringCodes,
  ReissueCodeResult,
  RotateOfflineKeyResult,
  deviceHoldingsPath,
  expiringCodesPath,
  reissueCodePath,
  rotateOfflineKeyPath,
} from '../contract/lock-sync'
import { apiRequest } from './client'

// What the locks hold and the offline codes' life (decision 073). A credential's own locks and
// codes come with it (api/credentials.ts, fetchCredential).

export const lockSyncKeys = {
  all: ['lock-sync'] as const,
  device: (deviceId: number) => ['lock-sync', 'device', deviceId] as const,
  expiring: () => ['lock-sync', 'expiring'] as const,
}

/** While something is on its way to or off a lock, its page asks again every few seconds. */
export const SETTLING_POLL_MS = 2000

export const deviceHoldingsOptions = (deviceId: number) => ({
  queryKey: lockSyncKeys.device(deviceId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(DeviceHoldings, { path: deviceHoldingsPath(deviceId), signal }),
})

export const expiringCodesOptions = {
  queryKey: lockSyncKeys.expiring(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(ExpiringCodes, { path: expiringCodesPath, signal }),
} as const

export function rotateOfflineKey(deviceId: number) {
  return apiRequest(RotateOfflineKeyResult, {
    method: 'POST',
    path: rotateOfflineKeyPath(deviceId),
  })
}

export function reissueCode(credentialId: number) {
  return apiRequest(ReissueCodeResult, { method: 'POST', path: reissueCodePath(credentialId) })
}
