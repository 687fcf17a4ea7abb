// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { darkTheme, lightTheme } from './theme.css'
import {
  applyGuestTheme,
  applyUserTheme,
  initTheme,
  setThemeMode,
  toggleThemeMode,
} from './theme-store'

const root = () => document.documentElement

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear()
    applyGuestTheme()
  })

  it('stores the choice per user under dark_mode_{id} and applies it on sign-in', () => {
    applyUserTheme(7)
    expect(root().classList.contains(lightTheme)).toBe(true)
    toggleThemeMode()
    expect(localStorage.getItem('dark_mode_7')).toBe('true')
    expect(root().classList.contains(darkTheme)).toBe(true)
    expect(root().classList.contains(lightTheme)).toBe(false)

    applyUserTheme(8)
    expect(root().style.colorScheme).toBe('light')
    applyUserTheme(7)
    expect(root().style.colorScheme).toBe('dark')
  })

  it('never stores a guest choice and shows guests the light theme', () => {
    applyUserTheme(7)
    setThemeMode('dark')
    applyGuestTheme()
    expect(root().style.colorScheme).toBe('light')
    setThemeMode('dark')
    expect(Object.keys(localStorage)).toEqual(['dark_mode_7'])
  })

  it("paints the stored user's theme at boot, before the session knows the user", () => {
    localStorage.setItem('dark_mode_7', 'true')
    initTheme(7)
    expect(root().style.colorScheme).toBe('dark')
    expect(root().classList.contains(darkTheme)).toBe(true)

    initTheme(null)
    expect(root().style.colorScheme).toBe('light')
    initTheme(8)
    expect(root().style.colorScheme).toBe('light')
  })
})
