import { validate } from 'superstruct'
import { ClientIds, OrganizationInput, type Organization } from '../../contract/organizations'
import { problemOfFailure, type Problem } from '../../contract/rules'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses exactly what the server would
// (400) and names the same rules; the form layer words them in the user's language.

export interface FormValues {
  name: string
  description: string
  client_ids: string[]
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = { name: '', description: '', client_ids: [] }

export function valuesOf(organization: Organization): FormValues {
  return {
    name: organization.name,
    description: organization.description,
    client_ids: [...organization.client_ids],
  }
}

/** The form's fields in screen order, and what the contract checks: the text trimmed. */
export const organizationForm: FormCoreOptions<FormValues, OrganizationInput, FormField> = {
  struct: OrganizationInput,
  fields: ['name', 'description', 'client_ids'],
  prepare: (values) => ({
    ...values,
    name: values.name.trim(),
    description: values.description.trim(),
  }),
}

export type AddClient = { ok: true; clientIds: string[] } | { ok: false; problem: Problem }

/** Adds the client id typed into the client field if the contract takes the longer list. */
export function addClient(clientIds: readonly string[], draft: string): AddClient {
  const next = [...clientIds, draft.trim()]
  const [error] = validate(next, ClientIds)
  const failure = error?.failures()[0]
  return failure ? { ok: false, problem: problemOfFailure(failure) } : { ok: true, clientIds: next }
}
