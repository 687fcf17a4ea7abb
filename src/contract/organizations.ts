import { array, define, object, optional, refine, string, type Infer } from './struct'
import { Id, IsoDateTime, optionalText, requiredText } from './fields'
import { listQuery } from './list'
import { fail, required } from './rules'
import { TimeZone } from './time-zone'

/** A client identifier (e.g. an OAuth client or tenant key): letters, digits, `.`, `_`, `:`, `-`. */
export const ClientId = define<string>(
  'client_id',
  (v) =>
    (typeof v === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(v)) ||
    fail(
      'client_id_invalid',
      'Expected a client id of 1-64 letters, digits, ".", "_", ":" or "-".',
    ),
)

// Duplicates inside one list fail here (400, client_exists); a client already owned by another
// organization fails on the server (409, taken).
export const ClientIds = refine(array(ClientId), 'client_ids', (ids) => {
  if (ids.length === 0) return required('clients')
  if (ids.length > 50)
    return fail('too_many', 'At most 50 clients.', { max: 50, subject: 'clients' })
  return new Set(ids).size === ids.length || fail('client_exists', 'Client already exists!')
})

export const Organization = object({
  organization_id: Id,
  name: string(),
  description: string(),
  client_ids: array(string()),
  /** The IANA zone its places' schedules are read in, unless a location has its own (decision 065). */
  time_zone: string(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Organization = Infer<typeof Organization>

export const OrganizationInput = object({
  name: requiredText('name', 200),
  description: optional(optionalText(2000)),
  client_ids: ClientIds,
  /** UTC when absent. */
  time_zone: optional(TimeZone),
})
export type OrganizationInput = Infer<typeof OrganizationInput>

export const OrganizationUpdate = object({
  name: optional(requiredText('name', 200)),
  description: optional(optionalText(2000)),
  client_ids: optional(ClientIds),
  time_zone: optional(TimeZone),
})
export type OrganizationUpdate = Infer<typeof OrganizationUpdate>

export const organizationSortKeys = ['organization_id', 'name', 'created_at'] as const
export const OrganizationListQuery = listQuery(organizationSortKeys, 'organization_id')
