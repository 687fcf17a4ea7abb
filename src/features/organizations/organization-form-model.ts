import { is, validate } from 'superstruct'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import {
  ClientId,
  OrganizationInput,
  type Organization,
  type OrganizationInput as Input,
} from '../../contract/organizations'

// The form validates with the contract's own structs, so it refuses exactly what the server would
// (400) and shows the same SPEC 5 rules; the contract's English texts are mapped to i18n keys here.

export type FormField = 'name' | 'description' | 'client_ids'

export interface FormValues {
  name: string
  description: string
  client_ids: string[]
}

export type Problem =
  | { kind: 'nameRequired' }
  | { kind: 'clientsRequired' }
  | { kind: 'clientExists' }
  | { kind: 'clientInvalid' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'tooManyClients'; max: number }
  | { kind: 'unknown' }

export type FieldProblems = Partial<Record<FormField, Problem>>

export const emptyValues: FormValues = { name: '', description: '', client_ids: [] }

export function valuesOf(organization: Organization): FormValues {
  return {
    name: organization.name,
    description: organization.description,
    client_ids: [...organization.client_ids],
  }
}

/** A contract (or server) message as a problem the console can say in either language. */
export function problemOf(message: string): Problem {
  if (message === 'Name is required.') return { kind: 'nameRequired' }
  if (message === 'Please provide at least one client.') return { kind: 'clientsRequired' }
  if (message === 'Client already exists!') return { kind: 'clientExists' }
  if (message.startsWith('Expected a client id')) return { kind: 'clientInvalid' }
  const tooLong = /^At most (\d+) characters\.$/.exec(message)
  if (tooLong) return { kind: 'tooLong', max: Number(tooLong[1]) }
  const tooMany = /^At most (\d+) clients\.$/.exec(message)
  if (tooMany) return { kind: 'tooManyClients', max: Number(tooMany[1]) }
  return { kind: 'unknown' }
}

export function problemText(LL: TranslationFunctions, problem: Problem): string {
  switch (problem.kind) {
    case 'nameRequired':
      return LL.validation.nameRequired()
    case 'clientsRequired':
      return LL.validation.clientsRequired()
    case 'clientExists':
      return LL.validation.clientExists()
    case 'clientInvalid':
      return LL.organizations.clientInvalid()
    case 'tooLong':
      return LL.organizations.tooLong({ max: problem.max })
    case 'tooManyClients':
      return LL.organizations.tooManyClients({ max: problem.max })
    case 'unknown':
      return LL.errors.default_error()
  }
}

const fields: readonly FormField[] = ['name', 'description', 'client_ids']
const isField = (key: unknown): key is FormField => fields.some((field) => field === key)

export type Validation = { ok: true; input: Input } | { ok: false; problems: FieldProblems }

export function validateOrganization(values: FormValues): Validation {
  const [error, input] = validate(
    { ...values, name: values.name.trim(), description: values.description.trim() },
    OrganizationInput,
  )
  if (!error) return { ok: true, input }
  const problems: FieldProblems = {}
  for (const failure of error.failures()) {
    const field: unknown = failure.path[0]
    if (isField(field) && !problems[field]) problems[field] = problemOf(failure.message)
  }
  return { ok: false, problems }
}

export type AddClient = { ok: true; clientIds: string[] } | { ok: false; problem: Problem }

/** Adds one client id typed into the client field, refusing a malformed id or a duplicate. */
export function addClient(clientIds: readonly string[], draft: string): AddClient {
  const id = draft.trim()
  if (!is(id, ClientId)) return { ok: false, problem: { kind: 'clientInvalid' } }
  if (clientIds.includes(id)) return { ok: false, problem: { kind: 'clientExists' } }
  return { ok: true, clientIds: [...clientIds, id] }
}
