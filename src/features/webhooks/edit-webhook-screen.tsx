import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { webhookDetail } from '../../api/webhooks'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { webhookVerbs } from './webhook-actions'
import { WebhookForm } from './webhook-form'
import { valuesOf } from './webhook-form-model'
import { useUpdateWebhook } from './use-webhook-mutations'

/** /webhooks/edit/:id: saving returns to the endpoint's page. */
export function EditWebhookScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(webhookDetail, (webhook) => webhook.url)
  const { id, item: webhook } = detail
  const update = useUpdateWebhook(id)
  if (!webhook)
    return (
      <DetailState
        title={LL.webhooks.editTitle()}
        notFound={LL.webhooks.notFound()}
        detail={detail}
      />
    )
  const back = () => navigate(pathTo('webhooks-view', { id: webhook.webhook_id }))
  const title = LL.webhooks.editNamed({ url: webhook.url })
  return (
    <Page title={title}>
      <WebhookForm
        key={webhook.webhook_id}
        label={title}
        initial={valuesOf(webhook)}
        submitLabel={LL.common.save()}
        onCancel={back}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.webhooks.saved_notice({ url: saved.url }))
          back()
        }}
        extraActions={
          can(webhookVerbs.delete.needs.anyOf) ? (
            <Button tone="danger" onClick={() => perform(webhookVerbs.delete, webhook)}>
              {LL.webhooks.delete()}
            </Button>
          ) : null
        }
      />
    </Page>
  )
}
