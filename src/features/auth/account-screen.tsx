import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { fetchMyFactors, mfaKeys, newRecoveryCodes, removeTotp } from '../../api/mfa'
import type { EnrolmentDone, MyFactors } from '../../contract/mfa'
import { Button } from '../../ui/button'
import { LoadFailed } from '../../ui/load-failed'
import { LoadingBar } from '../../ui/loading'
import { FullMoment, useLogTime } from '../../ui/moment'
import { Notice, showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { PasskeysSection } from './passkeys-section'
import * as styles from './factors.css'
import { SessionsSection } from './sessions-section'
import { RecoveryCodesShown, TotpEnrolment } from './totp-enrolment'

/**
 * Your account, from the account menu: the authenticator app, passkeys, recovery codes and the
 * browsers signed in as you. Removing a factor and new recovery codes are decisive: the server
 * asks for a fresh check first, and the step-up dialog takes it (src/actions/step-up-host.tsx).
 */
export function AccountScreen() {
  const { LL } = useI18nContext()
  const factors = useQuery({
    queryKey: mfaKeys.factors,
    queryFn: ({ signal }) => fetchMyFactors(signal),
  })
  // Recovery codes the server just made: shown here once, then forgotten.
  const [codes, setCodes] = useState<string[] | null>(null)
  return (
    <Page title={LL.account.title()} intro={LL.account.intro()}>
      {factors.isPending ? (
        <LoadingBar label={LL.common.loading()} />
      ) : factors.isError ? (
        <LoadFailed error={factors.error} onRetry={() => void factors.refetch()} />
      ) : codes ? (
        <RecoveryCodesShown codes={codes} onSaved={() => setCodes(null)} />
      ) : (
        <>
          {factors.data.can_enrol ? null : <Notice tone="info">{LL.account.sharedDemo()}</Notice>}
          {factors.data.required ? <Notice tone="info">{LL.account.required()}</Notice> : null}
          <AppSection factors={factors.data} onCodes={setCodes} />
          <PasskeysSection factors={factors.data} onCodes={setCodes} />
          <RecoverySection factors={factors.data} onCodes={setCodes} />
        </>
      )}
      <SessionsSection />
    </Page>
  )
}

type SectionProps = { factors: MyFactors; onCodes: (codes: string[]) => void }

function AppSection({ factors, onCodes }: SectionProps) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const { now, exact } = useLogTime()
  const [enrolling, setEnrolling] = useState(false)
  const refetch = () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors })
  const remove = useMutation({
    mutationFn: removeTotp,
    onSuccess: () => {
      showToast(LL.account.appRemoved())
      return refetch()
    },
  })
  const enrolled = (done: EnrolmentDone) => {
    setEnrolling(false)
    showToast(LL.account.appAdded())
    if (done.recovery_codes) onCodes(done.recovery_codes)
    void refetch()
  }
  return (
    <section className={styles.section} aria-labelledby="account-app">
      <h2 id="account-app" className={styles.subtitle}>
        {LL.account.app()}
      </h2>
      {factors.totp ? (
        <div className={styles.row}>
          <p className={styles.muted}>
            {LL.account.appOn()} <FullMoment at={factors.totp.created_at} now={now} exact={exact} />
          </p>
          <Button tone="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {LL.account.removeApp()}
          </Button>
        </div>
      ) : enrolling ? (
        <TotpEnrolment challenge={null} onDone={enrolled} />
      ) : (
        <div className={styles.row}>
          <p className={styles.muted}>{LL.account.appOff()}</p>
          <Button disabled={!factors.can_enrol} onClick={() => setEnrolling(true)}>
            {LL.account.addApp()}
          </Button>
        </div>
      )}
      {remove.isError ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
    </section>
  )
}

function RecoverySection({ factors, onCodes }: SectionProps) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const renew = useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: (answer) => {
      onCodes(answer.recovery_codes)
      return queryClient.invalidateQueries({ queryKey: mfaKeys.factors })
    },
  })
  const hasFactor = factors.totp !== null || factors.passkeys.length > 0
  return (
    <section className={styles.section} aria-labelledby="account-recovery">
      <h2 id="account-recovery" className={styles.subtitle}>
        {LL.account.recovery()}
      </h2>
      <div className={styles.row}>
        <p className={styles.muted} data-testid="recovery-remaining">
          {LL.account.recoveryLeft({ count: factors.recovery_codes_remaining })}
        </p>
        <Button
          tone="secondary"
          disabled={!hasFactor || renew.isPending}
          onClick={() => renew.mutate()}
        >
          {LL.account.newCodes()}
        </Button>
      </div>
      {renew.isError ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
    </section>
  )
}
