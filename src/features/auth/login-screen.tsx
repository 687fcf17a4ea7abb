import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { useSession, useSessionActor } from '../../session/session-context'
import { checkPasswordPresent, checkUsername, type ValidationKey } from '../../lib/validation'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import * as styles from './auth-form.css'

type Errors = { username: ValidationKey | null; password: ValidationKey | null }

export function LoginScreen() {
  const { LL } = useI18nContext()
  const session = useSession()
  const actor = useSessionActor()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({ username: null, password: null })
  const busy = session.status === 'signingIn' || session.status === 'loadingProfile'

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const next = { username: checkUsername(username), password: checkPasswordPresent(password) }
    setErrors(next)
    if (next.username || next.password) return
    actor.send({
      type: 'session.signIn',
      request: { kind: 'password', username: username.trim(), password },
    })
  }

  const failure = (() => {
    switch (session.error) {
      case 'credentials':
        return <Notice tone="danger">{LL.errors.auth_error()}</Notice>
      case 'throttled':
        return (
          <Notice tone="danger">
            {LL.auth.tooManyAttempts({ seconds: session.retryAfter ?? 60 })}
          </Notice>
        )
      case 'expired':
        return <Notice tone="info">{LL.auth.sessionExpired()}</Notice>
      case 'challenge_expired':
        return <Notice tone="info">{LL.factor.challengeExpired()}</Notice>
      case 'passkey_cancelled':
        return <Notice tone="info">{LL.factor.passkeyCancelled()}</Notice>
      case 'passwordless_refused':
        return <Notice tone="danger">{LL.factor.passwordlessRefused()}</Notice>
      case null:
        return null
      default:
        return <Notice tone="danger">{LL.errors.default_error()}</Notice>
    }
  })()

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <h1 className={styles.title}>{LL.auth.signInTitle()}</h1>
      <p className={styles.intro}>{LL.auth.signInIntro()}</p>
      {failure}
      <TextField
        label={LL.auth.username()}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.username ? LL.validation[errors.username]() : null}
        autoFocus
      />
      <TextField
        label={LL.auth.password()}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password ? LL.validation[errors.password]() : null}
      />
      <Button type="submit" block disabled={busy}>
        {busy ? LL.auth.signingIn() : LL.auth.signIn()}
      </Button>
      <Button
        tone="secondary"
        block
        disabled={busy}
        onClick={() => actor.send({ type: 'session.signIn', request: { kind: 'passkey' } })}
      >
        {LL.factor.signInWithPasskey()}
      </Button>
      <div className={styles.links}>
        <Link href="/start-password-reset">{LL.auth.forgotPassword()}</Link>
      </div>
    </form>
  )
}
