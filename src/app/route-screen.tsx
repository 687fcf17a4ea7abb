import { Suspense } from 'react'
import { Route } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { LoadingBar } from '../ui/loading'
import { useLazyReady } from './lazy-screen'
import type { AppRoute } from './routes'

export function ScreenLoading() {
  const { LL } = useI18nContext()
  return <LoadingBar label={LL.shell.loadingScreen()} />
}

/** A route's lazy screen; <Route> hands it the params (useParams) of the pattern we matched. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const ready = useLazyReady(route.screen)
  const Screen = route.screen
  // Suspense stays as the net for anything inside the screen that suspends.
  if (!ready) return <ScreenLoading />
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Route path={route.path}>
        <Screen />
      </Route>
    </Suspense>
  )
}
