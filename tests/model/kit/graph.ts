import type {
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
  SnapshotFrom,
  StateValue,
} from 'xstate'

// The structure of a machine as QA reads it, from XState's public API only (machine.root, a state
// node's `states`, `on`, `path`, and machine.getTransitionData).

export type MachineState = {
  /** The state's path inside the machine, e.g. `signedIn.active`. */
  id: string
  parent: string | null
  initial: boolean
  final: boolean
  depth: number
}

export type MachineTransition = {
  /** Stable across runs: source, event and the transition's place among that event's branches. */
  id: string
  source: string
  event: string
  guard: string | null
  /** Empty when the transition keeps the machine in its state (actions only). */
  targets: string[]
  label: string
}

const pathOf = (node: AnyStateNode) => node.path.join('.')

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states)
}

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void) {
  for (const child of childrenOf(node)) {
    visit(child)
    walk(child, visit)
  }
}

/** The kit explores events only; a delay or an invoked actor would hide paths from it. */
export function assertWalkable(machine: AnyStateMachine) {
  walk(machine.root, (node) => {
    if (node.after.length > 0 || node.invoke.length > 0) {
      throw new Error(
        `${machine.id}.${pathOf(node)} uses after/invoke; provide I/O and timers as actions answered by events (docs/decisions/machine-io.md)`,
      )
    }
  })
}

export function statesOf(machine: AnyStateMachine): MachineState[] {
  const states: MachineState[] = []
  walk(machine.root, (node) => {
    const parent = node.parent
    states.push({
      id: pathOf(node),
      parent: parent && parent !== machine.root ? pathOf(parent) : null,
      initial: parent?.initial?.target.includes(node) ?? false,
      final: node.type === 'final',
      depth: node.path.length,
    })
  })
  return states
}

function guardName(guard: AnyTransitionDefinition['guard']): string | null {
  if (guard === undefined) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  return 'inline guard'
}

function transitionId(definition: AnyTransitionDefinition): string {
  const event = String(definition.eventType)
  const branches: readonly AnyTransitionDefinition[] = definition.source.on[event] ?? []
  return `${pathOf(definition.source)}:${event}:${branches.indexOf(definition)}`
}

function transitionOf(definition: AnyTransitionDefinition): MachineTransition {
  const guard = guardName(definition.guard)
  const event = String(definition.eventType)
  return {
    id: transitionId(definition),
    source: pathOf(definition.source),
    event,
    guard,
    targets: (definition.target ?? []).map(pathOf),
    label: guard ? `${event} [${guard}]` : event,
  }
}

export function transitionsOf(machine: AnyStateMachine): MachineTransition[] {
  const transitions: MachineTransition[] = []
  walk(machine.root, (node) => {
    for (const branches of Object.values(node.on)) {
      for (const definition of branches) transitions.push(transitionOf(definition))
    }
  })
  return transitions
}

function activeUnder(node: AnyStateNode, value: StateValue): string[] {
  if (typeof value === 'string') return [pathOf(node.states[value])]
  return Object.entries(value).flatMap(([key, inner]) => {
    const child = node.states[key]
    return inner === undefined ? [pathOf(child)] : [pathOf(child), ...activeUnder(child, inner)]
  })
}

/** Every state the snapshot is in, parents included. */
export function activeStates(machine: AnyStateMachine, snapshot: SnapshotFrom<AnyStateMachine>) {
  return activeUnder(machine.root, snapshot.value as StateValue)
}

/** The transitions `event` takes from `snapshot` (none when the state ignores it). */
export function transitionsTaken<M extends AnyStateMachine>(
  machine: M,
  snapshot: SnapshotFrom<M>,
  event: EventFromLogic<M>,
): string[] {
  return machine.getTransitionData(snapshot, event).map(transitionId)
}
