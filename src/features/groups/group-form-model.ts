import { GroupInput, GroupUpdate, type Group } from '../../contract/access-model'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own structs, so it refuses exactly what the server would
// (400) and names the same rules; the form layer words them in the user's language.

export interface FormValues {
  name: string
  description: string
  /** The owning organization's id as the picker holds it; '' for the caller's own (create only). */
  organization_id: string
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = { name: '', description: '', organization_id: '' }

export function valuesOf(group: Group): FormValues {
  return {
    name: group.name,
    description: group.description,
    organization_id: String(group.organization_id),
  }
}

const text = (values: FormValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
})

/** A new group: its name, description and, for a global administrator, its organization. */
export const createGroupForm: FormCoreOptions<FormValues, GroupInput, FormField> = {
  struct: GroupInput,
  fields: ['name', 'description', 'organization_id'],
  prepare: (values) => ({
    ...text(values),
    ...(values.organization_id === '' ? {} : { organization_id: Number(values.organization_id) }),
  }),
}

/** A group's name and description; it stays in its organization. */
export const updateGroupForm: FormCoreOptions<FormValues, GroupUpdate, FormField> = {
  struct: GroupUpdate,
  fields: ['name', 'description'],
  prepare: text,
}
