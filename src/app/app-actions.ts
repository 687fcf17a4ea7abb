import { useMemo } from 'react'
import type { PaletteAppActions } from '../commands/registry'
import type { Language } from '../lib/language'
import { useSetLanguage } from './language'
import { useSessionActor } from '../session/session-context'
import { setSingleKeys } from '../ui/single-keys'
import { setThemeMode, toggleThemeMode, type ThemeMode } from '../ui/theme-store'
import { getUi, isDrawerLayout, updateUi } from './ui-store'

/** The palette's port plus what only the shell itself does (closing its own dialogs). */
export type AppActions = PaletteAppActions & {
  closeSettings: () => void
  closeDrawer: () => void
  setTheme: (mode: ThemeMode) => void
  setLanguage: (language: Language) => Promise<void>
}

/** What the sidebar, avatar menu, settings dialog, palette and hotkeys may do to the app. */
export function useAppActions(): AppActions {
  const session = useSessionActor()
  const setLanguage = useSetLanguage()
  return useMemo(
    () => ({
      openSettings: () => updateUi({ settingsOpen: true, drawerOpen: false }),
      closeSettings: () => updateUi({ settingsOpen: false }),
      toggleTheme: toggleThemeMode,
      setTheme: setThemeMode,
      setSingleKeys,
      setLanguage,
      toggleSidebar: () => {
        if (isDrawerLayout()) updateUi({ drawerOpen: !getUi().drawerOpen })
        else updateUi({ sidebarOpen: !getUi().sidebarOpen })
      },
      closeDrawer: () => updateUi({ drawerOpen: false }),
      signOut: () => {
        updateUi({ settingsOpen: false, drawerOpen: false })
        session.send({ type: 'session.signOut' })
      },
    }),
    [session, setLanguage],
  )
}
