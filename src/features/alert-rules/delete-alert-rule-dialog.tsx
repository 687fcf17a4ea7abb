import { useI18nContext } from '../../../i18n/i18n-react'
import type { AlertRule } from '../../contract/alerts'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteAlertRule } from './use-alert-rule-mutations'

interface DeleteAlertRuleDialogProps {
  rule: Pick<AlertRule, 'rule_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** Destructive: starts on Cancel (decision 034); the rule's incidents stay with its name. */
export function DeleteAlertRuleDialog({ rule, onClose, onDeleted }: DeleteAlertRuleDialogProps) {
  const { LL } = useI18nContext()
  const name = rule?.name ?? ''
  return (
    <ConfirmDialog
      target={rule?.rule_id ?? null}
      mutation={useDeleteAlertRule()}
      title={LL.alertRules.deleteTitle({ name })}
      description={LL.alertRules.deleteBody()}
      confirmLabel={LL.alertRules.delete()}
      kind="destructive"
      pendingLabel={LL.alertRules.deleting()}
      doneNotice={LL.alertRules.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
