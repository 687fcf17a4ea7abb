import { useI18nContext } from '../../../i18n/i18n-react'
import type { AccessRule } from '../../contract/access-model'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteRule } from './use-rule-mutations'

interface DeleteRuleDialogProps {
  rule: Pick<AccessRule, 'rule_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

export function DeleteRuleDialog(props: DeleteRuleDialogProps) {
  const { rule, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const name = rule?.name ?? ''
  return (
    <ConfirmDialog
      target={rule?.rule_id ?? null}
      mutation={useDeleteRule()}
      title={LL.rules.deleteTitle({ name })}
      description={LL.rules.deleteBody()}
      confirmLabel={LL.rules.delete()}
      kind="destructive"
      pendingLabel={LL.rules.deleting()}
      doneNotice={LL.rules.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
