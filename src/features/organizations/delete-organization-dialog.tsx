import { useI18nContext } from '../../../i18n/i18n-react'
import type { Organization } from '../../contract/organizations'
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog'
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
    <ConfirmDeleteDialog
      id={organization?.organization_id ?? null}
      remove={useDeleteOrganization()}
      title={LL.organizations.deleteTitle({ name })}
      description={LL.organizations.deleteBody()}
      confirmLabel={LL.organizations.delete()}
      pendingLabel={LL.organizations.deleting()}
      deletedNotice={LL.organizations.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDeleted } : {})}
    />
  )
}
