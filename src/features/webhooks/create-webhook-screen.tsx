import { useState } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { WebhookForm } from './webhook-form'
import { emptyValues } from './webhook-form-model'
import { WebhookSecretDialog } from './webhook-secret'
import { useCreateWebhook } from './use-webhook-mutations'

/** A new endpoint's secret from its create answer, until its dialog closes. */
interface Made {
  id: number
  url: string
  secret: string
}

/** /webhooks/create: the new endpoint's secret is shown once, then its page. */
export function CreateWebhookScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateWebhook()
  const [made, setMade] = useState<Made | null>(null)
  return (
    <Page title={LL.webhooks.createTitle()} intro={LL.webhooks.intro()}>
      <WebhookForm
        initial={emptyValues}
        label={LL.webhooks.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('webhooks')))}
        onSubmit={async (input) => {
          const webhook = await create.mutateAsync(input)
          setMade({ id: webhook.webhook_id, url: webhook.url, secret: webhook.secret })
        }}
      />
      <WebhookSecretDialog
        url={made?.url ?? ''}
        secret={made?.secret ?? null}
        onClose={() => {
          if (made !== null) {
            showToast(LL.webhooks.created_notice({ url: made.url }))
            navigate(pathTo('webhooks-view', { id: made.id }))
          }
          setMade(null)
        }}
      />
    </Page>
  )
}
