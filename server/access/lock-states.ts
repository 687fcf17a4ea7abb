import type { HoldingFailure, HoldingState } from '../../src/contract/lock-sync'

// THE transition table of a credential's state on one lock (decision 073). Pure: the lock sync
// (lock-sync.ts) reads a holding, applies an event and writes what this answers, queueing the
// change it names.
//
//   state \ event   want           unwant          applied     failed(reason)
//   (none)          pending +put   (none)          —           —
//   pending         pending +put   removing +rm    on_lock     failed
//   on_lock         pending +put   removing +rm    on_lock     —
//   failed (add)    pending +put   removing +rm    on_lock     failed
//   failed (remove) pending +put   failed          removed     failed
//   removing        pending +put   removing        removed     failed
//   removed         pending +put   removed         removed     —
//
// `want`: the lock must hold the credential with other contents than it holds or is to hold.
// `unwant`: it must not hold it. `applied`: the lock took the last change queued for it. `failed`:
// the lock refused that change; the change stays queued and is tried again, so a failure keeps
// whether the lock was to take the credential on or off (`wanted`). "—": the event cannot happen
// in that state (no change is queued); the holding stays as it is.

export interface Holding {
  state: HoldingState
  /** Whether the lock must hold the credential. */
  wanted: boolean
  reason: HoldingFailure | null
}

export type HoldingEvent =
  | { type: 'want' }
  | { type: 'unwant' }
  | { type: 'applied' }
  | { type: 'failed'; reason: HoldingFailure }

/** What an event leaves: the holding (null: none) and the change to queue for the lock. */
export interface Transition {
  holding: Holding | null
  queue: 'put' | 'remove' | null
}

const held = (state: HoldingState, wanted: boolean, reason: HoldingFailure | null = null) => ({
  state,
  wanted,
  reason,
})

export function transition(current: Holding | null, event: HoldingEvent): Transition {
  const stay: Transition = { holding: current, queue: null }
  switch (event.type) {
    case 'want':
      return { holding: held('pending', true), queue: 'put' }
    case 'unwant':
      if (current === null) return stay
      if (current.state === 'removed' || current.state === 'removing') return stay
      if (current.state === 'failed' && !current.wanted) return stay
      return { holding: held('removing', false), queue: 'remove' }
    case 'applied':
      if (current === null || current.state === 'on_lock' || current.state === 'removed')
        return stay
      return { holding: held(current.wanted ? 'on_lock' : 'removed', current.wanted), queue: null }
    case 'failed':
      if (current === null || current.state === 'on_lock' || current.state === 'removed')
        return stay
      return { holding: held('failed', current.wanted, event.reason), queue: null }
  }
}

/** Whether a holding is settled: on the lock it must be on, or off the one it must be off. */
export const settled = (holding: Holding | null) =>
  holding === null || holding.state === 'on_lock' || holding.state === 'removed'
