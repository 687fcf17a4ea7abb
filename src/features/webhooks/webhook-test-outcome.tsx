import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { fetchWebhookAttempts, messageAttemptsKey } from '../../api/webhooks'
import type { Webhook } from '../../contract/webhooks'
import { useLastTest } from './test-sends'
import * as styles from './webhooks.css'
import { testOutcomeText } from './webhook-words'

/** How often a test still waiting for its first attempt asks again. */
const WAITING_MS = 1_000

/**
 * What the newest "Send test" from this tab came to, said in a polite live region: waiting, then
 * delivered (status and time taken) or why not. The region is always there, so its first words
 * are read when they arrive.
 */
export function WebhookTestOutcome({ webhook }: { webhook: Webhook }) {
  const { LL } = useI18nContext()
  const id = webhook.webhook_id
  const messageId = useLastTest(id)
  const first = useQuery({
    queryKey: messageAttemptsKey(id, messageId ?? ''),
    queryFn: ({ signal }) =>
      fetchWebhookAttempts(id, 0, signal, messageId === null ? {} : { message_id: messageId }),
    enabled: messageId !== null,
    select: (page) => page.data.at(-1) ?? null,
    refetchInterval: (query) => (query.state.data?.data.length ? false : WAITING_MS),
  })
  const text =
    messageId === null || first.data === undefined
      ? ''
      : testOutcomeText(LL, webhook.url, first.data)
  return (
    <p role="status" className={styles.hint} data-testid="webhook-test-outcome">
      {text}
    </p>
  )
}
