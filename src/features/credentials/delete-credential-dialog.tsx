import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Credential } from '../../contract/credentials'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { useDeleteCredential } from './use-credential-mutations'

interface DeleteCredentialDialogProps {
  credential: Pick<Credential, 'credential_id'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** Asks before deleting; a refusal stays in the dialog, says why, and takes focus. */
export function DeleteCredentialDialog(props: DeleteCredentialDialogProps) {
  const { credential, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const remove = useDeleteCredential()
  const reasonRef = useRef<HTMLDivElement>(null)
  const reason = remove.error ? formFailure(remove.error) : null
  useEffect(() => {
    if (remove.error) reasonRef.current?.focus()
  }, [remove.error])
  const close = () => {
    remove.reset()
    onClose()
  }
  const confirm = () => {
    if (!credential) return
    remove.mutate(credential.credential_id, {
      onSuccess: () => {
        showToast(LL.credentials.deleted_notice({ id: credential.credential_id }))
        close()
        onDeleted?.()
      },
    })
  }
  return (
    <Dialog
      open={credential !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={LL.credentials.deleteTitle({ id: credential?.credential_id ?? '' })}
      description={LL.credentials.deleteBody()}
      hideClose
      footer={
        <>
          <Button tone="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button tone="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? LL.credentials.deleting() : LL.credentials.delete()}
          </Button>
        </>
      }
    >
      {reason ? (
        <Notice tone="danger" ref={reasonRef} tabIndex={-1}>
          {failureText(LL, reason)}
        </Notice>
      ) : null}
    </Dialog>
  )
}
