import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { SETTLING_POLL_MS, deviceHoldingsOptions } from '../../api/lock-sync'
import type { Device } from '../../contract/devices'
import { pathTo } from '../../contract/pages'
import { LoadFailed } from '../../ui/load-failed'
import { CodesList, HoldingsList } from '../../ui/holdings-list'
import * as styles from '../../ui/holdings-list.css'
import * as deviceStyles from './devices.css'

/**
 * "What this lock holds" (decision 073): each credential with its state here, asked again every few
 * seconds while one is on its way, the offline codes it still honours and its key's version.
 */
export function LockHoldings({ device }: { device: Device }) {
  const { LL } = useI18nContext()
  const query = useQuery({
    ...deviceHoldingsOptions(device.device_id),
    refetchInterval: (q) =>
      q.state.data?.holdings.some((h) => h.state !== 'on_lock' && h.state !== 'removed')
        ? SETTLING_POLL_MS
        : false,
  })
  const data = query.data
  return (
    <section className={styles.section} aria-labelledby="lock-holdings">
      <h2 id="lock-holdings" className={styles.title}>
        {LL.lockSync.holdsTitle()}
      </h2>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <p className={styles.note}>{LL.common.loading()}</p>
      ) : (
        <>
          <p className={styles.note}>
            {LL.lockSync.keyVersion({ version: data.offline_key_version })}
          </p>
          {data.holdings.length === 0 ? (
            <p className={styles.note}>{LL.lockSync.holdsNone()}</p>
          ) : (
            <HoldingsList
              label={LL.lockSync.holdsTitle()}
              holdings={data.holdings}
              nameOf={(holding) => (
                <Link
                  className={deviceStyles.nameLink}
                  href={pathTo('credentials-edit', { id: holding.credential_id })}
                >
                  {holding.user_email ??
                    LL.lockSync.credentialNumber({ id: holding.credential_id })}
                </Link>
              )}
            />
          )}
          {data.codes.length === 0 ? null : (
            <>
              <h3 className={styles.title}>{LL.lockSync.codesTitle()}</h3>
              <CodesList codes={data.codes} />
            </>
          )}
        </>
      )}
    </section>
  )
}
