import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { resetFactors } from '../../api/mfa'
import type { User } from '../../contract/users'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Notice, showToast } from '../../ui/notice'
import { TextArea } from '../../ui/text-area'
import { fullName } from './user-names'

/**
 * An admin removes another person's second factors (a lost phone): journaled with the reason, and
 * the person must enrol again. Decisive: the server asks for a fresh check first, and the step-up
 * dialog asks over this one, which keeps the reason typed.
 */
export function FactorResetDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { LL } = useI18nContext()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const name = fullName(user)
  const reset = useMutation({
    mutationFn: () => resetFactors(user.user_id, reason.trim()),
    onSuccess: () => {
      showToast(LL.factorReset.done({ name }))
      onClose()
    },
  })
  const submit = () => {
    setMissing(reason.trim() === '')
    if (reason.trim() !== '') reset.mutate()
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || reset.isPending ? undefined : onClose())}
      title={LL.factorReset.title({ name })}
      description={LL.factorReset.intro()}
      footer={
        <>
          <Button tone="secondary" onClick={onClose} disabled={reset.isPending}>
            {LL.common.cancel()}
          </Button>
          <Button tone="danger" onClick={submit} disabled={reset.isPending}>
            {LL.factorReset.confirm()}
          </Button>
        </>
      }
    >
      <TextArea
        label={LL.factorReset.reason()}
        name="reason"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit()
        }}
        error={missing ? LL.factorReset.reasonRequired() : null}
        autoFocus
      />
      <p>{LL.stepUp.marker()}</p>
      {reset.isError ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
    </Dialog>
  )
}
