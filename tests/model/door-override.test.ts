import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { DoorOverrideEvent } from '../../machines/door-override.machine'
import { doorOverrideAdapter } from './adapters/door-override'

function start(mode: 'locked' | 'unlocked' = 'unlocked') {
  const host = doorOverrideAdapter.host()
  const actor = createActor(host.machine, {
    input: { doorId: 2, mode, until: '2027-06-09T18:00' },
  }).start()
  const send = (event: DoorOverrideEvent) => {
    host.cause?.(event)
    actor.send(event)
  }
  return { actor, world: host.world, send }
}

const ending = { mode: 'locked', layer: 'schedule', name: 'Office hours' } as const

describe('door override machine', () => {
  it('checks what was typed, says what the door does at the end, sends once with its key', () => {
    const { actor, world, send } = start()
    send({ type: 'override.edit', field: 'until', value: '2027-06-09T20:00' })
    send({ type: 'override.edit', field: 'reason', value: 'Delivery' })
    send({ type: 'override.submit' })
    expect(actor.getSnapshot().value).toBe('validating')
    expect(world.pending).toBe('check')
    send({ type: 'override.checked', ending })
    expect(actor.getSnapshot().context.ending).toEqual(ending)
    send({ type: 'override.confirm', idempotencyKey: 'k-1' })
    expect(world.sent).toEqual([{ asChecked: true, key: 'k-1' }])
    send({ type: 'override.sent' })
    expect(actor.getSnapshot().value).toBe('done')
  })

  it('keeps the values and names each refused field, from the check or the server', () => {
    const { actor, send } = start()
    send({ type: 'override.edit', field: 'until', value: '2020-01-01T08:00' })
    send({ type: 'override.submit' })
    send({ type: 'override.refused', refusals: { until: 'past', reason: 'required' } })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({
      until: '2020-01-01T08:00',
      refusals: { until: 'past', reason: 'required' },
    })
    send({ type: 'override.edit', field: 'until', value: '2027-06-09T19:00' })
    send({ type: 'override.edit', field: 'reason', value: 'Delivery' })
    send({ type: 'override.submit' })
    expect(actor.getSnapshot().context.refusals).toEqual({})
    send({ type: 'override.checked', ending })
    send({ type: 'override.confirm', idempotencyKey: 'k-1' })
    send({ type: 'override.refused', refusals: { until: 'tooFar' } })
    expect(actor.getSnapshot().context).toMatchObject({
      until: '2027-06-09T19:00',
      reason: 'Delivery',
      refusals: { until: 'tooFar' },
      ending: null,
    })
  })

  it('shows a lockdown’s refusal, sends again with a fresh key or goes back with the values', () => {
    const { actor, world, send } = start()
    send({ type: 'override.edit', field: 'reason', value: 'Delivery' })
    send({ type: 'override.submit' })
    send({ type: 'override.checked', ending })
    send({ type: 'override.confirm', idempotencyKey: 'k-1' })
    send({ type: 'override.failed', failure: 'lockdown' })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.failure).toBe('lockdown')
    send({ type: 'override.retry', idempotencyKey: 'k-2' })
    expect(world.sent.map(({ key }) => key)).toEqual(['k-1', 'k-2'])
    send({ type: 'override.failed', failure: 'capability' })
    send({ type: 'override.back' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ reason: 'Delivery', failure: null })
  })

  it('checks again, rather than sending, when the check itself failed', () => {
    const { actor, world, send } = start('locked')
    send({ type: 'override.submit' })
    send({ type: 'override.failed', failure: 'unavailable' })
    send({ type: 'override.retry', idempotencyKey: 'k-1' })
    expect(actor.getSnapshot().value).toBe('validating')
    expect(world.sent).toEqual([])
  })

  it('cancels from anywhere, letting a pending request go', () => {
    const { actor, world, send } = start()
    send({ type: 'override.submit' })
    send({ type: 'override.cancel' })
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(world.pending).toBeNull()
  })
})
