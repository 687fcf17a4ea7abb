import type { AnyStateMachine, EventObject } from 'xstate'
import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from 'xstate/graph'
import type { SerializedSnapshot } from 'xstate/graph'
import { inputsOf, type AnyModelAdapter, type SnapshotOf } from './adapter'
import { transitionsTaken } from './graph'

export type ModelPath = {
  /** Why the path exists: the transition it ends with, or the state it reaches. */
  description: string
  /** The transition the path was made for: its last step takes it. */
  transition?: string
  /** Index into the adapter's inputs. */
  input: number
  events: EventObject[]
}

export type StepFilter = (snapshot: SnapshotOf<AnyStateMachine>, event: EventObject) => boolean

type GraphPath = { steps: { event: EventObject }[] }

// Each generated path starts with the machine's own init step.
const eventsOf = (path: GraphPath) => path.steps.slice(1).map((step) => step.event)

/**
 * One shortest event sequence per transition, over all inputs: the shortest path to a state where
 * the transition is enabled, plus the event that takes it. With `filter`, only steps it allows are
 * used (the browser run keeps to steps that have an on-screen cause).
 */
export function transitionPaths(
  adapter: AnyModelAdapter,
  filter?: StepFilter,
): Map<string, ModelPath> {
  const { machine, events } = adapter
  const candidates = inputsOf(adapter).flatMap((input, index) =>
    getShortestPaths(machine, { events, input, filterEvents: filter }).map((path) => ({
      path,
      index,
    })),
  )
  candidates.sort((a, b) => a.path.steps.length - b.path.steps.length)
  const found = new Map<string, ModelPath>()
  for (const { path, index } of candidates) {
    for (const event of events) {
      if (filter && !filter(path.state, event)) continue
      for (const id of transitionsTaken(machine, path.state, event)) {
        if (found.has(id)) continue
        found.set(id, {
          description: `takes ${id}`,
          transition: id,
          input: index,
          events: [...eventsOf(path), event],
        })
      }
    }
  }
  return found
}

const MAX_SIMPLE_PATHS = 40

/**
 * The event sequences of xstate/graph's `getSimplePaths` (no state twice) that take at most
 * `depth` steps, in its order: grouped by the state they end in, in the adjacency map's order,
 * and in depth-first order within a group. `getSimplePaths` itself walks every simple path of any
 * length once per target state, which for the action machine is 215,162 paths and two minutes of
 * a core; a walk that stops at `depth` finds the same short ones in a fraction of a second.
 */
export function simplePathsUpTo(
  machine: AnyStateMachine,
  options: { events: AnyModelAdapter['events']; input: unknown },
  depth: number,
): EventObject[][] {
  const adjacency = getAdjacencyMap(machine, options)
  // The map's keys are the serialized snapshots, the start first (it is built breadth-first).
  const serials = Object.keys(adjacency) as SerializedSnapshot[]
  const [start] = serials
  if (start === undefined) return []
  const byEnd = new Map<string, EventObject[][]>(serials.map((serial) => [serial, []]))
  const onPath = new Set<string>()
  const events: EventObject[] = []
  const walk = (from: SerializedSnapshot) => {
    byEnd.get(from)?.push([...events])
    if (events.length === depth) return
    onPath.add(from)
    for (const { event, state } of Object.values(adjacency[from]?.transitions ?? {})) {
      const next = serializeSnapshot(state)
      if (onPath.has(next)) continue
      // The adapter list erases its machines' event types (adapter.ts): plain events.
      events.push(event as EventObject)
      walk(next)
      events.pop()
    }
    onPath.delete(from)
  }
  walk(start)
  return serials.flatMap((serial) => byEnd.get(serial) ?? [])
}

/**
 * Every path the machine run walks: one per transition, one shortest path per reachable state, and
 * the longest simple paths (no state twice) up to the adapter's depth, which exercise the orders in
 * which states can follow each other.
 */
export function modelPaths(adapter: AnyModelAdapter): ModelPath[] {
  const { machine, events } = adapter
  const depth = adapter.simplePathDepth ?? 8
  const byTransition = [...transitionPaths(adapter).values()]
  const perInput = inputsOf(adapter).flatMap((input, index) => {
    const toStates = getShortestPaths(machine, { events, input }).map((path) => ({
      description: `reaches ${JSON.stringify(path.state.value)}`,
      input: index,
      events: eventsOf(path),
    }))
    const simple = simplePathsUpTo(machine, { events, input }, depth)
      .sort((a, b) => b.length - a.length)
      .slice(0, MAX_SIMPLE_PATHS)
      .map((sequence) => ({
        description: `simple path of ${sequence.length} steps`,
        input: index,
        events: sequence,
      }))
    return [...toStates, ...simple]
  })
  const seen = new Set<string>()
  return [...byTransition, ...perInput].filter((path) => {
    const key = `${path.input}:${JSON.stringify(path.events)}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export function pathText(path: { events: readonly { type: unknown }[] }) {
  return path.events.map((event) => String(event.type)).join(' → ') || '(start)'
}

/**
 * The paths no other path of the same input starts with: a longer path takes every step of its
 * prefixes and checks the state after each, so replaying the prefixes too (a fresh page each in
 * the browser run) proves nothing more. The transitions the dropped paths were made for are taken
 * by the paths that remain. Of equal paths (one event taking two transitions) the first stays.
 */
export function withoutPrefixes<P extends Pick<ModelPath, 'input' | 'events'>>(paths: P[]): P[] {
  const keys = paths.map((path) => path.events.map((event) => JSON.stringify(event)))
  const startsWith = (long: string[], short: string[]) =>
    long.length > short.length && short.every((event, index) => long[index] === event)
  const same = (long: string[], short: string[]) =>
    long.length === short.length && startsWith([...long, ''], short)
  return paths.filter((path, index) => {
    const own = keys[index] ?? []
    return !paths.some((other, otherIndex) => {
      if (other.input !== path.input) return false
      const theirs = keys[otherIndex] ?? []
      return startsWith(theirs, own) || (otherIndex < index && same(theirs, own))
    })
  })
}
