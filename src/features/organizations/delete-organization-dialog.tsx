import { useI18nContext } from '../../../i18n/i18n-react'
import type { Organization } from '../../contract/organizations'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteOrganization } from './use-organization-mutations'

interface DeleteOrganizationDialogProps {
  organization: Pick<Organization, 'organization_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

export function DeleteOrganizationDialog(props: DeleteOrganizationDialogProps) {
  const { organization, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const name = organization?.name ?? ''
  return (
    <ConfirmDialog
      target={organization?.organization_id ?? null}
      mutation={useDeleteOrganization()}
      title={LL.organizations.deleteTitle({ name })}
      description={LL.organizations.deleteBody()}
      confirmLabel={LL.organizations.delete()}
      kind="destructive"
      pendingLabel={LL.organizations.deleting()}
      doneNotice={LL.organizations.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
