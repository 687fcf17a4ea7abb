import { fetchWebhookPage } from '../../api/webhooks'
import { listSearch } from '../../commands/entity-search'
import type { EntitySource } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import { needs } from '../../contract/permissions'
import type { Webhook } from '../../contract/webhooks'
import { webhookActions } from './webhook-actions'

/**
 * Webhook endpoints in the palette (`<`): the list call's `search` over URL and description, so
 * "send test to hooks" finds the endpoint; its actions are webhook-actions.tsx.
 */
export const webhookSource: EntitySource<Webhook, PaletteContext> = {
  kind: 'webhooks',
  heading: (LL) => LL.webhooks.palette.heading(),
  needs: { anyOf: needs('webhooks', 'read') },
  search: listSearch(fetchWebhookPage, { order_by: 'url', order_direction: 'asc' }),
  view: (webhook) => ({
    id: String(webhook.webhook_id),
    title: webhook.url,
    ...(webhook.description === '' ? {} : { subtitle: webhook.description }),
  }),
  actions: webhookActions,
}
