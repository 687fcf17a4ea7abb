import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { CommandButton } from '../../commands/command-button'
import { useCommand } from '../../commands/use-command'
import { matchPattern } from '../../lib/route-match'
import { Icon, type IconName } from '../../ui/icon'
import { useAppActions } from '../app-actions'
import { routes } from '../routes'
import { useSession } from '../../session/session-context'
import { useUi } from '../ui-store'
import * as styles from './sidebar.css'

const menu = routes
  .filter((route) => route.sidebar)
  .sort((a, b) => (a.sidebar?.order ?? 0) - (b.sidebar?.order ?? 0))

/** The section a path belongs to: /organizations/edit/3 highlights Organizations. */
/** The sidebar's options (SPEC 2): registry commands, so label and shortcut come from one place. */
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
  const collapsed = !open
  const asideRef = useRef<HTMLElement>(null)

  // Following a link in the drawer closes it.
  useEffect(() => {
    actions.closeDrawer()
  }, [location, actions])

  // An opened drawer takes focus; Escape closes it and hands focus back to the menu button.
  useEffect(() => {
    if (!drawerOpen) return
    asideRef.current?.querySelector<HTMLElement>('nav a')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      actions.closeDrawer()
      document.querySelector<HTMLElement>('[data-testid="drawer-toggle"]')?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [drawerOpen, actions])

  return (
    <>
      {drawerOpen ? (
        <button
          type="button"
          className={styles.scrim}
          aria-label={LL.nav.closeMenu()}
          onClick={actions.closeDrawer}
        />
      ) : null}
      <aside
        ref={asideRef}
        id="sidebar"
        className={styles.sidebar}
        data-collapsed={collapsed}
        data-drawer-open={drawerOpen}
        data-testid="sidebar"
      >
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
    </>
  )
}
