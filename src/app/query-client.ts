import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../api/api-error'
import { onSessionForgotten } from '../api/session-signals'

/** SPEC 4 "Cached data": nothing kept once unused, refetched on mount, focus and reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 0,
        staleTime: 0,
        refetchOnMount: true,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // Client errors (4xx, bad bodies) will not change on a retry; network trouble may.
        retry: (failures, error) =>
          failures < 2 &&
          isApiError(error) &&
          (error.kind === 'FETCH_ERROR' || error.kind === 'TIMEOUT_ERROR'),
      },
      mutations: { retry: false },
    },
  })
}

// Lives in the signed-in chunk: /login ships without react-query.
export const queryClient = createQueryClient()

// The next user must never see the last one's cached data.
onSessionForgotten(() => queryClient.clear())
