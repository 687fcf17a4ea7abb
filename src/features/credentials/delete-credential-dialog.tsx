import { useI18nContext } from '../../../i18n/i18n-react'
import type { Credential } from '../../contract/credentials'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteCredential } from './use-credential-mutations'

interface DeleteCredentialDialogProps {
  credential: Pick<Credential, 'credential_id'> | null
  onClose: () => void
  onDeleted?: () => void
}

export function DeleteCredentialDialog(props: DeleteCredentialDialogProps) {
  const { credential, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const id = credential?.credential_id ?? ''
  return (
    <ConfirmDialog
      target={credential?.credential_id ?? null}
      mutation={useDeleteCredential()}
      title={LL.credentials.deleteTitle({ id })}
      description={LL.credentials.deleteBody()}
      confirmLabel={LL.credentials.delete()}
      kind="destructive"
      pendingLabel={LL.credentials.deleting()}
      doneNotice={LL.credentials.deleted_notice({ id })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
