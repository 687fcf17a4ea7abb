import { describe, expect, it } from 'vitest'
import type { Lockdown } from '../../contract/lockdowns'
import { lockdownSource } from './lockdown-source'

const admin = { user_id: 1, email: 'admin@demo.local' }
const lockdown: Lockdown = {
  lockdown_id: 4,
  organization_id: 1,
  scope_type: 'location',
  scope_id: 2,
  scope_name: 'Acme HQ',
  reason: 'Intruder',
  state: 'release_requested',
  started_by: admin,
  started_at: '2026-11-28T10:14:00.000Z',
  release: {
    requested_by: admin,
    reason: 'All clear',
    requested_at: '2026-11-28T10:20:00.000Z',
    expires_at: '2026-11-28T10:35:00.000Z',
    state: 'pending',
    approved_by: null,
    approved_at: null,
  },
  released_at: null,
  devices: { pending: 0, locked: 3, not_reached: 1, failed: 0 },
}

const approve = lockdownSource.actions.find((action) => action.id === 'lockdown.approve')

describe('lockdown source', () => {
  it('offers "Approve release of" only on a pending request, and never to its requester', () => {
    const can = () => true
    expect(approve?.applies?.(lockdown)).toBe(true)
    expect(approve?.applies?.({ ...lockdown, state: 'active', release: null })).toBe(false)
    expect(approve?.blocked?.(lockdown, can, { userId: 1 })).not.toBeNull()
    expect(approve?.blocked?.(lockdown, can, { userId: 2 })).toBeNull()
  })
})
