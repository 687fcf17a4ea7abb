import { startEarlyGet } from '../api/early-get'
import { hasStoredSession } from '../api/tokens'
import { buildUrl, PROFILE_PATH } from '../api/urls'
import { findRoute } from '../lib/route-match'
import { routes, type AppRoute } from './routes'

/**
 * A signed-in reload would otherwise fetch in series: machine → profile client → /me → shell chunk
 * → screen chunk → the screen's data. The URL's first data and the profile leave here instead, as
 * the entry starts: main.tsx imports this module before React, so the requests do not wait for
 * React DOM and the rest of the entry to be evaluated (≈ 20–30 ms on a slow machine). The client
 * takes their answers (early-get.ts). The data goes first: the server answers in turn, and a
 * screen whose first answer is in hand renders its rows with the shell (a ListSource's `peek`),
 * while the profile is needed only once the shell chunk has arrived and run, which is not sooner.
 * Failures here are retried where the code is used.
 */
function startBootRequests(): { route: AppRoute | null } | null {
  if (!hasStoredSession()) return null
  const found = findRoute(routes, window.location.pathname)
  const route = found && !found.guestOnly ? found : null
  route?.prefetch?.(window.location.search)
  startEarlyGet(buildUrl({ path: PROFILE_PATH }))
  return { route }
}

/** The signed-in boot whose requests have left, with the screen it opens; null when signed out. */
export const signedInBoot = startBootRequests()
