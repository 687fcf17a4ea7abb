// Requirements R6.1: permissions are `resource:action` with an optional `:org` suffix. One rule for
// the console (menus, routes, buttons, palette) and the server (every handler): any one listed
// permission suffices.

export const resources = [
  'organizations',
  'users',
  'locations',
  'devices',
  'credentials',
  'devices:audits',
  'journal',
  'lockdown',
  // Who may enter, when (decision 065): groups and members; schedules and their calendars; rules.
  'groups',
  'schedules',
  'access_rules',
  // Alerts (decision 079): rules that open incidents, and the incidents people handle.
  'alert_rules',
  'incidents',
  // Webhooks (decision 081): an organization's endpoints, their deliveries and secrets.
  'webhooks',
] as const
export type Resource = (typeof resources)[number]

export const actions = ['read', 'create', 'update', 'start', 'release', 'override'] as const
export type Action = (typeof actions)[number]
const crud = ['read', 'create', 'update'] as const

// The audit log and the journal are written by the server only; people can read them. A lockdown
// is started, released (two people) and overridden (docs/lockdown.md); everyone signed in reads
// their organization's lockdowns, so there is no lockdown:read.
export const resourceActions: Record<Resource, readonly Action[]> = {
  organizations: crud,
  users: crud,
  locations: crud,
  devices: crud,
  credentials: crud,
  'devices:audits': ['read'],
  journal: ['read'],
  lockdown: ['start', 'release', 'override'],
  groups: ['read', 'update'],
  schedules: ['read', 'update'],
  access_rules: ['read', 'update'],
  alert_rules: ['read', 'update'],
  incidents: ['read', 'update'],
  webhooks: ['read', 'update'],
}

export type Permission = `${Resource}:${Action}` | `${Resource}:${Action}:org`

export const allPermissions: readonly Permission[] = resources.flatMap((resource) =>
  resourceActions[resource].flatMap((action): Permission[] => [
    `${resource}:${action}`,
    `${resource}:${action}:org`,
  ]),
)

export function isPermission(value: string): value is Permission {
  return (allPermissions as readonly string[]).includes(value)
}

/** True when `anyOf` is empty (no permission needed) or the caller holds at least one of them. */
export function can(permissions: readonly string[], anyOf: readonly string[]): boolean {
  return anyOf.length === 0 || anyOf.some((p) => permissions.includes(p))
}

/**
 * The product names no delete action (requirements R6.1): deleting needs the update permission of
 * the resource, with the same scope. Kept in one table so the console's delete buttons and the
 * server agree.
 */
export type Operation = Action | 'delete'
const operationAction: Record<Operation, Action> = {
  read: 'read',
  create: 'create',
  update: 'update',
  start: 'start',
  release: 'release',
  override: 'override',
  delete: 'update',
}

// An organization has no parent organization to be scoped to: creating one, or deleting one (it
// still holds the org admin who would delete it), is for global administrators only. Requirements
// R2.3 lists organizations:create:org for /organizations/create; the console offers only what the
// server allows.
const globalOnly: ReadonlySet<string> = new Set(['organizations/create', 'organizations/delete'])

/**
 * THE rule of who may do what: the permissions any one of which allows `operation` on `resource`,
 * global first, then `:org`. Routes, menus, buttons, the palette and every server handler read it.
 */
export function needs(resource: Resource, operation: Operation): readonly Permission[] {
  const named = operationAction[operation]
  // Groups, schedules and rules name no create: making one is changing the organization's model.
  const action = resourceActions[resource].includes(named) ? named : 'update'
  const global: Permission = `${resource}:${action}`
  return globalOnly.has(`${resource}/${operation}`)
    ? [global]
    : [global, `${resource}:${action}:org`]
}

/** Whether `permissions` allow `operation` on `resource` in some scope. */
export function allows(
  permissions: readonly string[],
  resource: Resource,
  operation: Operation,
): boolean {
  return can(permissions, needs(resource, operation))
}

/**
 * `all` — every organization; `org` — only objects of the caller's own organization (others answer
 * 404, as if absent); `null` — not allowed. A global permission wins over its `:org` twin.
 */
export type Scope = 'all' | 'org'

