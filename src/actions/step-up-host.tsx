import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import {
  stepUpMachine,
  type StepUpError,
  type StepUpMethod,
  type StepUpProof,
} from '../../machines/step-up.machine'
import type { ApiError } from '../api/api-error'
import { fetchMyFactors, stepUp } from '../api/mfa'
import { passkeyOptions } from '../api/auth'
import { isCeremonyRefusal, passkeyAssertion } from '../api/passkey-ceremony'
import { provideStepUp, type StepUpRun } from '../api/step-up'
import { saveTokens } from '../api/tokens'
import type { MyFactors, StepUpRequest } from '../contract/mfa'
import { createRequestSlot } from '../lib/request-actions'
import { Button } from '../ui/button'
import { Dialog } from '../ui/dialog'
import { Notice } from '../ui/notice'
import { TextField } from '../ui/text-field'
import * as styles from './step-up-host.css'

/** The checks a person can give: their factors, or the password when they have none. */
function methodsOf(factors: MyFactors): StepUpMethod[] {
  const methods: StepUpMethod[] = []
  if (factors.totp) methods.push('totp')
  if (factors.passkeys.length > 0) methods.push('webauthn')
  if (factors.recovery_codes_remaining > 0) methods.push('recovery')
  return methods.length > 0 ? methods : ['password']
}

async function prove(proof: StepUpProof, signal: AbortSignal) {
  if (proof.kind !== 'webauthn') {
    const request: StepUpRequest =
      proof.kind === 'password'
        ? { method: 'password', password: proof.password }
        : { method: proof.kind, code: proof.code }
    return stepUp(request, signal)
  }
  const { challenge_id, options } = await passkeyOptions({ purpose: 'step_up' }, signal)
  const response = await passkeyAssertion(options)
  return stepUp({ method: 'webauthn', challenge_id, response }, signal)
}

function refusal(error: unknown): { error: StepUpError; retryAfter?: number } {
  const candidate = error as Partial<ApiError> | null
  if (candidate?.name === 'ApiError' && candidate.kind === 'HTTP') {
    if (candidate.status === 429) return { error: 'throttled', retryAfter: candidate.retryAfter }
    if (candidate.status === 400) return { error: 'wrong' }
    return { error: 'failed' }
  }
  return isCeremonyRefusal(error) ? { error: 'passkey_cancelled' } : { error: 'failed' }
}

type Waiting = { resolve: (run: StepUpRun) => void; reject: (reason: Error) => void }

/**
 * Asked again before a decisive action (decision 077), once for the whole console: the API client
 * holds a request refused with `step_up_required` and asks here; this dialog takes the factor (or
 * the password), stores the fresh tokens and lets the client repeat the request once. The screen
 * that sent it stays as it was, with everything typed.
 */
export function StepUpHost() {
  const { LL } = useI18nContext()
  const [host] = useState(() => {
    const requests = createRequestSlot()
    // The refused request the client holds while the dialog asks.
    const waiting: { current: Waiting | null } = { current: null }
    return {
      requests,
      waiting,
      machine: stepUpMachine.provide({
        actions: {
          verify: ({ self }, { proof }) =>
            requests.start((signal) => prove(proof, signal), {
              ok: (pair) => {
                saveTokens(pair)
                self.send({ type: 'stepUp.verified' })
              },
              fail: (error) => self.send({ type: 'stepUp.refused', ...refusal(error) }),
            }),
          cancelCheck: () => requests.cancel(),
          repeat: ({ self }) => {
            waiting.current?.resolve({
              settled: (askedAgain) =>
                self.send({
                  type: askedAgain ? 'stepUp.repeat.askedAgain' : 'stepUp.repeat.answered',
                }),
            })
            waiting.current = null
          },
          abandon: () => {
            waiting.current?.reject(new Error('Step-up cancelled'))
            waiting.current = null
          },
        },
      }),
    }
  })
  const actor = useActorRef(host.machine)
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  useEffect(() => () => host.requests.cancel(), [host])

  useEffect(
    () =>
      provideStepUp(
        () =>
          new Promise<StepUpRun>((resolve, reject) => {
            host.waiting.current = { resolve, reject }
            fetchMyFactors().then(
              (factors) => actor.send({ type: 'stepUp.required', methods: methodsOf(factors) }),
              (error: unknown) => {
                host.waiting.current = null
                reject(error instanceof Error ? error : new Error('Factors unavailable'))
              },
            )
          }),
      ),
    [actor, host],
  )

  const asking = state === 'asking' || state === 'checking'
  return (
    <>
      <Dialog
        open={asking}
        onOpenChange={(open) => (open ? undefined : actor.send({ type: 'stepUp.cancel' }))}
        title={LL.stepUp.title()}
        description={LL.stepUp.why()}
      >
        {asking && (
          <StepUpForm
            methods={context.methods}
            error={context.error}
            retryAfter={context.retryAfter}
            checking={state === 'checking'}
            onSubmit={(proof) => actor.send({ type: 'stepUp.submit', proof })}
            onCancel={() => actor.send({ type: 'stepUp.cancel' })}
          />
        )}
      </Dialog>
      <Dialog
        open={state === 'failed'}
        onOpenChange={(open) => (open ? undefined : actor.send({ type: 'stepUp.dismiss' }))}
        title={LL.stepUp.title()}
        footer={
          <Button onClick={() => actor.send({ type: 'stepUp.dismiss' })}>
            {LL.common.close()}
          </Button>
        }
      >
        <Notice tone="danger">{LL.stepUp.askedAgain()}</Notice>
      </Dialog>
    </>
  )
}

