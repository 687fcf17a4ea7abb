import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { usePerform } from '../../actions/action-host'
import { ATTEMPTS_PAGE, attemptsKey, fetchWebhookAttempts } from '../../api/webhooks'
import { ListExport } from '../../commands/list-export'
import { webhookDeliveriesExportPath } from '../../contract/api-paths'
import {
  deliveryServerFilters,
  formatDeliveryFilters,
  hasDeliveryFilters,
  isMessageId,
  noDeliveryFilters,
  parseDeliveryFilters,
  type DeliveryFilters,
} from '../../contract/delivery-log-view'
import type { ListViewDefaults } from '../../contract/list-view'
import {
  webhookMessageStates,
  webhookOutcomes,
  type Webhook,
  type WebhookAttempt,
  type webhookAttemptSortKeys,
} from '../../contract/webhooks'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { errorText } from '../../ui/data-table/error-text'
import * as filterStyles from '../../ui/filter-bar.css'
import { Notice } from '../../ui/notice'
import { Select } from '../../ui/select'
import { TextField } from '../../ui/text-field'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import { resendAction } from './webhook-actions'
import * as styles from './webhooks.css'
import { messageTypeText } from './webhook-words'

/**
 * How often the open log asks again: the delivery job works on its own schedule (a retry 5 s after
 * a failure), and a person watching a receiver come back should see it without reloading.
 */
export const LOG_REFETCH_MS = 3_000

/** The log's one order, newest first: the export asks for it as the list does. */
const logDefaults: ListViewDefaults<(typeof webhookAttemptSortKeys)[number]> = {
  orderBy: 'attempted_at',
  orderDirection: 'desc',
  sortable: ['attempted_at'],
}

interface DeliveriesProps {
  webhook: Webhook
  when: (iso: string) => string
}

/**
 * The per-attempt log, newest first, 20 at a time: what was sent (the event and its webhook-id),
 * how it went (outcome, HTTP status, latency, the first 1 KB of the answer as text) and where the
 * message stands; "Send again" on each message's newest attempt. Narrowed by outcome, message state
 * and one message, kept in the page's URL; the CSV download exports the log as narrowed.
 */
