import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { startPasswordReset } from '../../api/auth'
import { checkEmail, type ValidationKey } from '../../lib/validation'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import * as styles from './auth-form.css'

type SendState = { status: 'idle' | 'pending' | 'failed' } | { status: 'sent'; email: string }

export function StartPasswordResetScreen() {
  const { LL } = useI18nContext()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<ValidationKey | null>(null)
  // Plain state, not React Query: guest pages stay free of the data layer (the /login JS budget).
  const [send, setSend] = useState<SendState>({ status: 'idle' })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = checkEmail(email)
    setError(problem)
    if (problem || send.status === 'pending') return
    const address = email.trim()
    setSend({ status: 'pending' })
    startPasswordReset(address).then(
      () => setSend({ status: 'sent', email: address }),
      (failure: unknown) => {
        // Requirements R8.4: reset failures are logged; the form shows only the generic message.
        console.warn('Password reset request failed', failure)
        setSend({ status: 'failed' })
      },
    )
  }
  const pending = send.status === 'pending'

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={pending}>
      <h1 className={styles.title}>{LL.auth.startResetTitle()}</h1>
      <p className={styles.intro}>{LL.auth.startResetIntro()}</p>
      {send.status === 'sent' ? (
        <Notice tone="success">{LL.auth.resetLinkSent({ email: send.email })}</Notice>
      ) : null}
      {send.status === 'failed' ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
      <TextField
        label={LL.auth.email()}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ? LL.validation[error]() : null}
        autoFocus
      />
      <Button type="submit" block disabled={pending}>
        {pending ? LL.auth.sending() : LL.auth.sendResetLink()}
      </Button>
      <div className={styles.links}>
        <Link href="/login">{LL.auth.backToSignIn()}</Link>
      </div>
    </form>
  )
}
