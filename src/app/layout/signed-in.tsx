import { QueryClientProvider } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import areas from '../../../i18n/en/areas'
import { ScreenFailedScreen } from '../../features/errors/screen-failed-screen'
import { NoAccessScreen } from '../../features/errors/no-access-screen'
import { NotFoundScreen } from '../../features/errors/not-found-screen'
import { addEnglishPart, useEnglishPart } from '../language'
import { usePreloadScreens } from '../preload-routes'
import { queryClient } from '../query-client'
import type { AppRoute } from '../routes'
import { RouteScreen } from '../route-screen'
import { useSession } from '../../session/session-context'
import { CommandReceiptsPanel } from '../../actions/command-receipts-panel'
import { ErrorBoundary } from '../../ui/error-boundary'
import { BootFrame } from './boot-frame'
import { Shell } from './shell'

addEnglishPart(areas)

/**
 * Everything only a signed-in user loads, as one lazy chunk: the shell, React Query, the
 * permission gate. The route's own screen is a further lazy chunk.
 */
export function SignedInApp({ route }: { route: AppRoute | undefined }) {
  const { can } = useSession()
  const [location] = useLocation()
  usePreloadScreens(can, location)
  if (!useEnglishPart(areas)) return <BootFrame route={route} />
  return (
    <QueryClientProvider client={queryClient}>
      <Shell route={route}>
        {/* Keyed by the path: a failure stays with its page and leaving the page clears it. */}
        <ErrorBoundary
          key={location}
          fallback={(_, retry) => <ScreenFailedScreen onRetry={retry} />}
        >
          {!route ? (
            <NotFoundScreen />
          ) : can(route.anyOf) ? (
            <RouteScreen route={route} />
          ) : (
            <NoAccessScreen />
          )}
        </ErrorBoundary>
      </Shell>
      <CommandReceiptsPanel />
    </QueryClientProvider>
  )
}
