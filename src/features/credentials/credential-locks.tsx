import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { credentialDetail } from '../../api/credentials'
import { SETTLING_POLL_MS } from '../../api/lock-sync'
import type { CredentialDetail } from '../../contract/lock-sync'
import { usePerform } from '../../actions/action-host'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { CodesList, HoldingsList } from '../../ui/holdings-list'
import * as styles from '../../ui/holdings-list.css'
import { reissueCodeAction } from './credential-actions'

/** Something on its way to or off a lock: a credential's change, or a code's withdrawal. */
const unsettled = (detail: CredentialDetail | undefined) =>
  (detail?.locks.some((l) => l.state !== 'on_lock' && l.state !== 'removed') ?? false) ||
  (detail?.codes.some((c) => c.withdrawing) ?? false)

/**
 * The credential's state on each lock that must hold it, asked again every few seconds while a
 * change or a code's withdrawal is on its way, and its offline codes still valid with their lock and end, each with Reissue.
 */
export function CredentialLocks({ credential }: { credential: CredentialDetail }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const query = useQuery({
    ...credentialDetail(credential.credential_id),
    refetchInterval: (q) => (unsettled(q.state.data) ? SETTLING_POLL_MS : false),
  })
  const detail = query.data ?? credential
  const mayReissue = can(reissueCodeAction.needs.anyOf ?? [])
  return (
    <section className={styles.section} aria-labelledby="credential-locks">
      <h2 id="credential-locks" className={styles.title}>
        {LL.lockSync.title()}
      </h2>
      {detail.locks.length === 0 ? (
        <p className={styles.note}>{LL.lockSync.none()}</p>
      ) : (
        <HoldingsList
          label={LL.lockSync.title()}
          holdings={detail.locks}
          nameOf={(holding) => holding.device_name}
        />
      )}
      <h3 className={styles.title}>{LL.lockSync.codesTitle()}</h3>
      {detail.codes.length === 0 ? (
        <p className={styles.note}>{LL.lockSync.codesNone()}</p>
      ) : (
        <CodesList
          codes={detail.codes}
          action={() =>
            mayReissue ? (
              <Button size="sm" tone="secondary" onClick={() => perform(reissueCodeAction, detail)}>
                {reissueCodeAction.label(LL)}
              </Button>
            ) : null
          }
        />
      )}
      {detail.permanent && detail.codes.length > 0 ? (
        <p className={styles.note}>{LL.lockSync.yearNote()}</p>
      ) : null}
    </section>
  )
}
