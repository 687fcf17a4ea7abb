import { useState, type FormEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { FactorMethod } from '../../../machines/session.machine'
import { useSession, useSessionActor } from '../../session/session-context'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import * as styles from './auth-form.css'

type CodeKind = 'totp' | 'recovery'

/** A throttled factor step waits this long when the answer names no Retry-After (docs/security.md). */
const LOCK_SECONDS = 15 * 60

/**
 * The sign-in's second step, after a right password: the authenticator app's code, a recovery
 * code, or a passkey, as the person has them. A wrong code keeps what was typed; five of them lock
 * the step for 15 minutes and say so.
 */
export function FactorStepScreen() {
  const { LL } = useI18nContext()
  const session = useSession()
  const actor = useSessionActor()
  const has = (method: FactorMethod) => session.methods.includes(method)
  const [kind, setKind] = useState<CodeKind>(has('totp') || !has('recovery') ? 'totp' : 'recovery')
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState(false)
  const busy = session.status === 'checkingFactor' || session.status === 'loadingProfile'
  const codeMethod = has(kind)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = code.trim()
    setMissing(typed === '')
    if (typed === '') return
    actor.send({ type: 'session.factor.submit', proof: { kind, code: typed } })
  }

  const switchTo = (next: CodeKind) => {
    setKind(next)
    setCode('')
    setMissing(false)
  }

  const failure = (() => {
    switch (session.error) {
      case 'factor':
        return <Notice tone="danger">{LL.factor.wrongCode()}</Notice>
      case 'throttled':
        return (
          <Notice tone="danger">
            {LL.factor.locked({ minutes: Math.ceil((session.retryAfter ?? LOCK_SECONDS) / 60) })}
          </Notice>
        )
      case 'passkey_cancelled':
        return <Notice tone="info">{LL.factor.passkeyCancelled()}</Notice>
      case null:
        return null
      default:
        return <Notice tone="danger">{LL.errors.default_error()}</Notice>
    }
  })()

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <h1 className={styles.title}>{LL.factor.title()}</h1>
      {failure}
      {codeMethod ? (
        <>
          <p className={styles.intro}>
            {kind === 'totp' ? LL.factor.totpIntro() : LL.factor.recoveryIntro()}
          </p>
          <TextField
            key={kind}
            label={kind === 'totp' ? LL.factor.code() : LL.factor.recoveryCode()}
            name={kind === 'totp' ? 'code' : 'recovery-code'}
            autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
            inputMode={kind === 'totp' ? 'numeric' : 'text'}
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={missing ? LL.factor.codeRequired() : null}
            autoFocus
          />
          <Button type="submit" block disabled={busy}>
            {busy ? LL.factor.checking() : LL.factor.continue()}
          </Button>
        </>
      ) : (
        <p className={styles.intro}>{LL.factor.passkeyIntro()}</p>
      )}
      {has('webauthn') && (
        <Button
          tone={codeMethod ? 'secondary' : 'primary'}
          block
          disabled={busy}
          autoFocus={!codeMethod}
          onClick={() => actor.send({ type: 'session.factor.submit', proof: { kind: 'webauthn' } })}
        >
          {LL.factor.usePasskey()}
        </Button>
      )}
      <div className={styles.links}>
        {kind === 'totp' && has('recovery') && (
          <button type="button" className={styles.linkButton} onClick={() => switchTo('recovery')}>
            {LL.factor.useRecovery()}
          </button>
        )}
        {kind === 'recovery' && has('totp') && (
          <button type="button" className={styles.linkButton} onClick={() => switchTo('totp')}>
            {LL.factor.useApp()}
          </button>
        )}
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => actor.send({ type: 'session.factor.cancel' })}
        >
          {LL.auth.backToSignIn()}
        </button>
      </div>
    </form>
  )
}
