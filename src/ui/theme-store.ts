import { useSyncExternalStore } from 'react'
import { darkTheme, lightTheme } from './theme.css'

export type ThemeMode = 'light' | 'dark'

/** Requirements R3.2: darkMode is stored per user id under `dark_mode_{id}`. */
export function darkModeKey(userId: number): string {
  return `dark_mode_${userId}`
}

let mode: ThemeMode = 'light'
let owner: number | null = null
const listeners = new Set<() => void>()

function paint() {
  const root = document.documentElement
  root.classList.remove(lightTheme, darkTheme)
  root.classList.add(mode === 'dark' ? darkTheme : lightTheme)
  root.style.colorScheme = mode
}

function set(next: ThemeMode) {
  mode = next
  paint()
  for (const listener of listeners) listener()
}

function readStored(userId: number): ThemeMode {
  try {
    return localStorage.getItem(darkModeKey(userId)) === 'true' ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

/** Called by the session when a user is signed in: that user's stored choice applies. */
export function applyUserTheme(userId: number) {
  owner = userId
  set(readStored(userId))
}

/** Guests (login pages) see the default light theme; the last user's choice is not leaked. */
export function applyGuestTheme() {
  owner = null
  set('light')
}

export function setThemeMode(next: ThemeMode) {
  if (owner !== null) {
    try {
      localStorage.setItem(darkModeKey(owner), String(next === 'dark'))
    } catch {
      // Without storage the choice lasts for this page view only.
    }
  }
  set(next)
}

export function toggleThemeMode() {
  setThemeMode(mode === 'dark' ? 'light' : 'dark')
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, () => mode)
}

/**
 * Paints before React renders, so the first frame is never unstyled: a signed-in reload paints the
 * stored user's theme at once rather than light until their profile arrives (a dark-mode user saw
 * a flash of the light theme). `userId` is the stored token's (api/tokens.ts); the session still
 * applies the user's choice once /me answers.
 */
export function initTheme(userId: number | null) {
  mode = userId === null ? 'light' : readStored(userId)
  paint()
}
