import { startEarlyGet } from '../api/early-get'
import { hasStoredSession } from '../api/tokens'
import { buildUrl } from '../api/urls'
import { findRoute } from '../contract/route-match'
import { firstRequests } from '../contract/first-requests'
import { routes, type AppRoute } from './routes'

/**
 * A signed-in reload would otherwise fetch in series: machine → profile client → /me → shell chunk
 * → screen chunk → the screen's data. The URL's first data and the profile leave here instead, as
 * the entry starts: main.tsx imports this module before React, so the requests do not wait for
 * React DOM and the rest of the entry to be evaluated (≈ 20–30 ms on a slow machine). The client
 * takes their answers (early-get.ts); those the server wrote into the page are not sent at all,
 * and while the page is still arriving they wait for it.
 * Failures here are retried where the code is used.
 */
function startBootRequests(): { route: AppRoute | null } | null {
  if (!hasStoredSession()) return null
  const { pathname, search } = window.location
  const found = findRoute(routes, pathname)
  const route = found && !found.guestOnly ? found : null
  for (const path of firstRequests(route ? pathname : '', search))
    startEarlyGet(buildUrl({ path }), true)
  return { route }
}

/** The signed-in boot whose requests have left, with the screen it opens; null when signed out. */
export const signedInBoot = startBootRequests()
