import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { actionMachine, type ActionEvent } from '../../machines/action.machine'
import { actionAdapter, request } from './adapters/action'

function start() {
  const host = actionAdapter.host()
  const actor = createActor(host.machine).start()
  const send = (event: ActionEvent) => {
    host.cause?.(event)
    actor.send(event)
  }
  return { actor, world: host.world, send }
}

const keyed = (event: ActionEvent, idempotencyKey: string): ActionEvent =>
  event.type === 'action.request' ? { ...event, idempotencyKey } : event

describe('action machine', () => {
  it('keeps a refused request out of the dialog', () => {
    const { actor, world, send } = start()
    send(request('device.lock', 1, false))
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.refused).toBe(true)
    expect(world.sentKeys).toEqual([])
  })

  it('runs an action that asks nothing at once, with its key', () => {
    const { actor, world, send } = start()
    send(keyed(request('device.open', 0), 'k-0'))
    expect(actor.getSnapshot().value).toBe('running')
    expect(world.sentKeys).toEqual(['k-0'])
  })

  it('runs a twice-confirmed action only after the second step, with the request’s key', () => {
    const { actor, world, send } = start()
    send(keyed(request('device.force_unlock', 2), 'k-1'))
    send({ type: 'action.confirm' })
    expect(actor.getSnapshot().value).toBe('confirmingAgain')
    expect(world.sentKeys).toEqual([])
    send({ type: 'action.confirmAgain' })
    expect(world.sentKeys).toEqual(['k-1'])
    expect(world.timerRunning).toBe(true)
  })

  it('waits for a slow answer without resending, and settles on it', () => {
    const { actor, world, send } = start()
    send(keyed(request('device.lock', 1), 'k-2'))
    send({ type: 'action.confirm' })
    send({ type: 'timer.expired' })
    expect(actor.getSnapshot().value).toBe('awaitingOutcome')
    send({ type: 'action.succeeded', auditId: 9 })
    expect(actor.getSnapshot().value).toBe('succeeded')
    expect(actor.getSnapshot().context.auditId).toBe(9)
    expect(world.sentKeys).toEqual(['k-2'])
  })

  it('lets a late answer go when the person asks for the next action', () => {
    const { actor, world, send } = start()
    send(keyed(request('device.lock', 1), 'k-3'))
    send({ type: 'action.confirm' })
    send({ type: 'timer.expired' })
    send(keyed(request('device.force_unlock', 2), 'k-4'))
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(world.inFlight).toEqual([])
    send({ type: 'action.confirm' })
    send({ type: 'action.confirmAgain' })
    expect(world.sentKeys).toEqual(['k-3', 'k-4'])
  })

  it('shows a failure until it is dismissed, then takes requests again', () => {
    const { actor, send } = start()
    send(request('device.lock', 1))
    send({ type: 'action.confirm' })
    send({ type: 'action.failed', reason: 'offline' })
    expect(actor.getSnapshot().context.failure).toBe('offline')
    send(request('device.lock', 1))
    expect(actor.getSnapshot().value).toBe('failed')
    send({ type: 'error.dismiss' })
    send(request('device.lock', 1))
    expect(actor.getSnapshot().value).toBe('confirming')
  })

  it('runs as declared, with no host, for the app’s tests', () => {
    const actor = createActor(actionMachine).start()
    actor.send(request('device.unlock', 1))
    actor.send({ type: 'action.cancel' })
    expect(actor.getSnapshot().context).toMatchObject({ action: null, idempotencyKey: null })
  })
})