/** The session's permission check: true when any one of `anyOf` is granted (requirements R6.4). */
export type Can = (anyOf: readonly string[]) => boolean

export function scopeOf(
  permissions: readonly string[],
  resource: Resource,
  operation: Operation,
): Scope | null {
  const [global, org] = needs(resource, operation)
  if (global !== undefined && permissions.includes(global)) return 'all'
  if (org !== undefined && permissions.includes(org)) return 'org'
  return null
}

/** Whether a caller with `scope` in `ownOrganizationId` may touch an object of `organizationId`. */
export function inScope(
  scope: Scope | null,
  ownOrganizationId: number,
  organizationId: number,
): boolean {
  return scope === 'all' || (scope === 'org' && ownOrganizationId === organizationId)
}

/** Device commands change a device's state: they need device update rights (decision 008). */
export const deviceCommandNeeds = needs('devices', 'update')

/** Who may start a lockdown, request or approve its release, and command a door during one. */
export const lockdownNeeds = {
  start: needs('lockdown', 'start'),
  release: needs('lockdown', 'release'),
  override: needs('lockdown', 'override'),
} as const

/** An offline PIN is an access right written into a credential. */
export const createPinNeeds = needs('credentials', 'update')

/**
 * Whether `held` includes `permission`: the same string, or the global form of an `:org` permission
 * (a global permission covers every organization, its own included).
 */
export function covers(held: readonly string[], permission: string): boolean {
  return (
    held.includes(permission) ||
    (permission.endsWith(':org') && held.includes(permission.slice(0, -4)))
  )
}

/** Nobody grants what they do not hold: every permission granted must be covered by the caller's. */
export function canGrant(held: readonly string[], granted: readonly string[]): boolean {
  return granted.every((permission) => covers(held, permission))
}

/** A person as the management rule sees them: their organization and effective permissions. */
export interface Person {
  organizationId: number
  permissions: readonly string[]
}

/**
 * `allowed`; `no_permission` — the caller holds neither users:update nor users:update:org;
 * `out_of_scope` — the target is in another organization and the caller's scope is `org`
 * (the server answers 404, as if absent); `exceeds` — the target holds a permission the caller
 * does not cover (403: an org admin may not edit, delete or invite a global admin).
 */
export type ManageVerdict = 'allowed' | 'no_permission' | 'out_of_scope' | 'exceeds'

/**
 * Who may edit, delete, or send a set-password or reset link to whom: one rule for
 * PUT/DELETE /org/v1/users/{id}, POST /notify invites and the console's buttons.
 */
export function userManagement(caller: Person, target: Person): ManageVerdict {
  const scope = scopeOf(caller.permissions, 'users', 'update')
  if (scope === null) return 'no_permission'
  if (!inScope(scope, caller.organizationId, target.organizationId)) return 'out_of_scope'
  return canGrant(caller.permissions, target.permissions) ? 'allowed' : 'exceeds'
}

export const canManageUser = (caller: Person, target: Person): boolean =>
  userManagement(caller, target) === 'allowed'

/** A person with their account's id, for the rules that tell one's own account apart. */
export interface Account extends Person {
  userId: number
}

export type UserChange = 'edit' | 'invite' | 'disable' | 'delete' | 'offboard'

/** Why a change to a user is refused: the management rule's verdict, or one's own account. */
export type UserRefusal = Exclude<ManageVerdict, 'allowed'> | 'own_account'

/**
 * THE rule for changing a user, which the server's PUT, DELETE and invites and the console's
 * buttons, edit page and palette all apply: the management rule, and nobody disables, deletes or
 * offboards their own account (they would lock themselves out). Null when the change is allowed.
 * The last account holding users:update everywhere is the server's to judge (decision 074): it
 * reads every account under a lock.
 */
export function userChangeRefusal(
  caller: Account,
  target: Account,
  change: UserChange,
): UserRefusal | null {
  const verdict = userManagement(caller, target)
  if (verdict !== 'allowed') return verdict
  const own = caller.userId === target.userId
  return own && (change === 'disable' || change === 'delete' || change === 'offboard')
    ? 'own_account'
    : null
}

/** Sending a set-password invite is managing that user: the same permission as editing it. */
export const inviteNeeds = needs('users', 'update')
