import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate'

// What QA declares per machine (tests/model/adapters/<machine>.ts). The kit does the rest:
// paths, machine runs, random walks, browser replay, coverage and the report.

export type EventOf<M extends AnyStateMachine> = EventFromLogic<M>
export type SnapshotOf<M extends AnyStateMachine> = SnapshotFrom<M>

/**
 * The app's host, faked: the machine with its actions provided, recording their effects in `world`
 * (tokens stored, requests pending, timers running), so checks look at effects, not action names.
 */
export type FakeHost<M extends AnyStateMachine, W, E extends EventObject = EventOf<M>> = {
  machine: M
  world: W
  /** What the outside world does as the event happens, before the machine hears it. */
  cause?(event: E): void
}

/** Holds after every step of every generated path and random walk. */
export type Invariant<M extends AnyStateMachine, W> = {
  name: string
  holds(snapshot: SnapshotOf<M>, world: W): boolean
}

/** How an event is caused on screen, in words for the report. */
export type OnScreenCause<M extends AnyStateMachine, E extends EventObject = EventOf<M>> =
  | {
      cause: string
      /** Why this payload or this source state has no on-screen cause; null when it has one. */
      unavailable?(event: E, before: SnapshotOf<M>): string | null
    }
  /** A cause that exists in the product's design but not on screen yet. */
  | { cause: string; pending: string }
  /** No user action or server condition can cause it on demand. */
  | { none: string }

/** Percentages the runs must reach; the run fails below them. */
export type Thresholds = {
  states: number
  transitions: number
  /** Of the transitions that have an on-screen cause, how many the browser run must take. */
  browser: number
}

export type ModelAdapter<M extends AnyStateMachine, W, E extends EventObject = EventOf<M>> = {
  /** File-name friendly: reports/model/<name>.html. */
  name: string
  title: string
  machine: M
  /** The inputs the machine starts from; every one is walked. Omit for a machine without input. */
  inputs?: readonly InputFrom<M>[]
  /** One event per distinct branch; payload variety small so traversal ends. */
  events: readonly E[]
  /** Gives an event a fresh payload where the host mints one (an idempotency key). */
  vary?(event: E, step: number): E
  host(): FakeHost<M, W, E>
  invariants: readonly Invariant<M, W>[]
  /** Per state path: how a person or the browser run sees it on the page. */
  states: Record<string, string>
  causes: Record<E['type'], OnScreenCause<M, E>>
  thresholds: Thresholds
  /** Simple paths longer than this are not generated (shortest paths always are). */
  simplePathDepth?: number
}

// The registry lists adapters of different machines; each adapter is type-checked against its own
// machine where it is declared, so the list erases the machine and world types and sees plain events.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModelAdapter = ModelAdapter<AnyStateMachine, any, EventObject>

export function onScreenReason(
  adapter: AnyModelAdapter,
  event: EventObject,
  before: SnapshotOf<AnyStateMachine>,
): string | null {
  const cause = adapter.causes[event.type]
  if (cause === undefined) return 'no cause declared'
  if ('none' in cause) return cause.none
  if ('pending' in cause) return `pending: ${cause.pending}`
  return cause.unavailable?.(event, before) ?? null
}

/** The inputs to walk: the adapter's, or the one "no input" start. */
export function inputsOf(adapter: AnyModelAdapter): readonly unknown[] {
  return adapter.inputs ?? [undefined]
}
