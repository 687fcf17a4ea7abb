import { useLocation } from 'wouter'
import { refetchAfterWrite } from '../../api/queries'
import { resendWebhookMessage, sendWebhookTest, webhookKeys } from '../../api/webhooks'
import type { Action, ActionDialogProps, Message } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import type { Webhook } from '../../contract/webhooks'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteWebhookDialog } from './delete-webhook-dialog'
import { rememberTest } from './test-sends'
import { RotateWebhookSecretDialog } from './webhook-secret'

// Every verb on a webhook endpoint, declared once (decision 063): the palette ("send test to
// hooks.example" → `<` results), the list's buttons and keys and the endpoint's page read them.

export type WebhookAction = Action<Webhook, PaletteContext>

const writers = needs('webhooks', 'update')

/** Nothing is sent to an endpoint that is off: the server answers 409, the console says why first. */
const whenOff = (webhook: Webhook): Message | null =>
  webhook.enabled ? null : (LL) => LL.webhooks.notActive()

/** Deleting from the endpoint's own pages returns to the list the person came from. */
function DeleteWebhook({ entity, onClose }: ActionDialogProps<Webhook>) {
  const [path, navigate] = useLocation()
  const own = [
    pathTo('webhooks-view', { id: entity.webhook_id }),
    pathTo('webhooks-edit', { id: entity.webhook_id }),
  ]
  return (
    <DeleteWebhookDialog
      webhook={entity}
      onClose={onClose}
      onDeleted={() => {
        if (own.includes(path)) navigate(listPlacePath(pathTo('webhooks')))
      }}
    />
  )
}

function Rotate({ entity, onClose }: ActionDialogProps<Webhook>) {
  return <RotateWebhookSecretDialog webhook={entity} onClose={onClose} />
}

export const webhookVerbs = {
  view: {
    id: 'webhook.view',
    opensItsPage: true,
    label: (LL) => LL.webhooks.palette.view(),
    needs: {},
    run: (ctx, webhook) => ctx.navigate(pathTo('webhooks-view', { id: webhook.webhook_id })),
  },
  // No question: a ping changes nothing, and the page says what came of it.
  test: {
    id: 'webhook.test',
    label: (LL) => LL.webhooks.palette.test(),
    needs: { anyOf: writers },
    tone: 'secondary',
    blocked: whenOff,
    succeeded: (LL, webhook) => LL.webhooks.testSent_notice({ url: webhook.url }),
    run: async (_, webhook, { queryClient }) => {
      const sent = await sendWebhookTest(webhook.webhook_id)
      rememberTest(webhook.webhook_id, sent.message_id)
      await refetchAfterWrite(queryClient, webhookKeys, { kind: 'saved' })
    },
  },
  rotate: {
    id: 'webhook.rotate-secret',
    label: (LL) => LL.webhooks.palette.rotate(),
    needs: { anyOf: writers },
    // It puts a secret on screen: chosen by name, never what Enter does on a result.
    reveals: true,
    tone: 'secondary',
    dialog: (props) => <Rotate {...props} />,
    run: () => undefined,
  },
  edit: {
    id: 'webhook.edit',
    label: (LL) => LL.webhooks.palette.edit(),
    needs: { anyOf: writers },
    run: (ctx, webhook) => ctx.navigate(pathTo('webhooks-edit', { id: webhook.webhook_id })),
  },
  delete: {
    id: 'webhook.delete',
    label: (LL) => LL.webhooks.palette.delete(),
    needs: { anyOf: needs('webhooks', 'delete') },
    tone: 'danger',
    dialog: (props) => <DeleteWebhook {...props} />,
    run: () => undefined,
  },
} satisfies Record<string, WebhookAction>

/** Every action on an endpoint, in the palette's order: opening its page first (what Enter does). */
export const webhookActions: readonly WebhookAction[] = [
  webhookVerbs.view,
  webhookVerbs.test,
  webhookVerbs.rotate,
  webhookVerbs.edit,
  webhookVerbs.delete,
]

/** One message of an endpoint's delivery log, as "Send again" takes it. */
export interface LoggedMessage {
  readonly webhook: Webhook
  readonly messageId: string
}

/**
 * "Send again": the message goes out now with its own webhook-id, so a receiver that had it drops
 * it. No question: a receiver must take duplicates anyway (at-least-once, decision 081).
 */
export const resendAction: Action<LoggedMessage, PaletteContext> = {
  id: 'webhook.resend',
  label: (LL) => LL.webhooks.resend(),
  needs: { anyOf: writers },
  tone: 'secondary',
  blocked: (message) => whenOff(message.webhook),
  succeeded: (LL, message) => LL.webhooks.resent_notice({ id: message.messageId }),
  run: async (_, message, { queryClient }) => {
    await resendWebhookMessage(message.webhook.webhook_id, message.messageId)
    await refetchAfterWrite(queryClient, webhookKeys, { kind: 'saved' })
  },
}
