import { ACCESS_PATH, AccessAnswer, type AccessTargetType } from '../contract/access'
import { apiRequest } from './client'
import { journalKeys } from './journal'

/**
 * "Who can open this?" for a door, location or device: now (`at` undefined) or at a past moment,
 * with a repeating schedule read on `timeZone`'s clock, the page of people from `start`. Keyed
 * under the journal, so every write's refetch of the journal refreshes it too.
 */
export function whoCanOpen(
  type: AccessTargetType,
  id: number,
  at: string | undefined,
  timeZone: string,
  start: number,
) {
  return {
    queryKey: [...journalKeys.all, 'access', type, id, at ?? 'now', timeZone, start] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(AccessAnswer, {
        path: ACCESS_PATH,
        query: { [`${type}_id`]: id, at, time_zone: timeZone, start },
        signal,
      }),
  }
}
