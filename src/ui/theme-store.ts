import { darkTheme, lightTheme } from './theme.css'
import { createUserPreference } from './user-preference'

export type ThemeMode = 'light' | 'dark'

/** Requirements R3.2: darkMode is stored per user id under `dark_mode_{id}`. */
export function darkModeKey(userId: number): string {
  return `dark_mode_${userId}`
}

function paint(mode: ThemeMode) {
  const root = document.documentElement
  root.classList.remove(lightTheme, darkTheme)
  root.classList.add(mode === 'dark' ? darkTheme : lightTheme)
  root.style.colorScheme = mode
}

const theme = createUserPreference<ThemeMode>({
  key: darkModeKey,
  read: (stored) => (stored === 'true' ? 'dark' : 'light'),
  write: (mode) => String(mode === 'dark'),
  onChange: paint,
})

/** Called by the session when a user is signed in: that user's stored choice applies. */
export const applyUserTheme = theme.applyUser

/** Guests (login pages) see the default light theme; the last user's choice is not leaked. */
export const applyGuestTheme = theme.applyGuest

export const setThemeMode = theme.set

export function toggleThemeMode() {
  theme.set(theme.get() === 'dark' ? 'light' : 'dark')
}

export const useThemeMode = theme.use

/**
 * Paints before React renders, so the first frame is never unstyled: a signed-in reload paints the
 * stored user's theme at once rather than light until their profile arrives (a dark-mode user saw
 * a flash of the light theme). `userId` is the stored token's (api/tokens.ts); the session still
 * applies the user's choice once /me answers.
 */
export const initTheme = theme.show
