import type { QueryClient } from '@tanstack/react-query'
import {
  approvePath,
  Lockdown,
  LockdownDetail,
  LockdownList,
  LOCKDOWNS_PATH,
  lockdownPath,
  releasePath,
  retryPath,
  type StartLockdown,
} from '../contract/lockdowns'
import { apiRequest } from './client'
import { deviceKeys } from './devices'
import { JOURNAL_ROOT } from './queries'

/** How often every signed-in screen asks whether a lockdown is active (the banner, issue 48: ≤10 s). */
export const LOCKDOWN_POLL_MS = 5_000

export const lockdownKeys = {
  all: ['lockdowns'] as const,
  active: () => ['lockdowns', 'active'] as const,
  list: () => ['lockdowns', 'list'] as const,
  detail: (id: number) => ['lockdowns', 'detail', id] as const,
}

const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey })

/** GET /sbm/v1/lockdowns?active=true: the lockdowns not yet released (the banner's question). */
export function fetchActiveLockdowns(signal?: AbortSignal) {
  return apiRequest(LockdownList, { path: LOCKDOWNS_PATH, query: { active: 'true' }, signal })
}

/** GET /sbm/v1/lockdowns: the organization's lockdowns, newest first (the list page). */
export function fetchLockdowns(signal?: AbortSignal) {
  return apiRequest(LockdownList, { path: LOCKDOWNS_PATH, query: { length: 100 }, signal })
}

export function fetchLockdown(id: number, signal?: AbortSignal) {
  return apiRequest(LockdownDetail, { path: lockdownPath(id), signal })
}

export const activeLockdownsOptions = {
  queryKey: lockdownKeys.active(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchActiveLockdowns(signal),
  refetchInterval: LOCKDOWN_POLL_MS,
} as const

export const lockdownDetailOptions = (id: number) => ({
  queryKey: lockdownKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchLockdown(id, signal),
})

export function startLockdown(input: StartLockdown, idempotencyKey: string) {
  return apiRequest(Lockdown, {
    method: 'POST',
    path: LOCKDOWNS_PATH,
    json: input,
    headers: keyed(idempotencyKey),
  })
}

export function requestRelease(id: number, reason: string, idempotencyKey: string) {
  return apiRequest(Lockdown, {
    method: 'POST',
    path: releasePath(id),
    json: { reason },
    headers: keyed(idempotencyKey),
  })
}

export function approveRelease(id: number, idempotencyKey: string) {
  return apiRequest(Lockdown, {
    method: 'POST',
    path: approvePath(id),
    json: {},
    headers: keyed(idempotencyKey),
  })
}

export function retryLockdown(id: number, idempotencyKey: string) {
  return apiRequest(Lockdown, {
    method: 'POST',
    path: retryPath(id),
    json: {},
    headers: keyed(idempotencyKey),
  })
}

/**
 * After a lockdown changed: its lists and page, the devices (their lock state), and the journal
 * that recorded it.
 */
export function refetchAfterLockdown(client: QueryClient) {
  void client.invalidateQueries({ queryKey: lockdownKeys.all })
  void client.invalidateQueries({ queryKey: deviceKeys.all })
  void client.invalidateQueries({ queryKey: [JOURNAL_ROOT] })
}
