import { useEffect, useMemo, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { AppState } from '../../commands/command'
import { CommandsProvider, type CommandsProviderProps } from '../../commands/commands-provider'
import { ActionHost, usePerform } from '../../actions/action-host'
import { StepUpHost } from '../../actions/step-up-host'
import { hostCommands } from '../../actions/command-receipts-panel'
import { settleFocusAfterNavigation } from '../../ui/focus'
import { ToastRegion } from '../../ui/notice'
import { useAppActions } from '../app-actions'
import { entitySources } from '../entity-sources'
import { useSingleKeys } from '../../ui/single-keys'
import { useThemeMode } from '../../ui/theme-store'
import { routes, type AppRoute } from '../routes'
import { LockdownBanner } from '../../lockdown/lockdown-banner'
import { useSession } from '../../session/session-context'
import { DRAWER_QUERY, updateUi } from '../ui-store'
import { SettingsDialog } from './settings-dialog'
import { Sidebar } from './sidebar'
import { TopBar } from './top-bar'
import * as styles from './shell.css'

/** The signed-in frame: sidebar, top bar, content, settings dialog, toasts, the palette. */
export function Shell({ route, children }: { route: AppRoute | undefined; children: ReactNode }) {
  const { user, can } = useSession()
  const actions = useAppActions()
  const { LL, locale } = useI18nContext()
  const theme = useThemeMode()
  const singleKeys: AppState['singleKeys'] = useSingleKeys() ? 'on' : 'off'
  const state = useMemo(
    () => ({ theme, language: locale, singleKeys }),
    [theme, locale, singleKeys],
  )

  // A new page takes focus (its list, first field or heading) unless the screen already did.
  const [location] = useLocation()
  useEffect(() => settleFocusAfterNavigation(), [location])

  // Crossing the 1200 px breakpoint closes the drawer, so it never lingers over a wide layout.
  useEffect(() => {
    const query = window.matchMedia(DRAWER_QUERY)
    const onChange = () => updateUi({ drawerOpen: false })
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  if (!user) return null
  // The palette wraps the frame so the sidebar, avatar menu and settings read its registry; the
  // action host wraps both, so the palette and the pages run actions through the same host.
  return (
    <ActionHost>
      <HostedCommands
        routes={routes}
        sources={entitySources}
        commands={hostCommands}
        actions={actions}
        state={state}
        userId={user.user_id}
        can={can}
      >
        <div className={styles.shell}>
          <a href="#content" className={styles.skipLink}>
            {LL.shell.skipToContent()}
          </a>
          <Sidebar />
          <div className={styles.column}>
            <TopBar user={user} />
            <LockdownBanner />
            <main
              id="content"
              tabIndex={-1}
              className={route?.bottomMargin ? `${styles.main} ${styles.formPage}` : styles.main}
              data-testid="content"
            >
              {children}
            </main>
          </div>
          <SettingsDialog />
          <StepUpHost />
          <ToastRegion />
        </div>
      </HostedCommands>
    </ActionHost>
  )
}

/** The palette's registry with the host's `perform`, so a chosen entity action runs there. */
function HostedCommands(props: Omit<CommandsProviderProps, 'perform'>) {
  return <CommandsProvider {...props} perform={usePerform()} />
}
