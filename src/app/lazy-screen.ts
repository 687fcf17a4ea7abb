import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react'

export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (idempotent); resolves once it is loaded. */
  preload: () => Promise<void>
  isLoaded: () => boolean
}

type Module<P> = { default: ComponentType<P> }

type Preloadable = Pick<LazyScreen, 'preload' | 'isLoaded'>

/**
 * `React.lazy` with `preload()`. React 19 reveals a lazy component that suspended no sooner than
 * 300 ms after its Suspense fallback appeared, even when the chunk arrives in 30 ms. Once the
 * chunk is loaded we hand `lazy` a thenable that calls back synchronously, so React reads the
 * module at once and the screen renders without suspending: preloading a screen before it is
 * opened is what removes the wait.
 */
export function lazyScreen<P extends object = object>(
  load: () => Promise<Module<P>>,
): LazyScreen<P> {
  let loaded: Module<P> | null = null
  let loading: Promise<Module<P>> | null = null

  const fetchModule = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download (offline, a redeploy) may be retried by the next attempt.
        loading = null
        throw error
      },
    ))

  const screen = lazy<ComponentType<P>>(() => {
    const ready = loaded
    if (!ready) return fetchModule()
    // React's `lazy` only calls `then` (its types ask for a Promise); a real Promise would call
    // back in a microtask, too late to avoid suspending.
    const fulfilled = { then: (resolve: (module: Module<P>) => void) => resolve(ready) }
    return fulfilled as unknown as Promise<Module<P>>
  })

  return Object.assign(screen, {
    preload: () => fetchModule().then(() => undefined),
    isLoaded: () => loaded !== null,
  })
}

/**
 * True once `screen` can render without suspending. Until then the caller shows its loading state
 * itself, so no Suspense fallback is committed and React's reveal throttle never starts: a screen
 * appears as soon as its chunk is there, preloaded or not. A failed download also answers true:
 * rendering the lazy component then retries and lets the error reach the error boundary.
 */
export function useLazyReady(screen: Preloadable, wanted = true): boolean {
  const [failed, setFailed] = useState<Preloadable | null>(null)
  const [, setLoadedScreen] = useState<Preloadable | null>(null)
  const loaded = screen.isLoaded()
  useEffect(() => {
    if (loaded || !wanted) return
    let live = true
    screen.preload().then(
      () => live && setLoadedScreen(screen),
      () => live && setFailed(screen),
    )
    return () => {
      live = false
    }
  }, [screen, loaded, wanted])
  return loaded || failed === screen
}
