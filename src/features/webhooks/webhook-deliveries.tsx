import { useInfiniteQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { usePerform } from '../../actions/action-host'
import { ATTEMPTS_PAGE, attemptsKey, fetchWebhookAttempts } from '../../api/webhooks'
import type { Webhook, WebhookAttempt } from '../../contract/webhooks'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { errorText } from '../../ui/data-table/error-text'
import { Notice } from '../../ui/notice'
import { resendAction } from './webhook-actions'
import * as styles from './webhooks.css'
import { messageTypeText } from './webhook-words'

/**
 * How often the open log asks again: the delivery job works on its own schedule (a retry 5 s after
 * a failure), and a person watching a receiver come back should see it without reloading.
 */
export const LOG_REFETCH_MS = 3_000

interface DeliveriesProps {
  webhook: Webhook
  when: (iso: string) => string
}

/**
 * The per-attempt log, newest first, 20 at a time: what was sent (the event and its webhook-id),
 * how it went (outcome, HTTP status, latency, the first 1 KB of the answer as text) and where the
 * message stands; "Send again" on each message's newest attempt.
 */
export function WebhookDeliveries({ webhook, when }: DeliveriesProps) {
  const { LL } = useI18nContext()
  const id = webhook.webhook_id
  const log = useInfiniteQuery({
    queryKey: attemptsKey(id),
    queryFn: ({ pageParam, signal }) => fetchWebhookAttempts(id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.length * ATTEMPTS_PAGE < last.recordsFiltered
        ? pages.length * ATTEMPTS_PAGE
        : undefined,
    refetchInterval: LOG_REFETCH_MS,
  })
  const attempts = log.data?.pages.flatMap((page) => page.data) ?? []
  // "Send again" belongs to a message: it is offered on its newest attempt, the first listed.
  const newest = new Set<number>()
  const seen = new Set<string>()
  for (const attempt of attempts)
    if (!seen.has(attempt.message_id)) {
      seen.add(attempt.message_id)
      newest.add(attempt.attempt_id)
    }
  return (
    <section className={styles.section} aria-labelledby="webhook-deliveries">
      <h2 id="webhook-deliveries" className={styles.heading}>
        {LL.webhooks.deliveries()}
      </h2>
      <p className={styles.hint}>{LL.webhooks.deliveriesIntro()}</p>
      {log.isError ? <Notice tone="danger">{errorText(LL, log.error)}</Notice> : null}
      {log.isSuccess && attempts.length === 0 ? <p>{LL.webhooks.noAttempts()}</p> : null}
      <ol className={styles.attempts} data-testid="webhook-deliveries">
        {attempts.map((attempt) => (
          <Attempt
            key={attempt.attempt_id}
            attempt={attempt}
            webhook={webhook}
            when={when}
            resend={newest.has(attempt.attempt_id)}
          />
        ))}
      </ol>
      {log.hasNextPage ? (
        <div>
          <Button
            tone="secondary"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? LL.webhooks.loadingMore() : LL.webhooks.more()}
          </Button>
        </div>
      ) : null}
    </section>
  )
}

/** "HTTP 200", or that no answer came. */
const statusText = (LL: TranslationFunctions, attempt: WebhookAttempt) =>
  attempt.status === null ? LL.webhooks.attempt.noStatus() : `HTTP ${attempt.status}`

function Attempt(props: {
  attempt: WebhookAttempt
  webhook: Webhook
  when: (iso: string) => string
  resend: boolean
}) {
  const { attempt, webhook, when } = props
  const { LL } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const words = LL.webhooks.attempt
  const type = messageTypeText(LL, attempt.message_type)
  const outcome = LL.answers.webhookOutcome[attempt.outcome]()
  const state = LL.answers.webhookMessageState[attempt.message_state]()
  const at = when(attempt.attempted_at)
  const message = { webhook, messageId: attempt.message_id }
  return (
    <li
      className={styles.attempt}
      aria-label={LL.webhooks.attemptLabel({ type, outcome, when: at })}
    >
      <div className={styles.attemptHead}>
        <h3 className={styles.attemptTitle}>
          {type} · {outcome}
        </h3>
        <time dateTime={attempt.attempted_at}>{at}</time>
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{words.webhookId()}</dt>
          <dd className={styles.code}>{attempt.message_id}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{words.status()}</dt>
          <dd>{statusText(LL, attempt)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{words.latency()}</dt>
          <dd>{words.latencyMs({ ms: attempt.latency_ms })}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{words.message()}</dt>
          <dd>
            {attempt.next_attempt_at === null
              ? state
              : words.nextAttempt({ state, when: when(attempt.next_attempt_at) })}
          </dd>
        </div>
        {attempt.error === '' ? null : (
          <div className={styles.fact}>
            <dt>{words.error()}</dt>
            <dd className={styles.code}>{attempt.error}</dd>
          </div>
        )}
      </dl>
      {attempt.status === null ? null : attempt.response === '' ? (
        <p className={styles.hint}>{words.noAnswer()}</p>
      ) : (
        <figure className={styles.answerFigure}>
          <figcaption className={styles.hint}>{words.answer()}</figcaption>
          {/* Text, never markup: React escapes it. Focusable, as it scrolls. */}
          <pre className={styles.answer} tabIndex={0}>
            {attempt.response}
          </pre>
        </figure>
      )}
      {props.resend && can(resendAction.needs.anyOf ?? []) ? (
        <div>
          <Button
            tone="secondary"
            size="sm"
            aria-label={LL.webhooks.resendNamed({ id: attempt.message_id })}
            disabled={!webhook.enabled}
            onClick={() => perform(resendAction, message)}
          >
            {LL.webhooks.resend()}
          </Button>
        </div>
      ) : null}
    </li>
  )
}
