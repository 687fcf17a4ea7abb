import { describe, expect, it } from 'vitest'
import {
  allPermissions,
  canGrant,
  canManageUser,
  covers,
  inScope,
  isPermission,
  can,
  needs,
  scopeOf,
  userManagement,
  type ManageVerdict,
  type Person,
} from './permissions'

// The demo roles (server/db/seed-data.ts), spelled out so the table reads on its own.
const global = allPermissions.filter((p) => !p.endsWith(':org'))
const org = allPermissions.filter((p) => p.endsWith(':org'))
const ACME = 1
const GLOBEX = 2
const person = (organizationId: number, permissions: readonly string[]): Person => ({
  organizationId,
  permissions,
})
const auditor = [
  'devices:audits:read:org',
  'groups:read:org',
  'schedules:read:org',
  'access_rules:read:org',
]
const people = {
  'global admin (Acme)': person(ACME, global),
  'org admin (Acme)': person(ACME, org),
  'org admin (Globex)': person(GLOBEX, org),
  'staff (Acme)': person(
    ACME,
    org.filter((p) => p.includes(':read:')),
  ),
  'auditor (Acme)': person(ACME, auditor),
  'auditor (Globex)': person(GLOBEX, auditor),
}
type Who = keyof typeof people

describe('permissions', () => {
  it('lists read/create/update with and without :org, only read for audits and the journal, and start/release/override for lockdown, read/update for the access model, the alerts and the webhooks', () => {
    expect(allPermissions).toHaveLength(5 * 3 * 2 + 2 + 2 + 3 * 2 + 3 * 2 * 2 + 3 * 2 * 2)
    expect(allPermissions).toContain('incidents:update:org')
    expect(needs('webhooks', 'create')).toEqual(['webhooks:update', 'webhooks:update:org'])
    expect(allPermissions).toContain('webhooks:read:org')
    expect(needs('alert_rules', 'create')).toEqual(['alert_rules:update', 'alert_rules:update:org'])
    expect(allPermissions).toContain('access_rules:update:org')
    expect(allPermissions).not.toContain('groups:create')
    expect(needs('groups', 'create')).toEqual(['groups:update', 'groups:update:org'])
    expect(needs('schedules', 'delete')).toEqual(['schedules:update', 'schedules:update:org'])
    expect(allPermissions).toContain('lockdown:override')
    expect(allPermissions).toContain('lockdown:release:org')
    expect(allPermissions).not.toContain('lockdown:read')
    expect(allPermissions).not.toContain('users:start')
    expect(allPermissions).toContain('devices:audits:read:org')
    expect(allPermissions).not.toContain('devices:audits:create')
    expect(allPermissions).toContain('journal:read')
    expect(allPermissions).toContain('journal:read:org')
    expect(allPermissions).not.toContain('journal:create')
    expect(isPermission('users:delete')).toBe(false)
  })

  it('allows when any one listed permission is held, or when none is needed', () => {
    expect(can(['users:read:org'], ['users:read', 'users:read:org'])).toBe(true)
    expect(can(['users:read:org'], ['organizations:read'])).toBe(false)
    expect(can([], [])).toBe(true)
  })

  it('maps delete to update and prefers the global scope', () => {
    expect(needs('locations', 'delete')).toEqual(['locations:update', 'locations:update:org'])
    expect(scopeOf(['users:update', 'users:update:org'], 'users', 'delete')).toBe('all')
    expect(scopeOf(['users:update:org'], 'users', 'update')).toBe('org')
    expect(scopeOf(['users:read'], 'users', 'update')).toBeNull()
  })

  it('keeps org scope inside the own organization', () => {
    expect(inScope('org', 1, 1)).toBe(true)
    expect(inScope('org', 1, 2)).toBe(false)
    expect(inScope('all', 1, 2)).toBe(true)
    expect(inScope(null, 1, 1)).toBe(false)
  })

  it('lets a global permission cover its :org form, never the other way round', () => {
    expect(covers(['users:read'], 'users:read:org')).toBe(true)
    expect(covers(['users:read:org'], 'users:read')).toBe(false)
    expect(covers(['devices:audits:read'], 'devices:audits:read:org')).toBe(true)
    expect(covers(['users:read'], 'users:update:org')).toBe(false)
    expect(canGrant(global, org)).toBe(true)
    expect(canGrant(org, ['users:read'])).toBe(false)
  })
})

describe('who may edit, delete or invite whom', () => {
  const table: [Who, Who, ManageVerdict][] = [
    ['global admin (Acme)', 'global admin (Acme)', 'allowed'],
    ['global admin (Acme)', 'org admin (Globex)', 'allowed'],
    ['global admin (Acme)', 'staff (Acme)', 'allowed'],
    ['global admin (Acme)', 'auditor (Acme)', 'allowed'],
    ['global admin (Acme)', 'auditor (Globex)', 'allowed'],
    ['org admin (Acme)', 'global admin (Acme)', 'exceeds'],
    ['org admin (Acme)', 'org admin (Acme)', 'allowed'],
    ['org admin (Acme)', 'staff (Acme)', 'allowed'],
    ['org admin (Acme)', 'auditor (Acme)', 'allowed'],
    ['org admin (Acme)', 'auditor (Globex)', 'out_of_scope'],
    ['org admin (Globex)', 'org admin (Acme)', 'out_of_scope'],
    ['staff (Acme)', 'auditor (Acme)', 'no_permission'],
    ['staff (Acme)', 'staff (Acme)', 'no_permission'],
    ['auditor (Acme)', 'auditor (Acme)', 'no_permission'],
    ['auditor (Acme)', 'staff (Acme)', 'no_permission'],
  ]
  it.each(table)('%s → %s: %s', (caller, target, verdict) => {
    expect(userManagement(people[caller], people[target])).toBe(verdict)
    expect(canManageUser(people[caller], people[target])).toBe(verdict === 'allowed')
  })

  it('refuses a caller whose direct grant exceeds its role only for what it lacks', () => {
    const orgAdminWithGlobalAudits = person(ACME, [...org, 'devices:audits:read'])
    const auditorGlobal = person(ACME, ['devices:audits:read'])
    expect(userManagement(people['org admin (Acme)'], auditorGlobal)).toBe('exceeds')
    expect(userManagement(orgAdminWithGlobalAudits, auditorGlobal)).toBe('allowed')
  })
})
