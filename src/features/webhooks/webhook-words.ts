import { DateTime } from 'luxon'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { eventWordKey } from '../../contract/alerts'
import type { Problem } from '../../contract/rules'
import {
  webhookUrlRefusals,
  type Webhook,
  type WebhookAttempt,
  type WebhookMessageType,
} from '../../contract/webhooks'
import { zoneCity } from '../../lib/code-text'
import { problemText } from '../../ui/form/problem-text'

// A webhook endpoint and its attempts in words. An endpoint belongs to an organization, not a
// place, and a delivery happens on the server: its times are shown on the reader's own clock,
// with the zone named (decision 083). Pure, so the words are unit-tested.

const WALL = 'yyyy-MM-dd HH:mm:ss'

/** The reader's IANA zone, as the browser knows it. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** "2026-12-03 11:02:15 (Berlin)": to the second, as attempts seconds apart must differ. */
export function zonedTime(LL: TranslationFunctions, iso: string, zone: string): string {
  return LL.webhooks.inZone({
    time: DateTime.fromISO(iso, { zone }).toFormat(WALL),
    zone: zoneCity(zone),
  })
}

/** "Door held open", or "Test ping" for the message "Test" sends. */
export function messageTypeText(LL: TranslationFunctions, type: WebhookMessageType): string {
  return type === 'ping' ? LL.webhooks.ping() : LL.answers.alertEvent[eventWordKey(type)]()
}

export const eventTypesText = (LL: TranslationFunctions, webhook: Pick<Webhook, 'event_types'>) =>
  webhook.event_types.map((type) => messageTypeText(LL, type)).join(', ')

type When = (iso: string) => string

/** On; on but failing since; or off, why and since when. */
export function stateText(
  LL: TranslationFunctions,
  webhook: Pick<Webhook, 'enabled' | 'disabled_reason' | 'disabled_at' | 'failing_since'>,
  when: When,
): string {
  if (!webhook.enabled) {
    const reason = LL.answers.webhookDisabledReason[webhook.disabled_reason ?? 'person']()
    return webhook.disabled_at === null
      ? reason
      : LL.webhooks.off({ reason, when: when(webhook.disabled_at) })
  }
  return webhook.failing_since === null
    ? LL.webhooks.on()
    : LL.webhooks.failingSince({ when: when(webhook.failing_since) })
}

/** The newest attempt's outcome, its HTTP status and time, and how many messages wait. */
export function lastDeliveryText(
  LL: TranslationFunctions,
  webhook: Pick<Webhook, 'last_attempt' | 'pending'>,
  when: When,
): string {
  const last = webhook.last_attempt
  const text =
    last === null
      ? LL.webhooks.never()
      : last.status === null
        ? LL.webhooks.lastAttempt({
            outcome: LL.answers.webhookOutcome[last.outcome](),
            when: when(last.at),
          })
        : LL.webhooks.lastAttemptStatus({
            outcome: LL.answers.webhookOutcome[last.outcome](),
            status: last.status,
            when: when(last.at),
          })
  return webhook.pending > 0 ? `${text} · ${LL.webhooks.pending({ count: webhook.pending })}` : text
}

/**
 * A refusal of the URL in words: why the server would not send there (its `why`), the 21st
 * endpoint, or whatever else the form layer words.
 */
export function urlProblemText(LL: TranslationFunctions, problem: Problem): string {
  const why = webhookUrlRefusals.find((reason) => reason === problem.params.why)
  if (problem.rule === 'invalid' && why !== undefined) return LL.webhooks.urlRefused[why]()
  if (problem.rule === 'too_many')
    return LL.webhooks.tooMany({ max: Number(problem.params.max ?? 0) })
  return problemText(LL, problem)
}

/** What a test ping came to: waiting for its first attempt, delivered, or failed and why. */
export function testOutcomeText(
  LL: TranslationFunctions,
  url: string,
  attempt: Pick<WebhookAttempt, 'outcome' | 'status' | 'latency_ms'> | null,
): string {
  if (attempt === null) return LL.webhooks.testOutcome.waiting({ url })
  if (attempt.outcome === 'delivered')
    return LL.webhooks.testOutcome.delivered({
      url,
      status: attempt.status ?? 0,
      ms: attempt.latency_ms,
    })
  const outcome = LL.answers.webhookOutcome[attempt.outcome]()
  return LL.webhooks.testOutcome.failed({
    url,
    outcome: attempt.status === null ? outcome : `${outcome} (HTTP ${attempt.status})`,
  })
}
