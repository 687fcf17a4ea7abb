import { AccessRuleInput, type AccessRule, type RuleTarget } from '../../contract/access-model'
import { requiredId } from '../../contract/fields'
import { intersection, nullable, type, type Infer } from '../../contract/struct'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses exactly what the server would
// (400) and names the same rules; the form layer words them in the user's language. One rule of
// its own: "On a schedule" with none chosen is refused, where the contract would read a missing
// schedule as "at any time" and open the doors round the clock.

export interface FormValues {
  name: string
  /** Chosen group ids, as the picker holds them. */
  group_ids: string[]
  /** With their names, to show them; only type and id are sent. */
  targets: RuleTarget[]
  anyTime: boolean
  /** The chosen schedule's id, '' for none. */
  schedule_id: string
  /** ISO instants with the browser zone's offset, '' when there is no such limit. */
  valid_from: string
  valid_until: string
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = {
  name: '',
  group_ids: [],
  targets: [],
  anyTime: false,
  schedule_id: '',
  valid_from: '',
  valid_until: '',
}

export function valuesOf(rule: AccessRule): FormValues {
  return {
    name: rule.name,
    group_ids: rule.group_ids.map(String),
    targets: rule.targets.map((t) => ({ ...t })),
    anyTime: rule.schedule_id === null,
    schedule_id: rule.schedule_id === null ? '' : String(rule.schedule_id),
    valid_from: rule.valid_from ?? '',
    valid_until: rule.valid_until ?? '',
  }
}

/** The contract's rule, and a schedule unless "At any time" is chosen. */
export const RuleFormInput = intersection([
  AccessRuleInput,
  type({ schedule_id: nullable(requiredId('schedule')) }),
])

const idOf = (value: string) => (value === '' ? undefined : Number(value))

export type RuleFormInput = Infer<typeof RuleFormInput>

export const ruleForm: FormCoreOptions<FormValues, RuleFormInput, FormField> = {
  struct: RuleFormInput,
  fields: ['name', 'group_ids', 'targets', 'anyTime', 'schedule_id', 'valid_from', 'valid_until'],
  prepare: (values) => ({
    name: values.name.trim(),
    group_ids: values.group_ids.map(Number),
    targets: values.targets.map(({ type, id }) => ({ type, id })),
    schedule_id: values.anyTime ? null : idOf(values.schedule_id),
    valid_from: values.valid_from === '' ? null : values.valid_from,
    valid_until: values.valid_until === '' ? null : values.valid_until,
  }),
}
