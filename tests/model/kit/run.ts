import { createActor, type EventObject } from 'xstate'
import type { AnyModelAdapter } from './adapter'
import { activeStates, transitionsTaken } from './graph'

export type Covered = { states: Set<string>; transitions: Set<string> }

export const emptyCovered = (): Covered => ({ states: new Set(), transitions: new Set() })

export type StepRecord = { event: string; state: string; transitions: string[] }

export type RunResult = {
  steps: StepRecord[]
  /** The first invariant that failed, and after which step (-1: before any). */
  violation: { invariant: string; step: number } | null
}

function stateText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * Sends `events` (varied by the adapter) to a fresh fake host started with `input`, checking every invariant at the start and after each step,
 * and adds what was visited to `covered`. Stops at the first violation.
 */
export function runEvents(
  adapter: AnyModelAdapter,
  input: unknown,
  events: readonly EventObject[],
  covered: Covered = emptyCovered(),
): RunResult {
  const host = adapter.host()
  const actor = createActor(host.machine, { input }).start()
  const steps: StepRecord[] = []
  const broken = () =>
    adapter.invariants.find((invariant) => !invariant.holds(actor.getSnapshot(), host.world))
  const visit = () => {
    for (const id of activeStates(adapter.machine, actor.getSnapshot())) covered.states.add(id)
  }
  visit()
  const initial = broken()
  if (initial) return { steps, violation: { invariant: initial.name, step: -1 } }
  for (const [index, sample] of events.entries()) {
    // A machine that reached its final state is done; the host drops it with what follows.
    if (actor.getSnapshot().status !== 'active') break
    const event = adapter.vary ? adapter.vary(sample, index) : sample
    const taken = transitionsTaken(adapter.machine, actor.getSnapshot(), event)
    host.cause?.(event)
    actor.send(event)
    for (const id of taken) covered.transitions.add(id)
    visit()
    steps.push({
      event: event.type,
      state: stateText(actor.getSnapshot().value),
      transitions: taken,
    })
    const failed = broken()
    if (failed) return { steps, violation: { invariant: failed.name, step: index } }
  }
  actor.stop()
  return { steps, violation: null }
}
