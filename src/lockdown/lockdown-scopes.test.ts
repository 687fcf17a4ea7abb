import { describe, expect, it } from 'vitest'
import { lockdownScopes } from './lockdown-scopes'

const hq = {
  location_id: 1,
  organization_id: 9,
  name: 'Acme HQ',
  floors: [
    { floor_id: 10, name: 'Ground floor' },
    { floor_id: 11, name: 'First floor' },
  ],
}

describe('lockdownScopes', () => {
  it('offers the location first, then its floors, then the organization', () => {
    expect(lockdownScopes(hq, null, 'Acme').map((s) => s.name)).toEqual([
      'Acme HQ',
      'Acme HQ › Ground floor',
      'Acme HQ › First floor',
      'Acme',
    ])
  })

  it('offers the floor picked in the tree first, then the location, without repeating the floor', () => {
    const scopes = lockdownScopes(hq, 11, 'Acme')
    expect(scopes.map((s) => `${s.scope_type}:${s.scope_id}`)).toEqual([
      'floor:11',
      'location:1',
      'floor:10',
      'organization:9',
    ])
  })

  it('ignores a picked floor the location no longer has', () => {
    expect(lockdownScopes(hq, 99, 'Acme')[0]).toEqual({
      scope_type: 'location',
      scope_id: 1,
      name: 'Acme HQ',
    })
  })
})
