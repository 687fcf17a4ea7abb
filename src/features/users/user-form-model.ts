import {
  canGrant,
  resourceActions,
  resources,
  type Action,
  type Resource,
} from '../../contract/permissions'
import { UserEdit, UserInput, type RolePermissions, type User } from '../../contract/users'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses exactly what the server would
// (400) and names the same rules. Keys are the contract's field names so problems land on them.

export interface FormValues {
  title: '' | 'Mr.' | 'Ms.'
  first_name: string
  last_name: string
  username: string
  email: string
  phone_number: string
  organization_id: string
  roles: string[]
  permissions: string[]
  client_ids: string[]
  notes: string
  disabled: boolean
  /** Shown on the edit form only (decision 074); a create leaves both unconfirmed. */
  email_confirmed: boolean
  phone_confirmed: boolean
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = {
  title: '',
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  phone_number: '',
  organization_id: '',
  roles: [],
  permissions: [],
  client_ids: [],
  notes: '',
  disabled: false,
  email_confirmed: false,
  phone_confirmed: false,
}

export function valuesOf(user: User): FormValues {
  return {
    title: user.title ?? '',
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    phone_number: user.phone_number ?? '',
    organization_id: String(user.organization_id),
    roles: [...user.roles],
    permissions: [...user.permissions],
    client_ids: [...user.client_ids],
    notes: user.notes,
    disabled: user.disabled,
    email_confirmed: user.email_confirmed,
    phone_confirmed: user.phone_confirmed,
  }
}

const inputFields = [
  'title',
  'first_name',
  'last_name',
  'username',
  'email',
  'phone_number',
  'organization_id',
  'roles',
  'permissions',
  'client_ids',
  'notes',
  'disabled',
] as const satisfies readonly FormField[]

/** What the create form sends: text trimmed, empties absent, no confirmation flags. */
const prepareInput = (values: FormValues) => ({
  title: values.title === '' ? null : values.title,
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  username: values.username.trim(),
  email: values.email.trim(),
  phone_number: values.phone_number.trim() === '' ? null : values.phone_number.trim(),
  organization_id: values.organization_id === '' ? undefined : Number(values.organization_id),
  roles: values.roles,
  permissions: values.permissions,
  client_ids: values.client_ids,
  notes: values.notes.trim(),
  disabled: values.disabled,
})

/** The create form's fields in screen order, and what the contract checks. */
export const userForm: FormCoreOptions<FormValues, UserEdit, FormField> = {
  struct: UserInput,
  fields: inputFields,
  prepare: prepareInput,
}

/** The edit form: the same fields, then "E-mail confirmed" and "Phone confirmed" (decision 074). */
export const editUserForm: FormCoreOptions<FormValues, UserEdit, FormField> = {
  struct: UserEdit,
  fields: [...inputFields, 'email_confirmed', 'phone_confirmed'],
  prepare: (values) => ({
    ...prepareInput(values),
    email_confirmed: values.email_confirmed,
    phone_confirmed: values.phone_confirmed,
  }),
}

/**
 * What an edit sends: a confirmation flag only when the admin changed it, so an address changed
 * on the form is unconfirmed by the server unless the box was ticked here.
 */
export function editPatch(input: UserEdit, user: User): UserEdit {
  const { email_confirmed, phone_confirmed, ...fields } = input
  return {
    ...fields,
    ...(email_confirmed === user.email_confirmed ? {} : { email_confirmed }),
    ...(phone_confirmed === user.phone_confirmed ? {} : { phone_confirmed }),
  }
}

/** The roles a caller may assign: only those whose every permission the caller holds. */
export function grantableRoles(
  held: readonly string[],
  roles: readonly RolePermissions[],
): RolePermissions[] {
  return roles.filter((role) => canGrant(held, role.permissions))
}

export type Scope = 'all' | 'org'
export interface MatrixColumn {
  key: string
  action: Action
  scope: Scope
}

/**
 * The matrix's groups: the resources people read, create and update, then the lockdown's own three
 * rights. A group is the resources whose rights all lie in its actions, so a new resource lands in
 * the group that fits it instead of adding empty columns to every row.
 */
export interface MatrixGroup {
  key: 'records' | 'lockdown'
  resources: readonly Resource[]
  actions: readonly Action[]
}
const groupOf = (key: MatrixGroup['key'], groupActions: readonly Action[]): MatrixGroup => ({
  key,
  actions: groupActions,
  resources: resources.filter((r) => resourceActions[r].every((a) => groupActions.includes(a))),
})
export const recordsGroup = groupOf('records', ['read', 'create', 'update'])
export const lockdownGroup = groupOf('lockdown', resourceActions.lockdown)
export const matrixGroups: readonly MatrixGroup[] = [recordsGroup, lockdownGroup]

/** `users:read` or `users:read:org` when that permission exists, else null. */
export function permissionOf(resource: Resource, action: Action, scope: Scope): string | null {
  if (!resourceActions[resource].includes(action)) return null
  return scope === 'all' ? `${resource}:${action}` : `${resource}:${action}:org`
}

/**
 * A group's matrix cells a caller may tick: a permission only where the caller covers it (the
 * server's canGrant). Columns with no grantable cell are left out, so an org admin sees no global
 * column, and a caller who may grant nothing of a group sees no matrix for it.
 */
export function grantMatrix(held: readonly string[], group: MatrixGroup) {
  const cell = (resource: Resource, column: MatrixColumn) => {
    const permission = permissionOf(resource, column.action, column.scope)
    return permission !== null && canGrant(held, [permission]) ? permission : null
  }
  const columns = (['all', 'org'] as const)
    .flatMap((scope) =>
      group.actions.map((action): MatrixColumn => ({ key: `${action}-${scope}`, action, scope })),
    )
    .filter((column) => group.resources.some((resource) => cell(resource, column) !== null))
  const byKey = new Map(columns.map((column) => [column.key, column]))
  return {
    key: group.key,
    resources: group.resources,
    columns,
    cellValue: (resource: string, key: string) => {
      const column = byKey.get(key)
      const known = group.resources.find((r) => r === resource)
      return column && known ? cell(known, column) : null
    },
  }
}

/** Effective permissions grouped by resource, in the contract's resource order (the view shows them). */
export function groupByResource(permissions: readonly string[]): [string, string[]][] {
  return resources
    .map((resource): [string, string[]] => [
      resource,
      permissions.filter((p) => {
        const rest = p.startsWith(`${resource}:`) ? p.slice(resource.length + 1) : null
        const action = rest?.replace(/:org$/, '')
        return resourceActions[resource].some((a) => a === action)
      }),
    ])
    .filter(([, list]) => list.length > 0)
}
