import { useI18nContext } from '../../../i18n/i18n-react'
import { useCommand } from '../../commands/use-command'
import type { Me } from '../../contract/users'
import { roleName } from '../../lib/role-name'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { useUi } from '../ui-store'
import { AccountMenu } from './account-menu'
import { Breadcrumb } from './breadcrumb'
import { IncidentBell } from './incident-bell'
import { TopBarSearch } from './top-bar-search'
import * as styles from './top-bar.css'

export function TopBar({ user }: { user: Me }) {
  const { LL } = useI18nContext()
  // A disclosure button names the state it changes ("Open menu"), not the command; it still runs
  // the registry's command, so the palette, a hotkey and this button do the same thing.
  const toggleSidebar = useCommand('sidebar.toggle')
  const drawerOpen = useUi((ui) => ui.drawerOpen)
  return (
    <header className={styles.bar}>
      <Button
        tone="ghost"
        size="icon"
        className={styles.menuButton}
        aria-label={drawerOpen ? LL.nav.closeMenu() : LL.nav.openMenu()}
        aria-expanded={drawerOpen}
        aria-controls="sidebar"
        onClick={toggleSidebar?.run}
        data-testid="drawer-toggle"
      >
        <Icon name="menu" />
      </Button>
      <div className={styles.crumbs}>
        <Breadcrumb />
      </div>
      <TopBarSearch />
      <IncidentBell />
      <div className={styles.identity} data-testid="identity">
        <span>{user.email}</span>
        <span className={styles.role}>
          {user.roles[0] ? roleName(LL, user.roles[0]) : LL.shell.noRole()}
        </span>
      </div>
      <AccountMenu user={user} />
    </header>
  )
}
