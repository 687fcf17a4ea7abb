import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { lockdownMachine, type LockdownEvent } from '../../machines/lockdown.machine'
import { lockdownAdapter, ME, OTHER } from './adapters/lockdown'

function start(input = lockdownAdapter.inputs?.[0]) {
  const host = lockdownAdapter.host()
  const actor = createActor(host.machine, { input }).start()
  const send = (event: LockdownEvent) => {
    host.cause?.(event)
    actor.send(event)
  }
  return { actor, world: host.world, send }
}

const active = { lockdownId: 5, requestedBy: null }

describe('lockdown machine', () => {
  it('starts with a confirmation and its key, then shows the lockdown active', () => {
    const { actor, world, send } = start()
    send({ type: 'start.open' })
    send({
      type: 'start.confirm',
      idempotencyKey: 'k-1',
      start: { scope_type: 'location', scope_id: 1, reason: 'Intruder' },
    })
    expect(actor.getSnapshot().value).toBe('starting')
    send({ type: 'start.succeeded', lockdownId: 9 })
    expect(actor.getSnapshot().value).toBe('active')
    expect(actor.getSnapshot().context.lockdownId).toBe(9)
    expect(world.keys).toEqual(['k-1'])
  })

  it('offers no start to a user without the right', () => {
    const { actor, send } = start({ userId: ME, canStart: false, canRelease: true, lockdown: null })
    send({ type: 'start.open' })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('never lets the requester approve their own request', () => {
    const input = { userId: ME, canStart: true, canRelease: true, lockdown: active }
    const { actor, world, send } = start(input)
    send({ type: 'release.open' })
    send({ type: 'request.confirm', idempotencyKey: 'k-2', reason: 'All clear' })
    send({ type: 'request.succeeded' })
    expect(actor.getSnapshot().value).toBe('releaseRequested')
    send({ type: 'approve.open' })
    expect(actor.getSnapshot().value).toBe('releaseRequested')
    expect(world.ownApprovals).toBe(0)
  })

  it('approves another person’s request and shows both people', () => {
    const input = { userId: ME, canStart: false, canRelease: true, lockdown: active }
    const { actor, send } = start(input)
    send({
      type: 'lockdown.seen',
      state: 'release_requested',
      requestedBy: OTHER,
      approvedBy: null,
    })
    send({ type: 'approve.open' })
    send({ type: 'approve.confirm', idempotencyKey: 'k-3' })
    send({ type: 'approve.succeeded' })
    expect(actor.getSnapshot().value).toBe('released')
    expect(actor.getSnapshot().context).toMatchObject({ requestedBy: OTHER, approvedBy: ME })
  })

  it('does not take an answer naming one person twice as a release', () => {
    const input = { userId: ME, canStart: false, canRelease: true, lockdown: active }
    const { actor, send } = start(input)
    send({ type: 'lockdown.seen', state: 'released', requestedBy: OTHER, approvedBy: OTHER })
    expect(actor.getSnapshot().value).toBe('active')
  })

  it('shows a lapsed request and lets a new one be made', () => {
    const input = { userId: ME, canStart: false, canRelease: true, lockdown: active }
    const { actor, send } = start({ ...input, lockdown: { lockdownId: 5, requestedBy: OTHER } })
    send({ type: 'lockdown.seen', state: 'release_lapsed', requestedBy: null, approvedBy: null })
    expect(actor.getSnapshot().value).toBe('lapsed')
    send({ type: 'release.open' })
    expect(actor.getSnapshot().value).toBe('confirmingRequest')
  })

  it('keeps a refused approval’s reason until dismissed', () => {
    const actor = createActor(lockdownMachine, {
      input: {
        userId: ME,
        canStart: false,
        canRelease: true,
        lockdown: { lockdownId: 5, requestedBy: OTHER },
      },
    }).start()
    actor.send({ type: 'approve.open' })
    actor.send({ type: 'approve.confirm', idempotencyKey: 'k-4' })
    actor.send({ type: 'approve.failed', rule: 'release_lapsed' })
    expect(actor.getSnapshot().context.failure).toBe('release_lapsed')
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().value).toBe('releaseRequested')
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it('a refused request goes, once dismissed, where the refetch after it found the lockdown', () => {
    const input = { userId: ME, canStart: false, canRelease: true, lockdown: active }
    const { actor, send } = start(input)
    send({ type: 'release.open' })
    send({ type: 'request.confirm', idempotencyKey: 'k-5', reason: 'All clear' })
    send({ type: 'request.failed', rule: 'release_pending' })
    send({
      type: 'lockdown.seen',
      state: 'release_requested',
      requestedBy: OTHER,
      approvedBy: null,
    })
    expect(actor.getSnapshot().value).toBe('requestRefused')
    send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().value).toBe('releaseRequested')
    send({ type: 'approve.open' })
    expect(actor.getSnapshot().value).toBe('confirmingApproval')
  })

  it('keeps what the poll said while a dialog is open, and closes to it', () => {
    const input = { userId: ME, canStart: false, canRelease: true, lockdown: active }
    const { actor, send } = start(input)
    send({ type: 'release.open' })
    send({ type: 'lockdown.seen', state: 'released', requestedBy: OTHER, approvedBy: 3 })
    expect(actor.getSnapshot().value).toBe('confirmingRequest')
    send({ type: 'request.cancel' })
    expect(actor.getSnapshot().value).toBe('released')
    expect(actor.getSnapshot().context).toMatchObject({ requestedBy: OTHER, approvedBy: 3 })
  })

  it('closes an approval dialog whose request lapsed under it, to an active lockdown', () => {
    const input = { userId: ME, canStart: false, canRelease: true, lockdown: active }
    const { actor, world, send } = start({
      ...input,
      lockdown: { lockdownId: 5, requestedBy: OTHER },
    })
    send({ type: 'approve.open' })
    send({
      type: 'lockdown.seen',
      state: 'release_requested',
      requestedBy: OTHER,
      approvedBy: null,
    })
    expect(actor.getSnapshot().value).toBe('confirmingApproval')
    send({ type: 'lockdown.seen', state: 'release_lapsed', requestedBy: null, approvedBy: null })
    expect(actor.getSnapshot().value).toBe('active')
    send({ type: 'approve.confirm', idempotencyKey: 'k-6' })
    expect(world.keys).toEqual([])
  })
})
