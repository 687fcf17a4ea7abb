import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { fetchLockdowns, lockdownKeys, LOCKDOWN_POLL_MS } from '../../api/lockdowns'
import { pathTo } from '../../contract/pages'
import { LoadFailed } from '../../ui/load-failed'
import { CenteredSpinner } from '../../ui/loading'
import { Page } from '../../ui/page'
import * as styles from './lockdowns.css'

/** /lockdowns — the organization's lockdowns, newest first, each linking to its page. */
export function LockdownsScreen() {
  const { LL, locale } = useI18nContext()
  const query = useQuery({
    queryKey: lockdownKeys.list(),
    queryFn: ({ signal }) => fetchLockdowns(signal),
    refetchInterval: LOCKDOWN_POLL_MS,
  })
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const lockdowns = query.data?.data
  return (
    <Page title={LL.lockdown.listTitle()}>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !lockdowns ? (
        <CenteredSpinner label={LL.common.loading()} />
      ) : lockdowns.length === 0 ? (
        <p className={styles.muted}>{LL.lockdown.none()}</p>
      ) : (
        <table className={styles.table} data-testid="lockdowns">
          <thead>
            <tr>
              <th className={styles.cell} scope="col">
                {LL.lockdown.fields.scope()}
              </th>
              <th className={styles.cell} scope="col">
                {LL.lockdown.fields.state()}
              </th>
              <th className={styles.cell} scope="col">
                {LL.lockdown.fields.reason()}
              </th>
              <th className={styles.cell} scope="col">
                {LL.lockdown.fields.started()}
              </th>
            </tr>
          </thead>
          <tbody>
            {lockdowns.map((lockdown) => (
              <tr key={lockdown.lockdown_id}>
                <td className={styles.cell}>
                  <Link
                    className={styles.link}
                    href={pathTo('lockdowns-view', { id: lockdown.lockdown_id })}
                  >
                    {lockdown.scope_name}
                  </Link>
                </td>
                <td className={styles.cell}>{LL.lockdown.states[lockdown.state]()}</td>
                <td className={styles.cell}>{lockdown.reason}</td>
                <td className={styles.cell}>
                  {LL.lockdown.byAt({
                    email: lockdown.started_by.email,
                    time: exact.format(Date.parse(lockdown.started_at)),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  )
}
