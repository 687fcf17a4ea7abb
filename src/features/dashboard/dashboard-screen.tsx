import { useI18nContext } from '../../../i18n/i18n-react'
import { useSession } from '../../session/session-context'
import { greetingFor } from '../../lib/greeting'
import { roleName } from '../../lib/role-name'
import { sprinkles } from '../../ui/sprinkles.css'
import { AtAGlance } from './at-a-glance'
import { devicesRead } from './dashboard-prefetch'
import * as styles from './dashboard-screen.css'
import { NeedsAttention } from './needs-attention'

export function DashboardScreen() {
  const { LL } = useI18nContext()
  const { user, can } = useSession()
  if (!user) return null
  const name = user.first_name || user.username
  const greeting = greetingFor(new Date().getHours())
  return (
    <section className={sprinkles({ display: 'flex', flexDirection: 'column', gap: 'lg' })}>
      <h1 className={styles.greeting} data-testid="greeting" data-greeting={greeting}>
        {LL.dashboard[greeting]({ name })}
      </h1>
      <ul className={styles.facts}>
        <li>{LL.dashboard.signedInAs({ email: user.email })}</li>
        <li>{LL.dashboard.organization({ name: user.organization_name })}</li>
        <li>
          {LL.dashboard.role({
            role: user.roles[0] ? roleName(LL, user.roles[0]) : LL.shell.noRole(),
          })}
        </li>
        <li>{LL.dashboard.permissionCount({ count: user.permissions.length })}</li>
      </ul>
      <AtAGlance can={can} />
      {/* Last, so its lists growing as they arrive push nothing down (no layout shift). */}
      {can(devicesRead) ? <NeedsAttention /> : null}
    </section>
  )
}
