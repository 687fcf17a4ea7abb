import { getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph'
import type { SnapshotFrom } from 'xstate'
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
  { type: 'session.profile.failed', unauthorized: true },
  { type: 'session.profile.failed', unauthorized: false },
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