export function WebhookDeliveries({ webhook, when }: DeliveriesProps) {
  const { LL } = useI18nContext()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const { filters, problems } = useMemo(() => parseDeliveryFilters(search), [search])
  const narrow = useMemo(() => deliveryServerFilters(filters), [filters])
  const setFilters = (next: DeliveryFilters) =>
    navigate(`${location}${formatDeliveryFilters(search, next)}`)
  const id = webhook.webhook_id
  const log = useInfiniteQuery({
    queryKey: attemptsKey(id, narrow),
    queryFn: ({ pageParam, signal }) => fetchWebhookAttempts(id, pageParam, signal, narrow),
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
      {problems.length > 0 ? (
        <Notice tone="warning">
          {problems.map((problem) => (
            <span key={problem.name}>
              {LL.webhooks.filters.ignored({
                value: problem.value,
                name: filterName(LL, problem.name),
              })}{' '}
            </span>
          ))}
        </Notice>
      ) : null}
      <DeliveryFilterBar filters={filters} onChange={setFilters} />
      <ListExport
        list="webhookDeliveries"
        path={webhookDeliveriesExportPath(id)}
        defaults={logDefaults}
        filters={narrow}
      />
      {log.isError ? <Notice tone="danger">{errorText(LL, log.error)}</Notice> : null}
      {log.isSuccess && attempts.length === 0 ? (
        <p>
          {hasDeliveryFilters(filters) ? LL.webhooks.filters.noMatches() : LL.webhooks.noAttempts()}
        </p>
      ) : null}
      <ol className={styles.attempts} data-testid="webhook-deliveries">
        {attempts.map((attempt) => (
          <Attempt
            key={attempt.attempt_id}
            attempt={attempt}
            webhook={webhook}
            when={when}
            resend={newest.has(attempt.attempt_id)}
            onlyThis={
              filters.message === attempt.message_id
                ? null
                : () => setFilters({ ...filters, message: attempt.message_id })
            }
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

const filterName = (LL: TranslationFunctions, name: keyof DeliveryFilters) =>
  name === 'outcome'
    ? LL.webhooks.filters.outcome()
    : name === 'state'
      ? LL.webhooks.filters.state()
      : LL.webhooks.filters.message()

/** Outcome and message state as native selects, one message by its webhook-id. */
function DeliveryFilterBar(props: {
  filters: DeliveryFilters
  onChange: (filters: DeliveryFilters) => void
}) {
  const { filters, onChange } = props
  const { LL } = useI18nContext()
  const words = LL.webhooks.filters
  return (
    <fieldset className={filterStyles.filterBar} data-testid="delivery-filters">
      <legend className={visuallyHidden}>{words.legend()}</legend>
      <Select
        className={filterStyles.filterField}
        label={words.outcome()}
        value={filters.outcome ?? ''}
        placeholder={words.anyOutcome()}
        options={webhookOutcomes.map((outcome) => ({
          value: outcome,
          label: LL.answers.webhookOutcome[outcome](),
        }))}
        onChange={(event) =>
          onChange({
            ...filters,
            outcome: webhookOutcomes.find((outcome) => outcome === event.target.value) ?? null,
          })
        }
      />
      <Select
        className={filterStyles.filterField}
        label={words.state()}
        value={filters.state ?? ''}
        placeholder={words.anyState()}
        options={webhookMessageStates.map((state) => ({
          value: state,
          label: LL.answers.webhookMessageState[state](),
        }))}
        onChange={(event) =>
          onChange({
            ...filters,
            state: webhookMessageStates.find((state) => state === event.target.value) ?? null,
          })
        }
      />
      <MessageField
        key={filters.message ?? ''}
        value={filters.message}
        onCommit={(message) => onChange({ ...filters, message })}
      />
      {hasDeliveryFilters(filters) ? (
        <Button tone="secondary" onClick={() => onChange(noDeliveryFilters)}>
          {words.clear()}
        </Button>
      ) : null}
    </fieldset>
  )
}

/**
 * The webhook-id, applied on Enter or on leaving the field; a malformed one is named under the
 * field and kept as typed, and the log stays as it was.
 */
function MessageField(props: { value: string | null; onCommit: (value: string | null) => void }) {
  const { value, onCommit } = props
  const { LL } = useI18nContext()
  const [text, setText] = useState(value ?? '')
  const trimmed = text.trim()
  const invalid = trimmed !== '' && !isMessageId(trimmed)
  const commit = () => {
    if (invalid) return
    const next = trimmed === '' ? null : trimmed
    if (next !== value) onCommit(next)
  }
  return (
    <TextField
      className={filterStyles.filterField}
      label={LL.webhooks.filters.message()}
      hint={LL.webhooks.filters.messageHint()}
      spellCheck={false}
      autoComplete="off"
      value={text}
      error={invalid ? LL.webhooks.filters.messageInvalid() : null}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit()
      }}
    />
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
  /** Narrows the log to this attempt's message; null when it already is. */
  onlyThis: (() => void) | null
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
      {props.onlyThis === null && !(props.resend && can(resendAction.needs.anyOf ?? [])) ? null : (
        <div className={styles.actions}>
          {props.onlyThis === null ? null : (
            <Button
              tone="ghost"
              size="sm"
              aria-label={LL.webhooks.filters.onlyNamed({ id: attempt.message_id })}
              onClick={props.onlyThis}
            >
              {LL.webhooks.filters.only()}
            </Button>
          )}
          {props.resend && can(resendAction.needs.anyOf ?? []) ? (
            <Button
              tone="secondary"
              size="sm"
              aria-label={LL.webhooks.resendNamed({ id: attempt.message_id })}
              disabled={!webhook.enabled}
              onClick={() => perform(resendAction, message)}
            >
              {LL.webhooks.resend()}
            </Button>
          ) : null}
        </div>
      )}
    </li>
  )
}
