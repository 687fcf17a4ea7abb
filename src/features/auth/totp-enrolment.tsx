import { useEffect, useEffectEvent, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { isHttpStatus } from '../../api/client'
import { confirmTotp, startTotpEnrolment } from '../../api/mfa'
import type { EnrolmentDone, TotpEnrolment as PendingSecret } from '../../contract/mfa'
import { Button } from '../../ui/button'
import { LoadFailed } from '../../ui/load-failed'
import { LoadingBar } from '../../ui/loading'
import { TextField } from '../../ui/text-field'
import * as styles from './factors.css'

type Props = {
  /** The sign-in's enrol-only token, or null for a signed-in person (the account page). */
  challenge: string | null
  onDone: (done: EnrolmentDone) => void
  /** The enrol-only token was refused as lapsed (401): the sign-in must start again. */
  onLapsed?: () => void
}

/**
 * An authenticator app's enrolment: the QR code (an SVG made by the server with a QR library),
 * the setup key as text for people who cannot scan, and the first code, which confirms it.
 */
export function TotpEnrolment({ challenge, onDone, onLapsed }: Props) {
  const { LL } = useI18nContext()
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState(false)
  // A new pending secret per mount: it is the person's only until the first code confirms it.
  // Plain state rather than react-query: at the sign-in there is no query client yet.
  const [attempt, setAttempt] = useState(0)
  const [secret, setSecret] = useState<PendingSecret | Error | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const lapsed = (error: unknown) => challenge !== null && isHttpStatus(error, 401)
  const startFailed = useEffectEvent((error: unknown) => {
    if (lapsed(error)) onLapsed?.()
    else setSecret(error instanceof Error ? error : new Error('failed'))
  })
  useEffect(() => {
    let current = true
    startTotpEnrolment(challenge).then(
      (answer) => current && setSecret(answer),
      (error: unknown) => current && startFailed(error),
    )
    return () => {
      current = false
    }
  }, [challenge, attempt])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = code.trim()
    setMissing(typed === '')
    if (typed === '' || confirming) return
    setConfirming(true)
    setFailure(null)
    confirmTotp(typed, challenge).then(onDone, (error: unknown) => {
      setConfirming(false)
      if (lapsed(error)) onLapsed?.()
      else setFailure(error)
    })
  }

  if (secret === null) return <LoadingBar label={LL.common.loading()} />
  if (secret instanceof Error)
    return (
      <LoadFailed
        error={secret}
        onRetry={() => {
          setSecret(null)
          setAttempt((count) => count + 1)
        }}
      />
    )
  const wrong = isHttpStatus(failure, 400)
  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-busy={confirming}>
      <p className={styles.muted}>{LL.enrol.scan()}</p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;base64,${btoa(secret.qr_svg)}`}
        alt={LL.enrol.qrAlt()}
        width={200}
        height={200}
      />
      <p className={styles.muted}>{LL.enrol.cannotScan()}</p>
      <p>
        <span className={styles.label}>{LL.enrol.secret()}: </span>
        <code className={styles.secret} data-testid="totp-secret">
          {secret.secret}
        </code>
      </p>
      <TextField
        label={LL.enrol.firstCode()}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={
          missing
            ? LL.factor.codeRequired()
            : wrong
              ? LL.enrol.wrongCode()
              : failure !== null
                ? LL.errors.default_error()
                : null
        }
      />
      <div className={styles.row}>
        <Button type="submit" disabled={confirming}>
          {confirming ? LL.enrol.confirming() : LL.enrol.confirm()}
        </Button>
      </div>
    </form>
  )
}

/** The 10 recovery codes, shown this once: copy, download, and a button that says they are kept. */
export function RecoveryCodesShown({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { LL } = useI18nContext()
  const [copied, setCopied] = useState(false)
  const text = codes.join('\n')
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => undefined,
    )
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <section className={styles.stack} aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className={styles.subtitle}>
        {LL.enrol.recoveryTitle()}
      </h2>
      <p className={styles.muted}>{LL.enrol.recoveryIntro()}</p>
      <ol className={styles.codes} data-testid="recovery-codes">
        {codes.map((value) => (
          <li key={value}>
            <code>{value}</code>
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <Button tone="secondary" onClick={copy}>
          {copied ? LL.enrol.copied() : LL.enrol.copy()}
        </Button>
        <Button tone="secondary" onClick={download}>
          {LL.enrol.download()}
        </Button>
        <Button onClick={onSaved}>{LL.enrol.saved()}</Button>
      </div>
    </section>
  )
}
