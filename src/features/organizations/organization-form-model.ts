import { validate } from 'superstruct'
import { ClientIds, OrganizationInput, type Organization } from '../../contract/organizations'
import { problemOfFailure, type Problem } from '../../contract/rules'
import { browserTimeZone } from '../../lib/time-zones'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses exactly what the server would
// (400) and names the same rules; the form layer words them in the user's language.

export interface FormValues {
  name: string
  description: string
  client_ids: string[]
  /** The IANA zone its places' schedules are read in (decision 065). */
  time_zone: string
}

export type FormField = keyof FormValues

/** A new organization starts on the clock of the browser it is set up in. */
export const emptyValues = (): FormValues => ({
  name: '',
  description: '',
  client_ids: [],
  time_zone: browserTimeZone(),
})

export function valuesOf(organization: Organization): FormValues {
  return {
    name: organization.name,
    description: organization.description,
    client_ids: [...organization.client_ids],
    time_zone: organization.time_zone,
  }
}

/** The form's fields in screen order, and what the contract checks: the text trimmed. */
export const organizationForm: FormCoreOptions<FormValues, OrganizationInput, FormField> = {
  struct: OrganizationInput,
  fields: ['name', 'description', 'client_ids', 'time_zone'],
  prepare: (values) => ({
    ...values,
    name: values.name.trim(),
    description: values.description.trim(),
    // No zone chosen keeps the organization's (UTC for a new one): the server's default.
    time_zone: values.time_zone === '' ? undefined : values.time_zone,
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
