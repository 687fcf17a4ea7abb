import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Organization } from '../../contract/organizations'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Notice, showToast } from '../../ui/notice'
import { useDeleteOrganization } from './use-organization-mutations'

interface DeleteOrganizationDialogProps {
  organization: Pick<Organization, 'organization_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** Asks before deleting; a failure stays in the dialog so the user can retry or cancel. */
export function DeleteOrganizationDialog(props: DeleteOrganizationDialogProps) {
  const { organization, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const remove = useDeleteOrganization()
  const [failed, setFailed] = useState(false)
  const close = () => {
    setFailed(false)
    remove.reset()
    onClose()
  }
  const confirm = () => {
    if (!organization) return
    setFailed(false)
    remove.mutate(organization.organization_id, {
      onSuccess: () => {
        showToast(LL.organizations.deleted_notice({ name: organization.name }))
        close()
        onDeleted?.()
      },
      onError: () => setFailed(true),
    })
  }
  return (
    <Dialog
      open={organization !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={LL.organizations.deleteTitle({ name: organization?.name ?? '' })}
      description={LL.organizations.deleteBody()}
      hideClose
      footer={
        <>
          <Button tone="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button tone="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? LL.organizations.deleting() : LL.organizations.delete()}
          </Button>
        </>
      }
    >
      {failed ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
    </Dialog>
  )
}
