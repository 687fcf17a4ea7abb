import { useSyncExternalStore } from 'react'
import { media } from './breakpoints'

// jsdom has no matchMedia: there the window counts as wide, as a desktop browser's does.
const mobileQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(media.mobile)
    : null

function subscribe(listener: () => void) {
  const query = mobileQuery()
  query?.addEventListener('change', listener)
  return () => query?.removeEventListener('change', listener)
}

/** Whether the window is at the mobile width (MOBILE_MAX) or less, following it across. */
export function useMobileLayout(): boolean {
  return useSyncExternalStore(subscribe, () => mobileQuery()?.matches ?? false)
}
