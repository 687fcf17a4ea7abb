import { createActor, getNextSnapshot, type SnapshotFrom } from 'xstate'
import {
  getStateNodes,
  serializeSnapshot,
  toDirectedGraph,
  type DirectedGraphNode,
} from 'xstate/graph'
import { sessionMachine, type SessionEvent, type SessionUser } from '../../machines/session.machine'

// Shared by the machine-level model test (vitest) and the browser model test (Playwright): the same
// events, the same paths, the same coverage arithmetic.

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

export const sampleUser: SessionUser = {
  user_id: 1,
  username: 'admin',
  email: 'admin@demo.local',
  title: null,
  first_name: 'Ada',
  last_name: 'Admin',
  roles: ['admin'],
  permissions: ['organizations:read'],
  organization_id: 1,
  organization_name: 'Acme',
}

/** One concrete event per distinct branch; payload variety stays small so traversal ends. */
export const sampleEvents: readonly SessionEvent[] = [
  { type: 'session.restore.found' },
  { type: 'session.restore.empty' },
  {
    type: 'session.signIn',
    request: { kind: 'password', username: 'admin@demo.local', password: 'Demo-Password-1' },
  },
  {
    type: 'session.signIn',
    request: { kind: 'reset', token: 'link-token', newPassword: 'Fresh-Pass-9' },
  },
  { type: 'session.signIn.succeeded' },
  { type: 'session.signIn.failed', error: 'credentials' },
  { type: 'session.signIn.failed', error: 'throttled', retryAfter: 30 },
  { type: 'session.profile.loaded', user: sampleUser },
  { type: 'session.profile.failed' },
  { type: 'session.retry' },
  { type: 'session.refresh.started' },
  { type: 'session.refresh.finished' },
  { type: 'session.ended' },
  { type: 'session.signOut' },
  { type: 'session.otherTab.signedIn' },
]

type Edge = { id: string; source: string; event: string; target: string }

function collectEdges(node: DirectedGraphNode, into: Edge[]) {
  for (const edge of node.edges) {
    into.push({
      id: `${edge.source.id} --${edge.label.text}--> ${edge.target.id}`,
      source: edge.source.id,
      event: edge.label.text,
      target: edge.target.id,
    })
  }
  for (const child of node.children) collectEdges(child, into)
}

/** Every transition the machine defines (source, event, target), from its directed graph. */
export function allTransitions(): Edge[] {
  const edges: Edge[] = []
  collectEdges(toDirectedGraph(sessionMachine), edges)
  // Transitions guarded differently but with the same source/event/target count once.
  return [...new Map(edges.map((edge) => [edge.id, edge])).values()]
}

export function allStateIds(): string[] {
  return getStateNodes(sessionMachine).map((node) => node.id)
}

/** Active state nodes, without the machine's root (getStateNodes does not list it either). */
function activeIds(snapshot: SessionSnapshot): Set<string> {
  return new Set(snapshot._nodes.filter((node) => node.parent).map((node) => node.id))
}

/** Which defined transition a step took: the deepest active source handling the event. */
export function transitionTaken(
  before: SessionSnapshot,
  event: SessionEvent,
  after: SessionSnapshot,
  edges: readonly Edge[],
): Edge | undefined {
  const was = activeIds(before)
  const is = activeIds(after)
  const depth = (id: string) => id.split('.').length
  return edges
    .filter((edge) => edge.event === event.type && was.has(edge.source) && is.has(edge.target))
    .sort((a, b) => depth(b.source) - depth(a.source))[0]
}

export type Coverage = {
  states: { covered: Set<string>; all: string[] }
  transitions: { covered: Set<string>; all: Edge[] }
}

export function emptyCoverage(): Coverage {
  return {
    states: { covered: new Set(), all: allStateIds() },
    transitions: { covered: new Set(), all: allTransitions() },
  }
}

export function recordStep(
  coverage: Coverage,
  before: SessionSnapshot,
  event: SessionEvent,
  after: SessionSnapshot,
) {
  for (const id of activeIds(after)) coverage.states.covered.add(id)
  const edge = transitionTaken(before, event, after, coverage.transitions.all)
  if (edge) coverage.transitions.covered.add(edge.id)
}

export function recordState(coverage: Coverage, snapshot: SessionSnapshot) {
  for (const id of activeIds(snapshot)) coverage.states.covered.add(id)
}

export function formatCoverage(label: string, coverage: Coverage): string {
  const { states, transitions } = coverage
  const missingStates = states.all.filter((id) => !states.covered.has(id))
  const missingTransitions = transitions.all.filter((edge) => !transitions.covered.has(edge.id))
  const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(0)}%`
  return [
    `${label}: states ${states.covered.size}/${states.all.length} (${pct(states.covered.size, states.all.length)}), ` +
      `transitions ${transitions.covered.size}/${transitions.all.length} (${pct(transitions.covered.size, transitions.all.length)})`,
    ...missingStates.map((id) => `  missing state ${id}`),
    ...missingTransitions.map((edge) => `  missing transition ${edge.id}`),
  ].join('\n')
}

/**
 * One shortest event sequence per defined transition: the shortest path to a state where the
 * transition is enabled, plus the event that takes it. Both the machine test and the browser test
 * walk these, so "every transition" means the same thing in both.
 */
export function transitionPaths(): { edge: string; events: SessionEvent[] }[] {
  const edges = allTransitions()
  const found = new Map<string, SessionEvent[]>()
  const start = createActor(sessionMachine).getSnapshot()
  // Breadth-first over event sequences; context stays bounded, so this ends quickly.
  let frontier: { snapshot: SessionSnapshot; events: SessionEvent[] }[] = [
    { snapshot: start, events: [] },
  ]
  const seen = new Set([serializeSnapshot(start)])
  while (frontier.length && found.size < edges.length) {
    const next: typeof frontier = []
    for (const { snapshot, events } of frontier) {
      for (const event of sampleEvents) {
        const after = getNextSnapshot(sessionMachine, snapshot, event)
        const edge = transitionTaken(snapshot, event, after, edges)
        if (!edge) continue
        if (!found.has(edge.id)) found.set(edge.id, [...events, event])
        const key = serializeSnapshot(after)
        if (!seen.has(key)) {
          seen.add(key)
          next.push({ snapshot: after, events: [...events, event] })
        }
      }
    }
    frontier = next
  }
  return [...found].map(([edge, events]) => ({ edge, events }))
}
