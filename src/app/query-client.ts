import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../api/api-error'
import { onSessionForgotten } from '../api/session-signals'

/** Requirements R4.5: nothing kept once unused, refetched on mount, focus and reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 0,
        staleTime: 0,
        refetchOnMount: true,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // Offline, a query fails at once and says so; the default would pause it behind a spinner
        // that never ends. Reconnecting refetches it (refetchOnReconnect).
        networkMode: 'always',
        // Client errors (4xx, bad bodies) will not change on a retry; network trouble may, unless
        // the browser knows it is offline (the reconnect refetch takes over then).
        retry: (failures, error) =>
          failures < 2 &&
          isApiError(error) &&
          (error.kind === 'FETCH_ERROR' || error.kind === 'TIMEOUT_ERROR') &&
          navigator.onLine !== false,
      },
      // A save while offline fails with words and keeps the form, instead of pausing silently.
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

// Lives in the signed-in chunk: /login ships without react-query.
export const queryClient = createQueryClient()

// The next user must never see the last one's cached data.
onSessionForgotten(() => queryClient.clear())
