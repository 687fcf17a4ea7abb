import * as RadixDialog from '@radix-ui/react-dialog'
import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { CommandButton } from '../../commands/command-button'
import { useCommand } from '../../commands/use-command'
import { matchPattern } from '../../contract/route-match'
import { Icon, type IconName } from '../../ui/icon'
import { useOpenedOnce } from '../../ui/use-opened-once'
import { useAppActions } from '../app-actions'
import { routes } from '../routes'
import { useSession } from '../../session/session-context'
import { updateUi, useDrawerLayout, useUi } from '../ui-store'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import * as styles from './sidebar.css'

const menu = routes
  .filter((route) => route.sidebar)
  .sort((a, b) => (a.sidebar?.order ?? 0) - (b.sidebar?.order ?? 0))

/** The section a path belongs to: /organizations/edit/3 highlights Organizations. */
/**
 * The sidebar's options (requirements R2.11): registry commands, so label and shortcut come from
 * one place.
 */
const footerCommands: readonly { id: string; icon: IconName }[] = [
  { id: 'settings.open', icon: 'settings' },
  { id: 'session.sign-out', icon: 'logout' },
]

function isCurrent(path: string, location: string) {
  if (path === '/') return location === '/'
  return matchPattern(path, location) || location.startsWith(`${path}/`)
}

export function Sidebar() {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const [location] = useLocation()
  const actions = useAppActions()
  const toggleSidebar = useCommand('sidebar.toggle')
  const open = useUi((ui) => ui.sidebarOpen)
  const drawerOpen = useUi((ui) => ui.drawerOpen)
  const drawerLayout = useDrawerLayout()
  const drawerMounted = useOpenedOnce(drawerOpen)
  const collapsed = !open

  // Following a link in the drawer closes it: on a new location only, never when the actions object
  // is made anew (the language arriving after sign-in did that and shut a drawer just opened).
  useEffect(() => {
    updateUi({ drawerOpen: false })
  }, [location])

  const panel = (
    <aside
      id="sidebar"
      className={styles.sidebar}
      data-collapsed={collapsed}
      data-drawer-open={drawerOpen}
      data-testid="sidebar"
    >
      {drawerLayout ? (
        <RadixDialog.Title className={visuallyHidden}>{LL.nav.mainMenu()}</RadixDialog.Title>
      ) : null}
      <div className={styles.header}>
        {collapsed ? null : <span className={styles.brand}>{LL.common.appName()}</span>}
        <button
          type="button"
          className={`${styles.item} ${styles.collapseButton}`}
          aria-label={collapsed ? LL.nav.expandSidebar() : LL.nav.collapseSidebar()}
          aria-expanded={!collapsed}
          aria-controls="sidebar"
          onClick={toggleSidebar?.run}
        >
          <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
        </button>
      </div>
      <nav className={styles.nav} aria-label={LL.nav.mainMenu()}>
        <ul className={styles.list}>
          {menu
            .filter((route) => can(route.anyOf))
            .map((route) => (
              <li key={route.id}>
                <Link
                  href={route.path}
                  className={styles.item}
                  aria-current={isCurrent(route.path, location) ? 'page' : undefined}
                  title={collapsed ? route.label(LL) : undefined}
                >
                  {route.sidebar ? <Icon name={route.sidebar.icon} /> : null}
                  <span className={styles.label}>{route.label(LL)}</span>
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <div className={styles.footer}>
        <ul className={styles.list}>
          {footerCommands.map(({ id, icon }) => (
            <li key={id}>
              <CommandButton
                id={id}
                className={styles.item}
                labelClassName={styles.label}
                icon={<Icon name={icon} />}
                compact={collapsed}
              />
            </li>
          ))}
        </ul>
      </div>
    </aside>
  )
  if (!drawerLayout) return panel
  if (!drawerMounted) return null
  // Below the breakpoint the sidebar is a modal drawer: Radix traps Tab inside it, Escape and a
  // click on the scrim close it, and the hotkeys see an open dialog and pause.
  return (
    <RadixDialog.Root open={drawerOpen} onOpenChange={(next) => !next && actions.closeDrawer()}>
      <RadixDialog.Overlay className={styles.scrim} data-testid="drawer-scrim" />
      <RadixDialog.Content
        asChild
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          document.querySelector<HTMLElement>('#sidebar nav a')?.focus()
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          document.querySelector<HTMLElement>('[data-testid="drawer-toggle"]')?.focus()
        }}
      >
        {panel}
      </RadixDialog.Content>
    </RadixDialog.Root>
  )
}
