import { useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { refetchAfterWrite } from '../../api/queries'
import { rotateWebhookSecret, webhookKeys } from '../../api/webhooks'
import { PREVIOUS_SECRET_HOURS, type Webhook } from '../../contract/webhooks'
import { IssueOnceDialog, ShownOnceDialog } from '../../ui/shown-once-dialog'
import { viewerZone, zonedTime } from './webhook-words'

/** The words of the dialog that shows a secret once: after create, or after a rotation. */
function useSecretWords(url: string, rotated: boolean) {
  const { LL } = useI18nContext()
  const words = LL.webhooks.secret
  return {
    digits: false,
    title: rotated ? words.rotatedTitle({ url }) : words.createdTitle({ url }),
    description: rotated
      ? words.rotatedBody({ hours: PREVIOUS_SECRET_HOURS })
      : words.createdBody(),
    label: words.label(),
    copyLabel: words.copy(),
    copiedNotice: words.copied(),
    doneLabel: words.done(),
  }
}

/** A new endpoint's `whsec_` secret from its create answer, shown once; null while closed. */
export function WebhookSecretDialog(props: {
  url: string
  secret: string | null
  onClose: () => void
}) {
  return (
    <ShownOnceDialog
      {...useSecretWords(props.url, false)}
      value={props.secret}
      onClose={props.onClose}
    />
  )
}

/**
 * "Rotate secret…": asks, makes the new secret, shows it once. Receivers keep working for
 * PREVIOUS_SECRET_HOURS, as the current secret signs beside the new one, so the question starts on
 * its confirming button; while an earlier rotation's secret still signs, this one ends it at once
 * and the question starts on Cancel (decision 083).
 */
export function RotateWebhookSecretDialog({
  webhook,
  onClose,
}: {
  webhook: Webhook
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const { url } = webhook
  const words = LL.webhooks.secret
  const hours = PREVIOUS_SECRET_HOURS
  // The server answers the previous secret's end only while it still signs (on its own clock).
  const until = webhook.previous_secret_until
  return (
    <IssueOnceDialog
      issue={async () => {
        const rotated = await rotateWebhookSecret(webhook.webhook_id)
        void refetchAfterWrite(client, webhookKeys, { kind: 'saved' })
        return rotated.secret
      }}
      confirm={{
        title: words.rotateTitle({ url }),
        description:
          until === null
            ? words.rotateBody({ hours })
            : words.rotateBodyAgain({ hours, until: zonedTime(LL, until, viewerZone()) }),
        confirmLabel: words.rotateConfirm(),
        pendingLabel: words.rotating(),
        kind: until === null ? 'reversible' : 'destructive',
        tone: until === null ? 'primary' : 'danger',
      }}
      shown={useSecretWords(url, true)}
      onClose={onClose}
    />
  )
}
