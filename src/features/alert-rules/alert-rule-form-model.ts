import {
  AlertRuleInput,
  thresholdEventTypes,
  type AlertChannel,
  type AlertEventType,
  type AlertRule,
  type AlertScopeKind,
  type Severity,
} from '../../contract/alerts'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses what the server would (400) and
// names the same fields; a server refusal (`scope.id`, `recipients.group_ids`, `event_types.0`)
// lands on the field its first part names. Ids are text while picked, numbers when sent.

export interface FormValues {
  name: string
  event_types: AlertEventType[]
  /** The kind of place and the chosen one's id, '' for none yet. */
  scope: { kind: AlertScopeKind; id: string }
  /** Seconds as typed; sent only while an event type that lasts is chosen. */
  threshold_s: string
  severity: Severity
  instructions: string
  recipients: { user_ids: string[]; group_ids: string[] }
  channels: AlertChannel[]
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = {
  name: '',
  event_types: [],
  scope: { kind: 'location', id: '' },
  threshold_s: '',
  severity: 'warning',
  instructions: '',
  recipients: { user_ids: [], group_ids: [] },
  channels: ['console'],
}

export function valuesOf(rule: AlertRule): FormValues {
  return {
    name: rule.name,
    event_types: [...rule.event_types],
    scope: { kind: rule.scope.kind, id: String(rule.scope.id) },
    threshold_s: rule.threshold_s === 0 ? '' : String(rule.threshold_s),
    severity: rule.severity,
    instructions: rule.instructions,
    recipients: {
      user_ids: rule.recipients.user_ids.map(String),
      group_ids: rule.recipients.group_ids.map(String),
    },
    channels: [...rule.channels],
  }
}

/** Whether the chosen events include a condition that lasts, the only ones a threshold is for. */
export const takesThreshold = (types: readonly AlertEventType[]) =>
  types.some((type) => thresholdEventTypes.includes(type))

// Text that is not a whole number is sent as typed, for the contract to refuse by its rule.
const numberOrText = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : text)

export const alertRuleForm: FormCoreOptions<FormValues, AlertRuleInput, FormField> = {
  struct: AlertRuleInput,
  fields: [
    'name',
    'event_types',
    'threshold_s',
    'scope',
    'severity',
    'instructions',
    'recipients',
    'channels',
  ],
  prepare: (values) => ({
    name: values.name.trim(),
    event_types: values.event_types,
    scope: {
      kind: values.scope.kind,
      ...(values.scope.id === '' ? {} : { id: numberOrText(values.scope.id) }),
    },
    ...(takesThreshold(values.event_types) && values.threshold_s.trim() !== ''
      ? { threshold_s: numberOrText(values.threshold_s.trim()) }
      : {}),
    severity: values.severity,
    instructions: values.instructions.trim(),
    recipients: {
      user_ids: values.recipients.user_ids.map(Number),
      group_ids: values.recipients.group_ids.map(Number),
    },
    channels: values.channels,
  }),
}
