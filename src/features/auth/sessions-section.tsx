import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { endMySession, endOtherSessions, fetchMySessions, mfaKeys } from '../../api/mfa'
import type { Session } from '../../contract/mfa'
import { Button } from '../../ui/button'
import { LoadFailed } from '../../ui/load-failed'
import { LoadingBar } from '../../ui/loading'
import { Notice, showToast } from '../../ui/notice'
import { SessionList } from '../../ui/session-list'
import * as styles from './factors.css'

/**
 * The browsers signed in as me, each a refresh-token family: ending one revokes it, and its next
 * refresh answers 401; its access token stops working within the principal cache's time.
 */
export function SessionsSection() {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const sessions = useQuery({
    queryKey: mfaKeys.sessions,
    queryFn: ({ signal }) => fetchMySessions(signal),
  })
  const refetch = () => queryClient.invalidateQueries({ queryKey: mfaKeys.sessions })
  const end = useMutation({
    mutationFn: (session: Session) => endMySession(session.session_id),
    onSuccess: () => {
      showToast(LL.account.sessionEnded())
      return refetch()
    },
  })
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ ended }) => {
      showToast(LL.account.othersEnded({ count: ended }))
      return refetch()
    },
  })
  const others = sessions.data?.data.filter((session) => !session.current).length ?? 0
  return (
    <section className={styles.section} aria-labelledby="account-sessions">
      <div className={styles.row}>
        <h2 id="account-sessions" className={`${styles.subtitle} ${styles.grow}`}>
          {LL.account.sessions()}
        </h2>
        <Button
          tone="secondary"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {LL.account.endOthers()}
        </Button>
      </div>
      {sessions.isPending ? (
        <LoadingBar label={LL.common.loading()} />
      ) : sessions.isError ? (
        <LoadFailed error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <SessionList
          sessions={sessions.data.data}
          label={LL.account.sessions()}
          onEnd={(session) => end.mutate(session)}
        />
      )}
      {end.isError || endOthers.isError ? (
        <Notice tone="danger">{LL.errors.default_error()}</Notice>
      ) : null}
    </section>
  )
}
