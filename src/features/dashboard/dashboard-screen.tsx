import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { routes } from '../../app/routes'
import { useSession } from '../../app/session/session-context'
import { greetingFor } from '../../lib/greeting'
import { Icon } from '../../ui/icon'
import * as styles from './dashboard-screen.css'

export function DashboardScreen() {
  const { LL } = useI18nContext()
  const { user, can } = useSession()
  if (!user) return null
  const name = user.first_name || user.username
  const greeting = greetingFor(new Date().getHours())
  const destinations = routes.filter(
    (route) => route.sidebar && route.path !== '/' && can(route.anyOf),
  )
  return (
    <section className={styles.page}>
      <h1 className={styles.greeting} data-testid="greeting" data-greeting={greeting}>
        {LL.dashboard[greeting]({ name })}
      </h1>
      <ul className={styles.facts}>
        <li>{LL.dashboard.signedInAs({ email: user.email })}</li>
        <li>{LL.dashboard.organization({ name: user.organization_name })}</li>
        <li>{LL.dashboard.role({ role: user.roles[0] ?? LL.shell.noRole() })}</li>
        <li>{LL.dashboard.permissionCount({ count: user.permissions.length })}</li>
      </ul>
      {destinations.length ? (
        <section aria-labelledby="dashboard-shortcuts">
          <h2 id="dashboard-shortcuts" className={styles.sectionTitle}>
            {LL.dashboard.shortcuts()}
          </h2>
          <ul className={styles.cards}>
            {destinations.map((route) => (
              <li key={route.id}>
                <Link href={route.path} className={styles.card}>
                  {route.sidebar ? <Icon name={route.sidebar.icon} size={24} /> : null}
                  {route.label(LL)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  )
}
