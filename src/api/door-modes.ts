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
  doorModePath,
  doorOverridePath,
  doorTimelinePath,
  snowDaysPath,
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

export const doorModeKeys = {
  all: ['door-modes'] as const,
  setting: (doorId: number) => ['door-modes', 'setting', doorId] as const,
  timeline: (doorId: number) => ['door-modes', 'timeline', doorId] as const,
  now: (doorIds: readonly number[]) => ['door-modes', 'now', ...doorIds] as const,
  attention: () => ['door-modes', 'attention'] as const,
}

const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey })

/** GET …/doors/{id}/mode: the door's mode schedule, or null when it has none (404). */
export async function fetchDoorModeSetting(doorId: number, signal?: AbortSignal) {
  try {
    return await apiRequest(DoorModeSetting, { path: doorModePath(doorId), signal })
  } catch (error) {
    if (isHttpStatus(error, 404)) return null
    throw error
  }
}

export function fetchDoorTimeline(doorId: number, signal?: AbortSignal) {
  return apiRequest(ModeTimeline, { path: doorTimelinePath(doorId), signal })
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

export const doorTimelineOptions = (doorId: number) => ({
  queryKey: doorModeKeys.timeline(doorId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDoorTimeline(doorId, signal),
})

export const doorModeSettingOptions = (doorId: number) => ({
  queryKey: doorModeKeys.setting(doorId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDoorModeSetting(doorId, signal),
})

export const doorAttentionOptions = {
  queryKey: doorModeKeys.attention(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDoorAttention(signal),
} as const

export function setDoorMode(doorId: number, input: DoorModeInput) {
  return apiRequest(DoorModeSetting, { method: 'PUT', path: doorModePath(doorId), json: input })
}

export function removeDoorMode(doorId: number) {
  return apiRequest(null, { method: 'DELETE', path: doorModePath(doorId) })
}

export function setDoorOverride(doorId: number, input: OverrideInput, idempotencyKey: string) {
  return apiRequest(DoorOverride, {
    method: 'POST',
    path: doorOverridePath(doorId),
    json: input,
    headers: keyed(idempotencyKey),
  })
}

export function endDoorOverride(doorId: number, idempotencyKey: string) {
  return apiRequest(null, {
    method: 'DELETE',
    path: doorOverridePath(doorId),
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
