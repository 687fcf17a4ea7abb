import { validate } from './struct'
import {
  MessageId,
  webhookMessageStates,
  webhookOutcomes,
  type WebhookMessageState,
  type WebhookOutcome,
} from './webhooks'

// An endpoint's delivery log narrowed (decision 083's page): the filters live in the page's URL, so
// a reload, Back and a bookmark show the same narrowed log, and the CSV download exports it.

export const deliveryFilterParams = {
  outcome: 'outcome',
  state: 'state',
  message: 'message',
} as const
export type DeliveryFilterName = keyof typeof deliveryFilterParams

export interface DeliveryFilters {
  outcome: WebhookOutcome | null
  state: WebhookMessageState | null
  /** One message's webhook-id (`msg_` and 32 hex digits). */
  message: string | null
}

export const noDeliveryFilters: DeliveryFilters = { outcome: null, state: null, message: null }

/** A URL value that is not one of the filter's: the page names it and leaves it out. */
export interface DeliveryFilterProblem {
  name: DeliveryFilterName
  value: string
}

export const isMessageId = (value: string) => validate(value, MessageId)[0] === undefined

const parsers: {
  [K in DeliveryFilterName]: (value: string) => DeliveryFilters[K] | undefined
} = {
  outcome: (value) => webhookOutcomes.find((outcome) => outcome === value),
  state: (value) => webhookMessageStates.find((state) => state === value),
  message: (value) => (isMessageId(value) ? value : undefined),
}

const names = Object.keys(deliveryFilterParams) as DeliveryFilterName[]

/** The filters in `search`, and the values in it that could not be read. */
export function parseDeliveryFilters(search: string): {
  filters: DeliveryFilters
  problems: DeliveryFilterProblem[]
} {
  const params = new URLSearchParams(search)
  const filters: Record<DeliveryFilterName, unknown> = { ...noDeliveryFilters }
  const problems: DeliveryFilterProblem[] = []
  for (const name of names) {
    const value = params.get(deliveryFilterParams[name])
    if (value === null || value === '') continue
    const parsed = parsers[name](value)
    if (parsed === undefined) problems.push({ name, value })
    else filters[name] = parsed
  }
  return { filters: filters as DeliveryFilters, problems }
}

/** The query string with `filters` set and the page's other parameters kept. */
export function formatDeliveryFilters(search: string, filters: DeliveryFilters): string {
  const params = new URLSearchParams(search)
  for (const name of names) {
    const value = filters[name]
    if (value === null) params.delete(deliveryFilterParams[name])
    else params.set(deliveryFilterParams[name], value)
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

export const hasDeliveryFilters = (filters: DeliveryFilters) =>
  names.some((name) => filters[name] !== null)

/** What GET …/deliveries (and its export.csv) is asked for, beside the list parameters. */
export function deliveryServerFilters(filters: DeliveryFilters): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.outcome !== null) query.outcome = filters.outcome
  if (filters.state !== null) query.message_state = filters.state
  if (filters.message !== null) query.message_id = filters.message
  return query
}
