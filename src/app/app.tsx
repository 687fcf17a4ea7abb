import { Suspense } from 'react'
import { Redirect, Route, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { NotFoundScreen } from '../features/errors/not-found-screen'
import { NoAccessScreen } from '../features/errors/no-access-screen'
import { ProfileFailedScreen } from '../features/errors/profile-failed-screen'
import { findRoute } from '../lib/breadcrumb'
import { LoadingBar } from '../ui/loading'
import { GuestLayout } from './layout/guest-layout'
import { Shell } from './layout/shell'
import { routes, type AppRoute } from './routes'
import { useSession } from './session/session-context'

export const RETURN_TO_PARAM = 'returnTo'

/** Only same-origin paths of this console; never a guest page, never `//evil.example`. */
export function safeReturnTo(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  const path = value.split(/[?#]/)[0] ?? '/'
  return findRoute(routes, path)?.guestOnly ? '/' : value
}

function ScreenLoading() {
  const { LL } = useI18nContext()
  return <LoadingBar label={LL.shell.loadingScreen()} />
}

function RouteScreen({ route }: { route: AppRoute }) {
  const Screen = route.screen
  // <Route> gives the screen its params (useParams) from the same pattern we matched.
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Route path={route.path}>
        <Screen />
      </Route>
    </Suspense>
  )
}

function GuestGate({ route }: { route: AppRoute }) {
  const session = useSession()
  const search = useSearch()
  if (session.status === 'signedIn')
    return <Redirect to={safeReturnTo(new URLSearchParams(search).get(RETURN_TO_PARAM))} replace />
  if (session.status === 'restoring') return <ScreenLoading />
  return (
    <GuestLayout>
      <RouteScreen route={route} />
    </GuestLayout>
  )
}

function ProtectedGate({ route }: { route: AppRoute | undefined }) {
  const session = useSession()
  const [location] = useLocation()
  const search = useSearch()
  if (session.status === 'signedOut' || session.status === 'signingIn') {
    const target = `${location}${search ? `?${search}` : ''}`
    const query = target === '/' ? '' : `?${RETURN_TO_PARAM}=${encodeURIComponent(target)}`
    return <Redirect to={`/login${query}`} replace />
  }
  if (session.status === 'profileFailed') return <ProfileFailedScreen />
  if (session.status !== 'signedIn') return <ScreenLoading />
  if (!route)
    return (
      <Shell route={undefined}>
        <NotFoundScreen />
      </Shell>
    )
  return (
    <Shell route={route}>
      {session.can(route.anyOf) ? <RouteScreen route={route} /> : <NoAccessScreen />}
    </Shell>
  )
}

/** Picks the route from THE table and applies its gate: guest-only, signed-in, permission. */
export function App() {
  const [location] = useLocation()
  const route = findRoute(routes, location)
  if (route?.guestOnly) return <GuestGate route={route} />
  return <ProtectedGate route={route} />
}
