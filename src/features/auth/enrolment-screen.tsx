import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { saveTokens } from '../../api/tokens'
import type { EnrolmentDone } from '../../contract/mfa'
import { challengeToken } from '../../session/factor-challenge'
import { useSessionActor } from '../../session/session-context'
import * as styles from './auth-form.css'
import { RecoveryCodesShown, TotpEnrolment } from './totp-enrolment'

/**
 * A person the policy requires to hold a second factor and who has none: this is all they see
 * after the password, with the enrol-only token. The confirmed enrolment answers a full session,
 * stored only after the recovery codes were shown.
 */
export function EnrolmentScreen() {
  const { LL } = useI18nContext()
  const actor = useSessionActor()
  const [challenge] = useState(challengeToken)
  const [done, setDone] = useState<EnrolmentDone | null>(null)

  const enter = (answer: EnrolmentDone) => {
    if (answer.tokens) saveTokens(answer.tokens)
    actor.send({ type: 'session.enrolment.completed' })
  }

  return (
    <div className={styles.form}>
      <h1 className={styles.title}>{LL.enrol.title()}</h1>
      <p className={styles.intro}>{LL.enrol.required()}</p>
      {done?.recovery_codes ? (
        <RecoveryCodesShown codes={done.recovery_codes} onSaved={() => enter(done)} />
      ) : (
        <TotpEnrolment
          challenge={challenge}
          onDone={(answer) => (answer.recovery_codes ? setDone(answer) : enter(answer))}
          onLapsed={() => actor.send({ type: 'session.ended' })}
        />
      )}
      <div className={styles.links}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => actor.send({ type: 'session.signOut' })}
        >
          {LL.enrol.signOut()}
        </button>
      </div>
    </div>
  )
}
