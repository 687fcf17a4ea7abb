import {
  WEBHOOKS_PATH,
  webhookDeliveriesPath,
  webhookPath,
  webhookResendPath,
  webhookRotateSecretPath,
  webhookTestPath,
} from '../contract/api-paths'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import {
  Webhook,
  WebhookAttempt,
  WebhookSend,
  WebhookWithSecret,
  type WebhookInput,
  type webhookSortKeys,
} from '../contract/webhooks'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type WebhookSort = (typeof webhookSortKeys)[number]

const WebhookPage = listOf(Webhook)
const WebhookAttemptPage = listOf(WebhookAttempt)

// The delivery log is kept under the webhooks' root: a test, a "Send again" or an edit refetches
// it with the endpoint (refetchAfterWrite), so the page shows the new attempt's message at once.
export const webhookKeys = resourceKeys<WebhookSort>('webhooks')

export function fetchWebhookPage(query: ListQuery<WebhookSort>, signal?: AbortSignal) {
  return apiRequest(WebhookPage, { path: WEBHOOKS_PATH, query, signal })
}

export function fetchWebhook(id: number, signal?: AbortSignal) {
  return apiRequest(Webhook, { path: webhookPath(id), signal })
}

/** The answer carries the secret, this once. */
export function createWebhook(input: WebhookInput) {
  return apiRequest(WebhookWithSecret, { method: 'POST', path: WEBHOOKS_PATH, json: input })
}

export function updateWebhook(id: number, input: WebhookInput) {
  return apiRequest(Webhook, { method: 'PUT', path: webhookPath(id), json: input })
}

export function deleteWebhook(id: number) {
  return apiRequest(null, { method: 'DELETE', path: webhookPath(id) })
}

/** A new secret, shown once; the previous one still signs beside it for a while. */
export function rotateWebhookSecret(id: number) {
  return apiRequest(WebhookWithSecret, { method: 'POST', path: webhookRotateSecretPath(id) })
}

/** A `ping` to the endpoint: answers the message that will be sent (202). */
export function sendWebhookTest(id: number) {
  return apiRequest(WebhookSend, { method: 'POST', path: webhookTestPath(id) })
}

/** "Send again": the message, with its own webhook-id, goes out again now. */
export function resendWebhookMessage(id: number, messageId: string) {
  return apiRequest(WebhookSend, { method: 'POST', path: webhookResendPath(id, messageId) })
}

/** How many attempts the log asks for at a time. */
export const ATTEMPTS_PAGE = 20

/**
 * One page of an endpoint's attempts, newest first; `narrow` holds the log's filters as the server
 * names them (`message_id`, `outcome`, `message_state`: deliveryServerFilters).
 */
export function fetchWebhookAttempts(
  id: number,
  start: number,
  signal?: AbortSignal,
  narrow: Readonly<Record<string, string>> = {},
) {
  return apiRequest(WebhookAttemptPage, {
    path: webhookDeliveriesPath(id),
    query: {
      start,
      length: ATTEMPTS_PAGE,
      order_by: 'attempted_at',
      order_direction: 'desc',
      ...narrow,
    },
    signal,
  })
}

// An endpoint's log lives under its detail's key: a delete drops them together, and nothing asks
// the server again for the log of an endpoint that is gone (api/queries.ts, refetchAfterWrite).

/** The log's pages (an infinite query) of one endpoint, as narrowed. */
export const attemptsKey = (id: number, narrow: Readonly<Record<string, string>> = {}) =>
  [...webhookKeys.detail(id), 'attempts', narrow] as const

/** The attempts of one message (a page, not the log's pages: its own key). */
export const messageAttemptsKey = (id: number, messageId: string) =>
  [...webhookKeys.detail(id), 'message-attempts', messageId] as const

export const webhookList: ListSource<Webhook, WebhookSort> = {
  queryKey: webhookKeys.list,
  fetch: fetchWebhookPage,
}

export const webhookDetail = detailOptions(webhookKeys, fetchWebhook)
