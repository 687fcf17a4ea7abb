import { describe, expect, it } from 'vitest'
import { holdingStates } from '../../src/contract/lock-sync'
import { settled, transition, type Holding, type HoldingEvent } from './lock-states'

// The one table (decision 073), row by row.
const h = (
  state: Holding['state'],
  wanted: boolean,
  reason: Holding['reason'] = null,
): Holding => ({
  state,
  wanted,
  reason,
})
const want: HoldingEvent = { type: 'want' }
const unwant: HoldingEvent = { type: 'unwant' }
const applied: HoldingEvent = { type: 'applied' }
const failed: HoldingEvent = { type: 'failed', reason: 'lock_busy' }

describe('a credential’s state on a lock', () => {
  it('is pending with a put queued whenever the lock must take it', () => {
    for (const current of [
      null,
      h('pending', true),
      h('on_lock', true),
      h('failed', true, 'lock_timeout'),
      h('failed', false, 'lock_timeout'),
      h('removing', false),
      h('removed', false),
    ]) {
      expect(transition(current, want)).toEqual({ holding: h('pending', true), queue: 'put' })
    }
  })

  it('goes removing with a removal queued, once', () => {
    for (const current of [
      h('pending', true),
      h('on_lock', true),
      h('failed', true, 'lock_busy'),
    ]) {
      expect(transition(current, unwant)).toEqual({
        holding: h('removing', false),
        queue: 'remove',
      })
    }
    for (const current of [
      null,
      h('removing', false),
      h('removed', false),
      h('failed', false, 'lock_busy'),
    ]) {
      expect(transition(current, unwant)).toEqual({ holding: current, queue: null })
    }
  })

  it('settles by the change the lock took: on the lock, or off it', () => {
    expect(transition(h('pending', true), applied).holding).toEqual(h('on_lock', true))
    expect(transition(h('failed', true, 'lock_busy'), applied).holding).toEqual(h('on_lock', true))
    expect(transition(h('removing', false), applied).holding).toEqual(h('removed', false))
    expect(transition(h('failed', false, 'lock_busy'), applied).holding).toEqual(
      h('removed', false),
    )
    expect(transition(h('on_lock', true), applied).holding).toEqual(h('on_lock', true))
  })

  it('fails with the reason and keeps which way it was going', () => {
    expect(transition(h('pending', true), failed).holding).toEqual(h('failed', true, 'lock_busy'))
    expect(transition(h('removing', false), failed).holding).toEqual(
      h('failed', false, 'lock_busy'),
    )
    expect(transition(h('removed', false), failed).holding).toEqual(h('removed', false))
  })

  it('never queues without changing what the lock must hold, and every state is reached', () => {
    const reached = new Set<string>()
    const events = [want, unwant, applied, failed]
    let frontier: (Holding | null)[] = [null]
    for (let depth = 0; depth < 4; depth++) {
      const next: (Holding | null)[] = []
      for (const current of frontier) {
        for (const event of events) {
          const t = transition(current, event)
          if (t.holding) reached.add(t.holding.state)
          if (t.queue === 'put') expect(t.holding?.wanted).toBe(true)
          if (t.queue === 'remove') expect(t.holding?.wanted).toBe(false)
          expect(settled(t.holding)).toBe(
            t.holding === null || ['on_lock', 'removed'].includes(t.holding.state),
          )
          next.push(t.holding)
        }
      }
      frontier = next
    }
    expect([...reached].sort()).toEqual([...holdingStates].sort())
  })
})
