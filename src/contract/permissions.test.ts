import { describe, expect, it } from 'vitest'
import { allPermissions, can, inScope, isPermission, needs, scopeOf } from './permissions'

describe('permissions', () => {
  it('lists read/create/update with and without :org, and only read for audits', () => {
    expect(allPermissions).toHaveLength(5 * 3 * 2 + 2)
    expect(allPermissions).toContain('devices:audits:read:org')
    expect(allPermissions).not.toContain('devices:audits:create')
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
})
