import { Triage } from '../contract/triage'
import { apiRequest } from './client'
import { deviceKeys } from './devices'
import { TRIAGE_PATH } from '../contract/api-paths'

/** GET /sbm/v1/devices/triage: what needs a person now (offline, low battery, failed commands). */
export function fetchTriage(signal?: AbortSignal) {
  return apiRequest(Triage, { path: TRIAGE_PATH, signal })
}

// Under the devices root, so every device write (and a command's refetch) refreshes it too.
export const triageOptions = {
  queryKey: [...deviceKeys.all, 'triage'],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchTriage(signal),
} as const
