import type { Can } from '../contract/permissions'
import { useEffect } from 'react'
import { findRoute } from '../contract/route-match'
import { routes, type AppRoute } from './routes'

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(run, 200)
  return () => window.clearTimeout(id)
}

function preload(route: AppRoute | undefined, can: Can) {
  if (!route || route.guestOnly || !can(route.anyOf)) return
  // A failed preload is not an error yet: opening the screen tries again and shows its own.
  route.screen.preload().catch(() => undefined)
}

/** One screen per idle period: loading every chunk in one callback was a long task on slow phones. */
function preloadWhenIdle(queue: AppRoute[], can: Can): () => void {
  let cancel = () => {}
  const next = () => {
    const route = queue.shift()
    if (route === undefined) return
    preload(route, can)
    cancel = whenIdle(next)
  }
  cancel = whenIdle(next)
  return () => cancel()
}

/** A path's area: its first segment (`/users/view/7` → `users`); the dashboard's is empty. */
export const areaOf = (path: string) => path.split('/').find(Boolean) ?? ''

/**
 * The screens one step from a page of `area`, not loaded yet: the area's own first (a list's create,
 * edit and view pages, a record's list), then every screen of the sidebar. The rest (another area's
 * forms and records) are two steps away: they load on the way, when a link to them is pointed at or
 * focused (decision 089).
 */
export function screensNextTo(area: string): AppRoute[] {
  const ofArea = area === '' ? [] : routes.filter((route) => areaOf(route.path) === area)
  const sidebar = routes.filter((route) => route.sidebar !== undefined)
  return [...new Set([...ofArea, ...sidebar])].filter((route) => !route.screen.isLoaded())
}

/**
 * In the signed-in shell (its chunk, not /login's): the screens one step from the current page
 * load when the browser is idle (again when the user moves to another area), and a link's target
 * as soon as the pointer rests on it or it gets focus (sidebar, breadcrumb, dashboard, any in-app
 * link), so a visit renders without suspending (see lazy-screen.ts).
 */
export function usePreloadScreens(can: Can, path: string) {
  const area = areaOf(path)
  useEffect(() => preloadWhenIdle(screensNextTo(area), can), [can, area])
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
      preload(findRoute(routes, link.pathname), can)
    }
    document.addEventListener('pointerover', onIntent, { passive: true })
    document.addEventListener('focusin', onIntent)
    return () => {
      document.removeEventListener('pointerover', onIntent)
      document.removeEventListener('focusin', onIntent)
    }
  }, [can])
}
