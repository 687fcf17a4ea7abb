import type { QueryClient } from '@tanstack/react-query'
import {
  DOOR_ATTENTION_PATH,
  DOOR_MODES_NOW_PATH,
  DoorAttention,
  DoorModeNowList,
  DoorModeSetting,
  DoorOverride,
  ModeTimeline,
  SnowDayPlan,
  modeKey,
  modePaths,
  snowDaysPath,
  type ModeRef,
  type DoorModeInput,
  type OverrideInput,
  type SnowDayInput,
} from '../contract/door-modes'
import { isHttpStatus } from './api-error'
import { apiRequest } from './client'
import { deviceKeys } from './devices'
import { JOURNAL_ROOT } from './queries'

// Door modes (decision 069): a door's mode schedule, its overrides, why it is locked or unlocked now
// with the week's changes, the doors' modes for the location tree, what needs attention, snow days.
// A lock with no door has its own mode, override and timeline (decision 072): the same calls on a
// `ModeRef`, which names a door or such a lock.

export const doorModeKeys = {
  all: ['door-modes'] as const,
  setting: (ref: ModeRef) => ['door-modes', 'setting', modeKey(ref)] as const,
  timeline: (ref: ModeRef) => ['door-modes', 'timeline', modeKey(ref)] as const,
  now: (doorIds: readonly number[]) => ['door-modes', 'now', ...doorIds] as const,
  attention: () => ['door-modes', 'attention'] as const,
}

const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey })

/** GET …/{doors|devices}/{id}/mode: the mode schedule, or null when it has none (404). */
export async function fetchDoorModeSetting(ref: ModeRef, signal?: AbortSignal) {
  try {
    return await apiRequest(DoorModeSetting, { path: modePaths(ref).mode, signal })
  } catch (error) {
    if (isHttpStatus(error, 404)) return null
    throw error
  }
}

export function fetchDoorTimeline(ref: ModeRef, signal?: AbortSignal) {
  return apiRequest(ModeTimeline, { path: modePaths(ref).timeline, signal })
}

export function fetchDoorModesNow(doorIds: readonly number[], signal?: AbortSignal) {
  return apiRequest(DoorModeNowList, {
    path: DOOR_MODES_NOW_PATH,
    query: { door_ids: doorIds.join(',') },
    signal,
  })
}

export function fetchDoorAttention(signal?: AbortSignal) {
  return apiRequest(DoorAttention, { path: DOOR_ATTENTION_PATH, signal })
}

export const doorTimelineOptions = (ref: ModeRef) => ({
  queryKey: doorModeKeys.timeline(ref),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDoorTimeline(ref, signal),
})

export const doorModeSettingOptions = (ref: ModeRef) => ({
  queryKey: doorModeKeys.setting(ref),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDoorModeSetting(ref, signal),
})

export const doorAttentionOptions = {
  queryKey: doorModeKeys.attention(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDoorAttention(signal),
} as const

export function setDoorMode(ref: ModeRef, input: DoorModeInput) {
  return apiRequest(DoorModeSetting, { method: 'PUT', path: modePaths(ref).mode, json: input })
}

export function removeDoorMode(ref: ModeRef) {
  return apiRequest(null, { method: 'DELETE', path: modePaths(ref).mode })
}

export function setDoorOverride(ref: ModeRef, input: OverrideInput, idempotencyKey: string) {
  return apiRequest(DoorOverride, {
    method: 'POST',
    path: modePaths(ref).override,
    json: input,
    headers: keyed(idempotencyKey),
  })
}

export function endDoorOverride(ref: ModeRef, idempotencyKey: string) {
  return apiRequest(null, {
    method: 'DELETE',
    path: modePaths(ref).override,
    headers: keyed(idempotencyKey),
  })
}

/** POST …/locations/{id}/snow-days: `dryRun` answers the doors it would change and saves nothing. */
export function planSnowDay(locationId: number, input: SnowDayInput, dryRun: boolean) {
  return apiRequest(SnowDayPlan, {
    method: 'POST',
    path: snowDaysPath(locationId),
    query: { dry_run: String(dryRun) },
    json: input,
  })
}

/**
 * After a write that changes a door's mode: its timeline, every door's mode now, what needs
 * attention, the devices (a lock's state follows) and the journal.
 */
export async function refetchDoorModes(client: Pick<QueryClient, 'invalidateQueries'>) {
  void client.invalidateQueries({ queryKey: [JOURNAL_ROOT] })
  void client.invalidateQueries({ queryKey: deviceKeys.all })
  await client.invalidateQueries({ queryKey: doorModeKeys.all })
}
