import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  unavailableReason,
  type OfflineCodeEvent,
  type OfflineCodeInput,
} from '../../machines/offline-code.machine'
import { offlineCodeAdapter } from './adapters/offline-code'

const capable = { deviceCapable: true, deviceConnected: true, mayGenerate: true }

function start(input: OfflineCodeInput) {
  const host = offlineCodeAdapter.host()
  const actor = createActor(host.machine, { input }).start()
  const send = (event: OfflineCodeEvent) => {
    host.cause?.(event)
    actor.send(event)
  }
  return { actor, world: host.world, send }
}

describe('unavailableReason', () => {
  it('names the device (capability, then connection) before the user permission', () => {
    expect(
      unavailableReason({ deviceCapable: false, deviceConnected: false, mayGenerate: false }),
    ).toBe('capability')
    expect(
      unavailableReason({ deviceCapable: true, deviceConnected: false, mayGenerate: false }),
    ).toBe('offline')
    expect(unavailableReason({ ...capable, mayGenerate: false })).toBe('permission')
    expect(unavailableReason(capable)).toBeNull()
  })
})

describe('offline code machine', () => {
  it('shows a held PIN and forgets it on close', () => {
    const { actor, send } = start({ credentialId: 1, hasPin: true, ...capable })
    send({ type: 'code.found', pin: '4711' })
    expect(actor.getSnapshot().context.pin).toBe('4711')
    send({ type: 'code.close' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.pin).toBeNull()
  })

  it('gives a reason instead of the button when the device cannot program codes', () => {
    const { actor, world, send } = start({
      credentialId: 2,
      hasPin: false,
      deviceCapable: true,
      deviceConnected: false,
      mayGenerate: true,
    })
    send({ type: 'code.missing' })
    expect(actor.getSnapshot().value).toBe('unavailable')
    expect(actor.getSnapshot().context.unavailable).toBe('offline')
    send({ type: 'code.generate', idempotencyKey: 'k' })
    expect(world.generations).toBe(0)
  })

  it('gives a reason instead of the button to a user who may not generate codes', () => {
    const { actor, world, send } = start({
      credentialId: 3,
      hasPin: false,
      ...capable,
      mayGenerate: false,
    })
    send({ type: 'code.missing' })
    expect(actor.getSnapshot().context.unavailable).toBe('permission')
    send({ type: 'code.generate', idempotencyKey: 'k' })
    expect(world.generations).toBe(0)
  })

  it('retries a failed generation with a fresh key and shows the PIN it answers', () => {
    const { actor, world, send } = start({ credentialId: 3, hasPin: false, ...capable })
    send({ type: 'code.missing' })
    send({ type: 'code.generate', idempotencyKey: 'k-1' })
    send({ type: 'code.failed', reason: 'unavailable' })
    expect(actor.getSnapshot().value).toBe('failed')
    send({ type: 'code.retry', idempotencyKey: 'k-2' })
    send({ type: 'code.generated', pin: '1234' })
    expect(world.keys).toEqual(['k-1', 'k-2'])
    expect(actor.getSnapshot().value).toBe('showingCode')
    expect(actor.getSnapshot().context.pin).toBe('1234')
  })

  it('looks the code up again when the lookup failed', () => {
    const { actor, world, send } = start({ credentialId: 4, hasPin: true, ...capable })
    send({ type: 'code.failed', reason: 'unavailable' })
    send({ type: 'code.retry', idempotencyKey: 'unused' })
    expect(actor.getSnapshot().value).toBe('checking')
    expect(world.generations).toBe(0)
  })
})
