import { useI18nContext } from '../../../i18n/i18n-react'
import type { Group } from '../../contract/access-model'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteGroup } from './use-group-mutations'

interface DeleteGroupDialogProps {
  group: Group
  onClose: () => void
  onDeleted: () => void
}

/** Asks before deleting; a refusal (rules still name the group, 409) stays in it, in words. */
export function DeleteGroupDialog({ group, onClose, onDeleted }: DeleteGroupDialogProps) {
  const { LL } = useI18nContext()
  return (
    <ConfirmDialog
      target={group.group_id}
      mutation={useDeleteGroup()}
      title={LL.groups.deleteTitle({ name: group.name })}
      description={LL.groups.deleteBody({ count: group.member_count })}
      confirmLabel={LL.groups.delete()}
      kind="destructive"
      pendingLabel={LL.groups.deleting()}
      doneNotice={LL.groups.deleted_notice({ name: group.name })}
      onClose={onClose}
      onDone={onDeleted}
    />
  )
}
