import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  chosenOffline,
  unavailableReason,
  type OfflineCodeEvent,
  type OfflineCodeInput,
} from '../../machines/offline-code.machine'
import { offlineCodeAdapter } from './adapters/offline-code'

const online = { deviceId: 1, connected: true }
const offline = { deviceId: 2, connected: false }
const capable = { target: 'device', devices: [online], mayGenerate: true } as const

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
  it('names a place without a code device before the user permission, never the connection', () => {
    expect(unavailableReason({ devices: [], mayGenerate: false })).toBe('capability')
    expect(unavailableReason({ devices: [offline], mayGenerate: false })).toBe('permission')
    expect(unavailableReason({ devices: [offline], mayGenerate: true })).toBeNull()
    expect(unavailableReason(capable)).toBeNull()
  })
})

describe('offline code machine', () => {
  it('shows a held PIN only once asked, hides it when the window loses focus, forgets it on close', () => {
    const { actor, send } = start({ credentialId: 1, hasPin: true, ...capable })
    send({ type: 'code.found', pin: '4711' })
    expect(actor.getSnapshot().value).toBe('confirmingReveal')
    expect(actor.getSnapshot().context.pin).toBeNull()
    send({ type: 'code.reveal' })
    expect(actor.getSnapshot().value).toBe('revealing')
    send({ type: 'code.found', pin: '4711' })
    expect(actor.getSnapshot().context.pin).toBe('4711')
    send({ type: 'code.hide' })
    expect(actor.getSnapshot().value).toBe('confirmingReveal')
    expect(actor.getSnapshot().context.pin).toBeNull()
    // Looking away while the PIN is fetched: it is not shown when it arrives.
    send({ type: 'code.reveal' })
    send({ type: 'code.hide' })
    send({ type: 'code.found', pin: '4711' })
    expect(actor.getSnapshot().value).toBe('confirmingReveal')
    expect(actor.getSnapshot().context.pin).toBeNull()
    send({ type: 'code.reveal' })
    send({ type: 'code.found', pin: '4711' })
    expect(actor.getSnapshot().context.pin).toBe('4711')
    send({ type: 'code.close' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.pin).toBeNull()
  })

  it('offers a code on a device that is not connected, with the note, and generates it there', () => {
    const { actor, world, send } = start({
      credentialId: 2,
      hasPin: false,
      ...capable,
      devices: [offline],
    })
    send({ type: 'code.missing' })
    expect(actor.getSnapshot().value).toBe('offeringGeneration')
    expect(chosenOffline(actor.getSnapshot().context)).toBe(true)
    send({ type: 'code.generate', idempotencyKey: 'k' })
    expect(world.devices).toEqual([2])
  })

  it('gives a reason instead of the button where no device can program codes', () => {
    const { actor, world, send } = start({
      credentialId: 2,
      hasPin: false,
      target: 'door',
      devices: [],
      mayGenerate: true,
    })
    send({ type: 'code.missing' })
    expect(actor.getSnapshot().value).toBe('unavailable')
    expect(actor.getSnapshot().context.unavailable).toBe('capability')
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

  it('lets the user choose among several devices and generates only on the chosen one', () => {
    const { actor, world, send } = start({
      credentialId: 5,
      hasPin: false,
      target: 'location',
      devices: [online, offline],
      mayGenerate: true,
    })
    send({ type: 'code.missing' })
    expect(actor.getSnapshot().value).toBe('choosingDevice')
    send({ type: 'code.generate', idempotencyKey: 'k-0' })
    expect(world.generations).toBe(0)
    send({ type: 'code.choose', deviceId: 99 })
    expect(actor.getSnapshot().context.deviceId).toBeNull()
    send({ type: 'code.choose', deviceId: 1 })
    send({ type: 'code.choose', deviceId: 2 })
    expect(chosenOffline(actor.getSnapshot().context)).toBe(true)
    send({ type: 'code.generate', idempotencyKey: 'k-1' })
    expect(actor.getSnapshot().value).toBe('generating')
    expect(world.devices).toEqual([2])
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
