import { createUserPreference } from './user-preference'

/**
 * Single-key shortcuts (`g o`, `j`, `x`, `?` …) on or off, per user in this browser, like the
 * theme. WCAG 2.1.4 (Character Key Shortcuts) asks for a way to turn them off: speech-input users
 * set them off by accident. Off, only chords with Ctrl/⌘ or Alt and named keys (arrows, Enter,
 * Escape, Delete) act (decision 048).
 */
const singleKeys = createUserPreference<boolean>({
  key: (userId) => `single_key_shortcuts_${userId}`,
  read: (stored) => stored !== 'off',
  write: (on) => (on ? 'on' : 'off'),
})

export const applyUserSingleKeys = singleKeys.applyUser
export const applyGuestSingleKeys = singleKeys.applyGuest
export const setSingleKeys = singleKeys.set
export const useSingleKeys = singleKeys.use

/**
 * A key that types a character (a letter, digit, punctuation or symbol, with or without Shift):
 * what WCAG 2.1.4 calls a character key. The space bar, arrows, Enter, Escape and Delete are not.
 */
export const isCharacterKey = (key: string) => key.length === 1 && key !== ' '
