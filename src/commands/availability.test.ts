import type { Can } from '../contract/permissions'
import { describe, expect, it } from 'vitest'
import { availability } from './availability'

const grants =
  (...granted: string[]): Can =>
  (anyOf) =>
    anyOf.some((permission) => granted.includes(permission))

describe('availability', () => {
  it('is enabled when nothing is needed', () => {
    expect(availability({}, grants()).state).toBe('enabled')
  })

  it('is absent without any of the permissions, enabled with one of them', () => {
    const needs = { anyOf: ['organizations:create', 'organizations:create:org'] }
    expect(availability(needs, grants('organizations:read')).state).toBe('absent')
    expect(availability(needs, grants('organizations:create:org')).state).toBe('enabled')
  })

  it('is disabled with a reason when the subject lacks the capability', () => {
    const needs = { capability: 'remotely_lock', online: true }
    const result = availability(needs, grants(), {
      capabilities: ['remotely_unlock'],
      connected: true,
    })
    expect(result.state).toBe('disabled')
    if (result.state !== 'disabled') return
    expect(result.reason).toBeTypeOf('function')
  })

  it('tells a missing capability apart from an offline device', () => {
    const needs = { capability: 'remotely_lock', online: true }
    const noCapability = availability(needs, grants(), { capabilities: [], connected: false })
    const offline = availability(needs, grants(), {
      capabilities: ['remotely_lock'],
      connected: false,
    })
    expect(noCapability.state).toBe('disabled')
    expect(offline.state).toBe('disabled')
    expect(noCapability).not.toEqual(offline)
    const online = availability(needs, grants(), {
      capabilities: ['remotely_lock'],
      connected: true,
    })
    expect(online.state).toBe('enabled')
  })

  it('hides a permitted-but-incapable command when the permission is missing', () => {
    const needs = { anyOf: ['devices:update'], capability: 'remotely_lock' }
    expect(availability(needs, grants(), { capabilities: [] }).state).toBe('absent')
  })
})
