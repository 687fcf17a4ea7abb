import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { endUserSession, fetchUserSessions, mfaKeys } from '../../api/mfa'
import type { Session } from '../../contract/mfa'
import type { User } from '../../contract/users'
import { LoadFailed } from '../../ui/load-failed'
import { LoadingBar } from '../../ui/loading'
import { Notice, showToast } from '../../ui/notice'
import { SessionList } from '../../ui/session-list'
import { fullName } from './user-names'
import * as styles from './users.css'

/**
 * A person's sessions on their page, for whoever may change them (`users:update`, or `:org` in
 * their organization): a lost laptop's session ends here, journaled, and its next refresh answers
 * 401 (decision 077).
 */
export function UserSessions({ user }: { user: User }) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const key = mfaKeys.userSessions(user.user_id)
  const sessions = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchUserSessions(user.user_id, signal),
  })
  const end = useMutation({
    mutationFn: (session: Session) => endUserSession(user.user_id, session.session_id),
    onSuccess: () => {
      showToast(LL.account.sessionEnded())
      return queryClient.invalidateQueries({ queryKey: key })
    },
  })
  const title = LL.users.sessionsOf({ name: fullName(user) })
  return (
    <section className={styles.section} aria-labelledby="user-sessions">
      <h2 id="user-sessions" className={styles.sectionTitle}>
        {title}
      </h2>
      {sessions.isPending ? (
        <LoadingBar label={LL.common.loading()} />
      ) : sessions.isError ? (
        <LoadFailed error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.data.length === 0 ? (
        <p>{LL.users.noSessions()}</p>
      ) : (
        <SessionList
          sessions={sessions.data.data}
          label={title}
          onEnd={(session) => end.mutate(session)}
        />
      )}
      {end.isError ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
    </section>
  )
}
