import { Suspense, useDeferredValue, useEffect, useRef } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { stopEarlyKeys } from '../lib/early-keys'
import { findRoute } from '../contract/route-match'
import { useDocumentWords } from './document-words'
import { BootFrame } from './layout/boot-frame'
import { GuestLayout } from './layout/guest-layout'
import { lazyScreen, useLazyReady } from './lazy-screen'
import { RouteScreen, ScreenLoading } from './route-screen'
import { routes, type AppRoute } from './routes'
import { useSession } from '../session/session-context'

// Exported so boot and the sign-in can start loading it before the session says signedIn.
export const SignedInApp = lazyScreen(() =>
  import('./layout/signed-in').then((module) => ({ default: module.SignedInApp })),
)

// Rare (tokens exist but /me failed), so it stays out of the entry chunk.
const ProfileFailedScreen = lazyScreen(() =>
  import('../features/errors/profile-failed-screen').then((module) => ({
    default: module.ProfileFailedScreen,
  })),
)

// The sign-in's second step and the enrolment a policy requires: only for people with a factor.
const FactorStepScreen = lazyScreen(() =>
  import('../features/auth/factor-step-screen').then((module) => ({
    default: module.FactorStepScreen,
  })),
)
const EnrolmentScreen = lazyScreen(() =>
  import('../features/auth/enrolment-screen').then((module) => ({
    default: module.EnrolmentScreen,
  })),
)

export const RETURN_TO_PARAM = 'returnTo'

/** Only same-origin paths of this console; never a guest page, never `//evil.example`. */
export function safeReturnTo(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  const path = value.split(/[?#]/)[0] ?? '/'
  return findRoute(routes, path)?.guestOnly ? '/' : value
}

function GuestGate({ route }: { route: AppRoute }) {
  const session = useSession()
  const search = useSearch()
  const signingIn = session.status === 'signingIn'
  const guest = session.status !== 'signedIn' && session.status !== 'restoring'
  // The shell loads while the credentials and the profile travel, not after them.
  useEffect(() => {
    if (signingIn) SignedInApp.preload().catch(() => undefined)
  }, [signingIn])
  // A guest page has no shell to replay boot-time keys into: its own fields take the keys.
  useEffect(() => {
    if (guest) stopEarlyKeys()
  }, [guest])
  if (session.status === 'signedIn')
    return <Redirect to={safeReturnTo(new URLSearchParams(search).get(RETURN_TO_PARAM))} replace />
  if (session.status === 'restoring') return <ScreenLoading />
  const factorStep =
    session.status === 'secondFactorRequired' || session.status === 'checkingFactor'
  const Step = factorStep
    ? FactorStepScreen
    : session.status === 'enrolmentRequired'
      ? EnrolmentScreen
      : null
  return (
    <GuestLayout>
      {Step ? (
        <Suspense fallback={<ScreenLoading />}>
          <Step />
        </Suspense>
      ) : (
        <RouteScreen route={route} />
      )}
    </GuestLayout>
  )
}

function ProtectedGate({ route }: { route: AppRoute | undefined }) {
  const session = useSession()
  const [location] = useLocation()
  const search = useSearch()
  const signedIn = session.status === 'signedIn'
  const shellReady = useLazyReady(SignedInApp, signedIn)
  // The shell's first render is the largest of the session: as a deferred (transition) render React
  // does it in slices of a few milliseconds, so a slow phone never stalls on one long task, and
  // the loading bar stays until the shell commits.
  const shellShown = useDeferredValue(signedIn && shellReady, false)
  // Once per boot, as soon as the profile is in: the URL's data that depends on what the user may
  // read leaves now, while the shell renders, instead of after the screen has.
  const prefetched = useRef(false)
  const can = session.can
  useEffect(() => {
    if (!signedIn || prefetched.current) return
    prefetched.current = true
    route?.prefetchSignedIn?.(can)
  }, [signedIn, route, can])
  if (
    session.status === 'signedOut' ||
    session.status === 'signingIn' ||
    session.status === 'secondFactorRequired' ||
    session.status === 'checkingFactor' ||
    session.status === 'enrolmentRequired'
  ) {
    const target = `${location}${search ? `?${search}` : ''}`
    const query = target === '/' ? '' : `?${RETURN_TO_PARAM}=${encodeURIComponent(target)}`
    return <Redirect to={`/login${query}`} replace />
  }
  if (session.status === 'profileFailed')
    return (
      <Suspense fallback={<ScreenLoading />}>
        <ProfileFailedScreen />
      </Suspense>
    )
  if (!signedIn || !shellReady || !shellShown) return <BootFrame route={route} />
  return (
    <Suspense fallback={<BootFrame route={route} />}>
      <SignedInApp route={route} />
    </Suspense>
  )
}

/** Picks the route from THE table and applies its gate: guest-only, signed-in, permission. */
export function App() {
  const [location] = useLocation()
  const route = findRoute(routes, location)
  useDocumentWords(route)
  if (route?.guestOnly) return <GuestGate route={route} />
  return <ProtectedGate route={route} />
}