type FormProps = {
  methods: readonly StepUpMethod[]
  error: StepUpError | null
  retryAfter: number | null
  checking: boolean
  onSubmit: (proof: StepUpProof) => void
  onCancel: () => void
}

function StepUpForm({ methods, error, retryAfter, checking, onSubmit, onCancel }: FormProps) {
  const { LL } = useI18nContext()
  const first: 'totp' | 'recovery' | 'password' = methods.includes('password')
    ? 'password'
    : methods.includes('totp') || !methods.includes('recovery')
      ? 'totp'
      : 'recovery'
  const [kind, setKind] = useState(first)
  const [value, setValue] = useState('')
  const [missing, setMissing] = useState(false)
  const typed = kind === 'password' ? value : value.trim()
  const codeMethod = methods.includes(kind)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The step-up form sits in a dialog above another form: its submit must not reach that one.
    event.stopPropagation()
    setMissing(typed === '')
    if (typed === '') return
    onSubmit(kind === 'password' ? { kind, password: typed } : { kind, code: typed })
  }

  const message = (() => {
    switch (error) {
      case 'wrong':
        return LL.stepUp.wrong()
      case 'throttled':
        return LL.factor.locked({ minutes: Math.ceil((retryAfter ?? 900) / 60) })
      case 'passkey_cancelled':
        return LL.factor.passkeyCancelled()
      case 'failed':
        return LL.errors.default_error()
      case null:
        return null
    }
  })()

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={checking}>
      {message && <Notice tone="danger">{message}</Notice>}
      {codeMethod && (
        <TextField
          key={kind}
          label={
            kind === 'password'
              ? LL.auth.password()
              : kind === 'totp'
                ? LL.factor.code()
                : LL.factor.recoveryCode()
          }
          name={kind === 'password' ? 'step-up-password' : 'step-up-code'}
          type={kind === 'password' ? 'password' : 'text'}
          autoComplete={
            kind === 'password' ? 'current-password' : kind === 'totp' ? 'one-time-code' : 'off'
          }
          inputMode={kind === 'totp' ? 'numeric' : undefined}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={missing ? LL.factor.codeRequired() : null}
          autoFocus
        />
      )}
      <div className={styles.choices}>
        {kind === 'totp' && methods.includes('recovery') && (
          <Button tone="ghost" size="sm" onClick={() => (setKind('recovery'), setValue(''))}>
            {LL.factor.useRecovery()}
          </Button>
        )}
        {kind === 'recovery' && methods.includes('totp') && (
          <Button tone="ghost" size="sm" onClick={() => (setKind('totp'), setValue(''))}>
            {LL.factor.useApp()}
          </Button>
        )}
        {methods.includes('webauthn') && (
          <Button
            tone="secondary"
            disabled={checking}
            autoFocus={!codeMethod}
            onClick={() => onSubmit({ kind: 'webauthn' })}
          >
            {LL.factor.usePasskey()}
          </Button>
        )}
      </div>
      <div className={styles.row}>
        <Button tone="secondary" onClick={onCancel}>
          {LL.common.cancel()}
        </Button>
        {codeMethod && (
          <Button type="submit" disabled={checking}>
            {checking ? LL.factor.checking() : LL.stepUp.confirm()}
          </Button>
        )}
      </div>
    </form>
  )
}
