import { useI18nContext } from '../../../i18n/i18n-react'
import type { Webhook } from '../../contract/webhooks'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteWebhook } from './use-webhook-mutations'

interface DeleteWebhookDialogProps {
  webhook: Pick<Webhook, 'webhook_id' | 'url'>
  onClose: () => void
  onDeleted?: () => void
}

/** Destructive: starts on Cancel (decision 034); the endpoint's delivery log goes with it. */
export function DeleteWebhookDialog({ webhook, onClose, onDeleted }: DeleteWebhookDialogProps) {
  const { LL } = useI18nContext()
  const { url } = webhook
  return (
    <ConfirmDialog
      target={webhook.webhook_id}
      mutation={useDeleteWebhook()}
      title={LL.webhooks.deleteTitle({ url })}
      description={LL.webhooks.deleteBody()}
      confirmLabel={LL.webhooks.delete()}
      kind="destructive"
      pendingLabel={LL.webhooks.deleting()}
      doneNotice={LL.webhooks.deleted_notice({ url })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
