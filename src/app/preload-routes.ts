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

/**
 * Signed in: every permitted screen's chunk loads when the browser is idle, and a link's target
 * loads as soon as the pointer rests on it or it gets focus (sidebar, breadcrumb, dashboard, any
 * in-app link), so the first visit renders without suspending (see lazy-screen.ts).
 */
export function usePreloadScreens(can: Can, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    const cancelIdle = preloadWhenIdle([...routes], can)
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
      preload(findRoute(routes, link.pathname), can)
    }
    document.addEventListener('pointerover', onIntent, { passive: true })
    document.addEventListener('focusin', onIntent)
    return () => {
      cancelIdle()
      document.removeEventListener('pointerover', onIntent)
      document.removeEventListener('focusin', onIntent)
    }
  }, [can, enabled])
}
