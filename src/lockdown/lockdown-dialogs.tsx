import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { REASON_MAX, type Lockdown, type StartLockdown } from '../contract/lockdowns'
import { Button } from '../ui/button'
import { Checkbox } from '../ui/checkbox'
import { Dialog } from '../ui/dialog'
import { Notice } from '../ui/notice'
import { Select } from '../ui/select'
import { TextArea } from '../ui/text-area'
import * as styles from './lockdown.css'

/** A scope the start dialog offers: the location, one of its floors, or the whole organization. */
export interface ScopeChoice {
  scope_type: StartLockdown['scope_type']
  scope_id: number
  name: string
}

const scopeKey = (scope: Pick<ScopeChoice, 'scope_type' | 'scope_id'>) =>
  `${scope.scope_type}:${scope.scope_id}`

/** Ctrl/⌘+Enter submits a dialog's form from its text area, as everywhere. */
function submitOnModEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault()
    event.currentTarget.requestSubmit()
  }
}

interface StartProps {
  open: boolean
  scopes: readonly ScopeChoice[]
  /** The scope chosen when the dialog opens. */
  initial: ScopeChoice
  busy: boolean
  /** The server's refusal in words, or null. */
  refusal: string | null
  onConfirm: (start: StartLockdown) => void
  onClose: () => void
}

/** "Lock down …": what (location, floor, organization), why, and a confirmation box. */
export function StartLockdownDialog(props: StartProps) {
  const { open, scopes, initial, busy, refusal, onConfirm, onClose } = props
  const { LL } = useI18nContext()
  const [scope, setScope] = useState(scopeKey(initial))
  const [reason, setReason] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const chosen = scopes.find((s) => scopeKey(s) === scope) ?? initial
  const reasonError = submitted && reason.trim() === '' ? LL.lockdown.reasonRequired() : null
  const confirmError = submitted && !confirmed ? LL.lockdown.confirmRequired() : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (busy || reason.trim() === '' || !confirmed) return
    onConfirm({ scope_type: chosen.scope_type, scope_id: chosen.scope_id, reason: reason.trim() })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={LL.lockdown.lockDownScope({ scope: chosen.name })}
      description={LL.lockdown.startIntro()}
    >
      <form className={styles.fields} onSubmit={submit} onKeyDown={submitOnModEnter} noValidate>
        <Select
          name="scope"
          label={LL.lockdown.scope()}
          value={scope}
          options={scopes.map((s) => ({
            value: scopeKey(s),
            label: LL.lockdown.scopeOption[s.scope_type]({ name: s.name }),
          }))}
          onChange={(event) => setScope(event.target.value)}
        />
        <TextArea
          name="reason"
          label={LL.lockdown.reason()}
          hint={LL.lockdown.reasonHint()}
          required
          maxLength={REASON_MAX}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
        <Checkbox
          name="confirm"
          label={LL.lockdown.confirm()}
          checked={confirmed}
          error={confirmError}
          onCheckedChange={setConfirmed}
        />
        {refusal ? <Notice tone="danger">{refusal}</Notice> : null}
        <div className={styles.actions}>
          <Button tone="secondary" onClick={onClose}>
            {LL.common.cancel()}
          </Button>
          <Button tone="danger" type="submit" disabled={busy}>
            {LL.lockdown.submit()}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

interface ReleaseProps {
  open: boolean
  lockdown: Lockdown
  busy: boolean
  refusal: string | null
  onClose: () => void
}

/** One person asks for the release, with a reason; a second must approve in time. */
export function RequestReleaseDialog(
  props: ReleaseProps & { minutes: number; onConfirm: (reason: string) => void },
) {
  const { open, lockdown, busy, refusal, onClose, onConfirm, minutes } = props
  const { LL } = useI18nContext()
  const [reason, setReason] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const reasonError = submitted && reason.trim() === '' ? LL.lockdown.reasonRequired() : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (busy || reason.trim() === '') return
    onConfirm(reason.trim())
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={LL.lockdown.requestTitle({ scope: lockdown.scope_name })}
      description={LL.lockdown.requestIntro({ minutes })}
    >
      <form className={styles.fields} onSubmit={submit} onKeyDown={submitOnModEnter} noValidate>
        <TextArea
          name="release-reason"
          label={LL.lockdown.reason()}
          required
          maxLength={REASON_MAX}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
        {refusal ? <Notice tone="danger">{refusal}</Notice> : null}
        <div className={styles.actions}>
          <Button tone="secondary" onClick={onClose}>
            {LL.common.cancel()}
          </Button>
          <Button tone="primary" type="submit" disabled={busy}>
            {LL.lockdown.requestSubmit()}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** The second person's step: who asked and why, then Approve. */
export function ApproveReleaseDialog(props: ReleaseProps & { onConfirm: () => void }) {
  const { open, lockdown, busy, refusal, onClose, onConfirm } = props
  const { LL } = useI18nContext()
  const release = lockdown.release
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={LL.lockdown.approveTitle({ scope: lockdown.scope_name })}
      description={
        release
          ? LL.lockdown.approveIntro({ email: release.requested_by.email, reason: release.reason })
          : undefined
      }
      hideClose
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            {LL.common.cancel()}
          </Button>
          <Button tone="primary" onClick={onConfirm} disabled={busy}>
            {LL.lockdown.approveSubmit()}
          </Button>
        </>
      }
    >
      {refusal ? <Notice tone="danger">{refusal}</Notice> : null}
    </Dialog>
  )
}
