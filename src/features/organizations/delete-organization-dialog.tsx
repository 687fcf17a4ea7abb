import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Organization } from '../../contract/organizations'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { useDeleteOrganization } from './use-organization-mutations'

interface DeleteOrganizationDialogProps {
  organization: Pick<Organization, 'organization_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** Asks before deleting; a refusal stays in the dialog, says why, and takes focus. */
export function DeleteOrganizationDialog(props: DeleteOrganizationDialogProps) {
  const { organization, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const remove = useDeleteOrganization()
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
    if (!organization) return
    remove.mutate(organization.organization_id, {
      onSuccess: () => {
        showToast(LL.organizations.deleted_notice({ name: organization.name }))
        close()
        onDeleted?.()
      },
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
      {reason ? (
        <Notice tone="danger" ref={reasonRef} tabIndex={-1}>
          {failureText(LL, reason)}
        </Notice>
      ) : null}
    </Dialog>
  )
}
