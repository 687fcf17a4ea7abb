import { describe, expect, it } from 'vitest'
import { buildBreadcrumb, isIdLike, parentPath } from './breadcrumb'

const routes = [
  { id: 'dashboard', path: '/' },
  { id: 'organizations', path: '/organizations' },
  { id: 'organizations.create', path: '/organizations/create' },
  { id: 'organizations.edit', path: '/organizations/edit/:id' },
  { id: 'users.view', path: '/users/view/:id' },
]

describe('isIdLike', () => {
  it('accepts numbers, UUIDs and long alphanumeric tokens', () => {
    expect(isIdLike('42')).toBe(true)
    expect(isIdLike('3f2b8c1e-9d4a-4b6e-8f00-1234567890ab')).toBe(true)
    expect(isIdLike('org_01HV3K9ZQ')).toBe(true)
  })
  it('rejects words', () => {
    expect(isIdLike('organizations')).toBe(false)
    expect(isIdLike('edit')).toBe(false)
    expect(isIdLike('v2')).toBe(false)
  })
})

describe('buildBreadcrumb', () => {
  it('links ancestors but not Edit, nor the id at the end', () => {
    expect(buildBreadcrumb('/organizations/edit/7', routes)).toEqual([
      { href: '/', label: { kind: 'route', routeId: 'dashboard' } },
      { href: '/organizations', label: { kind: 'route', routeId: 'organizations' } },
      { href: null, label: { kind: 'action', action: 'edit' } },
      { href: null, label: { kind: 'id', id: '7' } },
    ])
  })

  it('names a create page by its route and does not link the last crumb', () => {
    expect(buildBreadcrumb('/organizations/create', routes).at(-1)).toEqual({
      href: null,
      label: { kind: 'route', routeId: 'organizations.create' },
    })
  })

  it('does not link View nor prefixes without a route', () => {
    const crumbs = buildBreadcrumb('/users/view/12', routes)
    expect(crumbs.map((crumb) => crumb.href)).toEqual(['/', null, null, null])
    expect(crumbs[1]?.label).toEqual({ kind: 'text', text: 'users' })
  })

  it('shows just the home crumb, unlinked, on the dashboard', () => {
    expect(buildBreadcrumb('/', routes)).toEqual([
      { href: null, label: { kind: 'route', routeId: 'dashboard' } },
    ])
  })
})

describe('a malformed URL', () => {
  it('keeps an undecodable segment as typed instead of throwing', () => {
    expect(buildBreadcrumb('/organizations/x%y', routes).at(-1)).toEqual({
      href: null,
      label: { kind: 'text', text: 'x%y' },
    })
  })
})

describe('parentPath', () => {
  it('is the nearest linked ancestor', () => {
    expect(parentPath('/organizations/edit/7', routes)).toBe('/organizations')
    expect(parentPath('/organizations', routes)).toBe('/')
    expect(parentPath('/', routes)).toBeNull()
  })
})
