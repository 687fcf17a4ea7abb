import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { startPasswordReset } from '../../api/auth'
import { checkEmail, type ValidationKey } from '../../lib/validation'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import * as styles from './auth-form.css'

export function StartPasswordResetScreen() {
  const { LL } = useI18nContext()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<ValidationKey | null>(null)
  const send = useMutation({
    mutationFn: (address: string) => startPasswordReset(address),
    onError: (failure) => console.warn('Password reset request failed', failure),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = checkEmail(email)
    setError(problem)
    if (!problem) send.mutate(email.trim())
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={send.isPending}>
      <h1 className={styles.title}>{LL.auth.startResetTitle()}</h1>
      <p className={styles.intro}>{LL.auth.startResetIntro()}</p>
      {send.isSuccess ? (
        <Notice tone="success">{LL.auth.resetLinkSent({ email: send.variables })}</Notice>
      ) : null}
      {send.isError ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
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
      <Button type="submit" block disabled={send.isPending}>
        {send.isPending ? LL.auth.sending() : LL.auth.sendResetLink()}
      </Button>
      <div className={styles.links}>
        <Link href="/login">{LL.auth.backToSignIn()}</Link>
      </div>
    </form>
  )
}
