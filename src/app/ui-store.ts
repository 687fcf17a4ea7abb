import { useSyncExternalStore } from 'react'
import { SIDEBAR_DRAWER_MAX } from '../ui/breakpoints'

// Shell UI state that several places change (sidebar button, palette, hotkeys, avatar menu).
export type UiState = {
  settingsOpen: boolean
  /** Wide screens: the sidebar is open (300 px) or collapsed (80 px). */
  sidebarOpen: boolean
  /** ≤1200 px: the sidebar is a drawer over the content. */
  drawerOpen: boolean
}

let state: UiState = { settingsOpen: false, sidebarOpen: true, drawerOpen: false }
const listeners = new Set<() => void>()

export function updateUi(patch: Partial<UiState>) {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

export function getUi(): UiState {
  return state
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useUi<T>(select: (ui: UiState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state))
}

/** Requirements R2.6: at 1200 px or less the sidebar is a drawer. */
export const DRAWER_QUERY = `(max-width: ${SIDEBAR_DRAWER_MAX}px)`

export function isDrawerLayout(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(DRAWER_QUERY).matches
}

function subscribeLayout(listener: () => void) {
  const query = window.matchMedia(DRAWER_QUERY)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** Whether the sidebar is a drawer now, following the window across the breakpoint. */
export function useDrawerLayout(): boolean {
  return useSyncExternalStore(subscribeLayout, isDrawerLayout)
}
