import {
  array,
  boolean,
  define,
  enums,
  nullable,
  object,
  optional,
  partial,
  string,
  type Infer,
} from './struct'
import { Email, Id, IsoDateTime, optionalText, requiredText } from './fields'
import { ClientId } from './organizations'
import { listQuery } from './list'
import { isPermission } from './permissions'
import { fail, required } from './rules'

export const Title = enums(['Mr.', 'Ms.'])
export type Title = Infer<typeof Title>

/** The session's profile (GET /org/v1/users/me); `permissions` are the effective ones. */
export const Me = object({
  user_id: Id,
  username: string(),
  email: string(),
  title: nullable(Title),
  first_name: string(),
  last_name: string(),
  roles: array(string()),
  permissions: array(string()),
  organization_id: Id,
  organization_name: string(),
})
export type Me = Infer<typeof Me>

/**
 * A user as listed and shown. `permissions` are what the user holds, as stored; a role only
 * pre-fills them (docs/decisions/021). `effective_permissions` is that set sorted and once each,
 * the set the server checks.
 */
export const User = object({
  user_id: Id,
  username: string(),
  email: string(),
  title: nullable(Title),
  first_name: string(),
  last_name: string(),
  phone_number: nullable(string()),
  notes: string(),
  roles: array(string()),
  permissions: array(string()),
  effective_permissions: array(string()),
  organization_id: Id,
  organization_name: string(),
  client_ids: array(string()),
  disabled: boolean(),
  email_confirmed: boolean(),
  phone_confirmed: boolean(),
  /** When an admin cleared "e-mail confirmed": no reset mail goes to the address meanwhile. */
  email_withdrawn_at: nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type User = Infer<typeof User>

const Roles = define<string[]>('roles', (v) => {
  if (!Array.isArray(v) || v.length === 0) return required('roles')
  if (v.length > 10) return fail('too_many', 'At most 10 roles.', { max: 10 })
  return (
    v.every((r) => typeof r === 'string' && /^[a-z_]{1,40}$/.test(r)) ||
    fail('role_invalid', 'Expected a known role.')
  )
})

const Permissions = define<string[]>('permissions', (v) => {
  const known = 'Expected a list of known permissions.'
  if (v === undefined || (Array.isArray(v) && v.length === 0)) return required('permissions')
  if (!Array.isArray(v)) return fail('permission_invalid', known)
  if (v.length > 64) return fail('too_many', 'At most 64 permissions.', { max: 64 })
  return (
    v.every((p) => typeof p === 'string' && isPermission(p)) || fail('permission_invalid', known)
  )
})

// "Organization is required." (requirements R5.1): no silent default to the caller's organization.
const OrganizationId = define<number>('organization_id', (v) =>
  v === undefined || v === null || v === ''
    ? required('organization')
    : Number.isInteger(v) && (v as number) > 0
      ? true
      : fail('id_invalid', 'Expected a positive id'),
)

const Phone = define<string>(
  'phone',
  (v) =>
    (typeof v === 'string' && /^\+?[0-9 ()-]{4,30}$/.test(v)) ||
    fail('phone_invalid', 'Expected a phone number.'),
)

const userFields = {
  username: requiredText('username', 100),
  email: Email,
  title: optional(nullable(Title)),
  first_name: optional(optionalText(100)),
  last_name: optional(optionalText(100)),
  phone_number: optional(nullable(Phone)),
  notes: optional(optionalText(2000)),
  roles: Roles,
  /**
   * Everything the user may do; the form pre-fills it from the chosen role (requirements R5.1: at
   * least one).
   */
  permissions: Permissions,
  organization_id: OrganizationId,
  /** Each must be one of the organization's client_ids. */
  client_ids: optional(array(ClientId)),
  disabled: optional(boolean()),
}

/** POST /org/v1/users. No password: the user sets it from the invite link (/notify). */
export const UserInput = object(userFields)
export type UserInput = Infer<typeof UserInput>

/**
 * The edit form's fields: the input's, and the confirmation flags an admin sets or clears (decision
 * 074). Left out, a changed address or number is unconfirmed; clearing "e-mail confirmed" holds
 * password-reset mail to the address until it is confirmed again.
 */
export const UserEdit = object({
  ...userFields,
  email_confirmed: optional(boolean()),
  phone_confirmed: optional(boolean()),
})
export type UserEdit = Infer<typeof UserEdit>

/** PUT /org/v1/users/{id}: any subset of the edit fields; the merged result must be a valid input. */
export const UserUpdate = partial(UserEdit)
export type UserUpdate = Infer<typeof UserUpdate>

export const userSortKeys = [
  'user_id',
  'username',
  'email',
  'first_name',
  'last_name',
  'created_at',
] as const
export const UserListQuery = listQuery(userSortKeys, 'user_id')

export const PermissionsResponse = object({ permissions: array(string()) })
export type PermissionsResponse = Infer<typeof PermissionsResponse>

export const RolePermissions = object({ role: string(), permissions: array(string()) })
export type RolePermissions = Infer<typeof RolePermissions>

export const RolesPermissionsResponse = object({ data: array(RolePermissions) })
export type RolesPermissionsResponse = Infer<typeof RolesPermissionsResponse>
