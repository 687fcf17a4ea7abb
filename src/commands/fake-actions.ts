import type { PaletteAppActions } from './registry'

/** App actions for tests: each call is recorded by name (and argument) instead of acting. */
export function fakeActions(): PaletteAppActions & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    openSettings: () => calls.push('openSettings'),
    toggleTheme: () => calls.push('toggleTheme'),
    setTheme: (mode) => calls.push(`setTheme:${mode}`),
    setSingleKeys: (on) => calls.push(`setSingleKeys:${on}`),
    setLanguage: (locale) => void calls.push(`setLanguage:${locale}`),
    toggleSidebar: () => calls.push('toggleSidebar'),
    signOut: () => void calls.push('signOut'),
  }
}
