import { useMemo } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { webhookDetail } from '../../api/webhooks'
import { usePageSubject } from '../../commands/page-subject'
import { pathTo } from '../../contract/pages'
import type { Webhook } from '../../contract/webhooks'
import { JournalHistory } from '../../journal/journal-history'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Page } from '../../ui/page'
import { webhookVerbs } from './webhook-actions'
import { LOG_REFETCH_MS, WebhookDeliveries } from './webhook-deliveries'
import { WebhookTestOutcome } from './webhook-test-outcome'
import * as styles from './webhooks.css'
import { eventTypesText, lastDeliveryText, stateText, viewerZone, zonedTime } from './webhook-words'

/** /webhooks/view/:id: one endpoint, its secret's rotation, "Send test" and its delivery log. */
export function WebhookViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(
    (id) => ({ ...webhookDetail(id), refetchInterval: LOG_REFETCH_MS }),
    (webhook) => webhook.url,
  )
  usePageSubject('webhooks', detail.item)
  if (!detail.item)
    return (
      <DetailState
        title={LL.webhooks.viewTitle()}
        notFound={LL.webhooks.notFound()}
        detail={detail}
      />
    )
  return <WebhookView webhook={detail.item} />
}

function WebhookView({ webhook }: { webhook: Webhook }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const when = useMemo(() => {
    const zone = viewerZone()
    return (iso: string) => zonedTime(LL, iso, zone)
  }, [LL])
  const canUpdate = can(webhookVerbs.edit.needs.anyOf)
  const secret = LL.webhooks.secret
  const rotation =
    webhook.secret_rotated_at === null
      ? secret.never()
      : webhook.previous_secret_until !== null
        ? secret.previousUntil({
            when: when(webhook.secret_rotated_at),
            until: when(webhook.previous_secret_until),
          })
        : secret.rotated({ when: when(webhook.secret_rotated_at) })
  return (
    <Page
      title={webhook.url}
      intro={webhook.description === '' ? undefined : webhook.description}
      actions={
        canUpdate ? (
          <div className={styles.actions}>
            <Button
              tone="primary"
              disabled={webhookVerbs.test.blocked(webhook) !== null}
              onClick={() => perform(webhookVerbs.test, webhook)}
            >
              {LL.webhooks.test()}
            </Button>
            <Button tone="secondary" onClick={() => perform(webhookVerbs.rotate, webhook)}>
              {secret.rotate()}
            </Button>
            <Link
              className={buttonClass({ tone: 'secondary' })}
              href={pathTo('webhooks-edit', { id: webhook.webhook_id })}
            >
              {LL.webhooks.edit()}
            </Link>
            <Button tone="danger" onClick={() => perform(webhookVerbs.delete, webhook)}>
              {LL.webhooks.delete()}
            </Button>
          </div>
        ) : null
      }
    >
      <WebhookTestOutcome webhook={webhook} />
      <dl className={styles.details} data-testid="webhook-details">
        <dt className={styles.term}>{LL.webhooks.events()}</dt>
        <dd className={styles.definition}>{eventTypesText(LL, webhook)}</dd>
        <dt className={styles.term}>{LL.webhooks.state()}</dt>
        <dd className={styles.definition}>{stateText(LL, webhook, when)}</dd>
        <dt className={styles.term}>{LL.webhooks.lastDelivery()}</dt>
        <dd className={styles.definition}>{lastDeliveryText(LL, webhook, when)}</dd>
        <dt className={styles.term}>{secret.label()}</dt>
        <dd className={styles.definition}>{rotation}</dd>
      </dl>
      <WebhookDeliveries webhook={webhook} when={when} />
      <JournalHistory type="webhook" id={webhook.webhook_id} />
    </Page>
  )
}
