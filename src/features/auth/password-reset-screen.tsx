import { useState, type FormEvent } from 'react'
import { Link, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { useSession, useSessionActor } from '../../session/session-context'
import { checkConfirmation, checkNewPassword, type ValidationKey } from '../../lib/validation'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import * as styles from './auth-form.css'

type Errors = { password: ValidationKey | null; confirmation: ValidationKey | null }

/** Reached from the link in the reset or invite mail; a valid token signs the user in. */
export function PasswordResetScreen() {
  const { LL } = useI18nContext()
  const session = useSession()
  const actor = useSessionActor()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [errors, setErrors] = useState<Errors>({ password: null, confirmation: null })
  const busy = session.status === 'signingIn' || session.status === 'loadingProfile'

  if (token === '')
    return (
      <div className={styles.form}>
        <h1 className={styles.title}>{LL.auth.resetTitle()}</h1>
        <Notice tone="warning">{LL.auth.missingToken()}</Notice>
        <Link href="/start-password-reset">{LL.auth.requestNewLink()}</Link>
      </div>
    )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const next = {
      password: checkNewPassword(password),
      confirmation: checkConfirmation(password, confirmation),
    }
    setErrors(next)
    if (next.password || next.confirmation) return
    actor.send({ type: 'session.signIn', request: { kind: 'reset', token, newPassword: password } })
  }

  const failure = (() => {
    switch (session.error) {
      case 'reset_link':
        return <Notice tone="danger">{LL.errors.resetFailed()}</Notice>
      case 'throttled':
        return (
          <Notice tone="danger">
            {LL.auth.tooManyAttempts({ seconds: session.retryAfter ?? 60 })}
          </Notice>
        )
      case 'failed':
      case 'profile':
        return <Notice tone="danger">{LL.errors.default_error()}</Notice>
      default:
        return null
    }
  })()

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <h1 className={styles.title}>{LL.auth.resetTitle()}</h1>
      <p className={styles.intro}>{LL.auth.resetIntro()}</p>
      {failure}
      <TextField
        label={LL.auth.newPassword()}
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password ? LL.validation[errors.password]() : null}
        autoFocus
      />
      <TextField
        label={LL.auth.confirmPassword()}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={errors.confirmation ? LL.validation[errors.confirmation]() : null}
      />
      <Button type="submit" block disabled={busy}>
        {LL.auth.setPassword()}
      </Button>
      <div className={styles.links}>
        <Link href="/start-password-reset">{LL.auth.requestNewLink()}</Link>
        <Link href="/login">{LL.auth.backToSignIn()}</Link>
      </div>
    </form>
  )
}
