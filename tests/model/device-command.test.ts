import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  commandNeeds,
  deviceCommandMachine,
  refusalOf,
  type DeviceCommandEvent,
} from '../../machines/device-command.machine'
import { commandCapability } from '../../src/contract/devices'
import { deviceCommandAdapter } from './adapters/device-command'

function start(input = deviceCommandAdapter.inputs?.[0]) {
  const host = deviceCommandAdapter.host()
  const actor = createActor(host.machine, { input }).start()
  const send = (event: DeviceCommandEvent) => {
    host.cause?.(event)
    actor.send(event)
  }
  return { actor, world: host.world, send }
}

const ready = { capabilities: ['remotely_lock', 'remotely_unlock'], connected: true, canSend: true }

describe('refusalOf', () => {
  it('needs the capabilities the contract names', () => {
    expect(commandNeeds).toEqual(commandCapability)
  })

  it('names the capability first, then the connection, then the permission', () => {
    expect(refusalOf({ capabilities: [], connected: false, canSend: false }, 'lock')).toBe(
      'capability',
    )
    expect(refusalOf({ ...ready, connected: false, canSend: false }, 'lock')).toBe('offline')
    expect(refusalOf({ ...ready, canSend: false }, 'unlock')).toBe('permission')
    expect(refusalOf(ready, 'calibrate')).toBeNull()
    expect(refusalOf(ready, 'force_unlock')).toBe('capability')
  })
})

describe('device command machine', () => {
  it('keeps a refused request out of the dialog, with its reason', () => {
    const { actor, world, send } = start({ deviceId: 1, ...ready, connected: false })
    send({ type: 'command.request', command: 'lock' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.refusal).toBe('offline')
    expect(world.sentKeys).toEqual([])
  })

  it('sends a force unlock only after the second step, with the confirmation’s key', () => {
    const { actor, world, send } = start()
    send({ type: 'command.request', command: 'force_unlock' })
    send({ type: 'command.confirm', idempotencyKey: 'k-1' })
    expect(actor.getSnapshot().value).toBe('confirmingForce')
    expect(world.sentKeys).toEqual([])
    send({ type: 'command.confirmForce' })
    expect(world.sentKeys).toEqual(['k-1'])
    expect(world.timerRunning).toBe(true)
  })

  it('waits for a slow device without resending, and settles on its late answer', () => {
    const { actor, world, send } = start()
    send({ type: 'command.request', command: 'lock' })
    send({ type: 'command.confirm', idempotencyKey: 'k-2' })
    send({ type: 'timer.expired' })
    expect(actor.getSnapshot().value).toBe('awaitingOutcome')
    send({ type: 'command.request', command: 'lock' })
    send({ type: 'command.succeeded', auditId: 9 })
    expect(actor.getSnapshot().value).toBe('succeeded')
    expect(actor.getSnapshot().context.auditId).toBe(9)
    expect(world.sentKeys).toEqual(['k-2'])
  })

  it('shows a failure until it is dismissed, then takes requests again', () => {
    const { actor, send } = start()
    send({ type: 'command.request', command: 'lock' })
    send({ type: 'command.confirm', idempotencyKey: 'k-3' })
    send({ type: 'command.failed', reason: 'offline' })
    expect(actor.getSnapshot().context.failure).toBe('offline')
    send({ type: 'command.request', command: 'lock' })
    expect(actor.getSnapshot().value).toBe('failed')
    send({ type: 'error.dismiss' })
    send({ type: 'command.request', command: 'lock' })
    expect(actor.getSnapshot().value).toBe('confirming')
  })

  it('runs as declared, with no host, for the app’s tests', () => {
    const actor = createActor(deviceCommandMachine, {
      input: { deviceId: 2, ...ready },
    }).start()
    actor.send({ type: 'command.request', command: 'unlock' })
    actor.send({ type: 'command.cancel' })
    expect(actor.getSnapshot().context).toMatchObject({ command: null, idempotencyKey: null })
  })
})
