import {
  WebhookInput,
  webhookEventTypes,
  type Webhook,
  type WebhookEventType,
} from '../../contract/webhooks'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses what the server would (400)
// and names the same fields; a server refusal (`url` not https or a private address, the 21st
// endpoint's 409 on `url`, `event_types.0`) lands on the field its first part names.

export interface FormValues {
  url: string
  event_types: WebhookEventType[]
  description: string
  enabled: boolean
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = {
  url: '',
  event_types: [],
  description: '',
  enabled: true,
}

export function valuesOf(webhook: Webhook): FormValues {
  return {
    url: webhook.url,
    event_types: [...webhook.event_types],
    description: webhook.description,
    enabled: webhook.enabled,
  }
}

/** The chosen types in the contract's order, whatever order they were ticked in. */
export const inListOrder = (chosen: readonly string[]): WebhookEventType[] =>
  webhookEventTypes.filter((type) => chosen.includes(type))

export const webhookForm: FormCoreOptions<FormValues, WebhookInput, FormField> = {
  struct: WebhookInput,
  fields: ['url', 'event_types', 'description', 'enabled'],
  prepare: (values) => ({
    url: values.url.trim(),
    event_types: values.event_types,
    description: values.description.trim(),
    enabled: values.enabled,
  }),
}
