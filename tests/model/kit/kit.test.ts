import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assign, createActor, setup, type EventObject } from 'xstate'
import { getSimplePaths } from 'xstate/graph'
import { describe, expect, it } from 'vitest'
import type { AnyModelAdapter, ModelAdapter } from './adapter'
import { activeStates, assertWalkable, statesOf, transitionsOf, transitionsTaken } from './graph'
import { modelPaths, simplePathsUpTo, transitionPaths, withoutPrefixes } from './paths'
import { randomWalk, readReplay } from './random-walk'
import { emptyCovered, runEvents } from './run'
import { sessionAdapter } from '../adapters/session'

// The kit on a small machine with a guard, a targetless transition, a nested state and a final one.

type ToyEvent = { type: 'toy.go' } | { type: 'toy.stop' } | { type: 'toy.reset' }

const toy = setup({
  types: { context: {} as { count: number }, events: {} as ToyEvent },
  actions: { bump: assign({ count: ({ context }) => Math.min(context.count + 1, 3) }) },
  guards: { full: ({ context }) => context.count >= 2 },
}).createMachine({
  id: 'toy',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'toy.go': [
          { guard: 'full', target: 'done' },
          { target: 'running', actions: 'bump' },
        ],
      },
    },
    running: {
      initial: 'fast',
      states: { fast: { on: { 'toy.stop': 'slow' } }, slow: {} },
      on: { 'toy.reset': 'idle', 'toy.go': { actions: 'bump' } },
    },
    done: { type: 'final' },
  },
})

function toyAdapter(limit: number): AnyModelAdapter {
  const adapter: ModelAdapter<typeof toy, { resets: number }> = {
    name: 'toy',
    title: 'Toy',
    machine: toy,
    events: [{ type: 'toy.go' }, { type: 'toy.stop' }, { type: 'toy.reset' }],
    host: () => ({ machine: toy, world: { resets: 0 } }),
    invariants: [{ name: `count stays below ${limit}`, holds: (s) => s.context.count < limit }],
    states: {},
    causes: {
      'toy.go': { none: 'toy' },
      'toy.stop': { none: 'toy' },
      'toy.reset': { none: 'toy' },
    },
    thresholds: { states: 100, transitions: 100, browser: 0 },
  }
  return adapter
}

describe('machine structure', () => {
  it('lists every state with its parent, initial and final flags', () => {
    expect(statesOf(toy)).toEqual([
      { id: 'idle', parent: null, initial: true, final: false, depth: 1 },
      { id: 'running', parent: null, initial: false, final: false, depth: 1 },
      { id: 'running.fast', parent: 'running', initial: true, final: false, depth: 2 },
      { id: 'running.slow', parent: 'running', initial: false, final: false, depth: 2 },
      { id: 'done', parent: null, initial: false, final: true, depth: 1 },
    ])
  })

  it('lists guarded branches and targetless transitions separately', () => {
    expect(transitionsOf(toy).map(({ id, label, targets }) => ({ id, label, targets }))).toEqual([
      { id: 'idle:toy.go:0', label: 'toy.go [full]', targets: ['done'] },
      { id: 'idle:toy.go:1', label: 'toy.go', targets: ['running'] },
      { id: 'running:toy.reset:0', label: 'toy.reset', targets: ['idle'] },
      { id: 'running:toy.go:0', label: 'toy.go', targets: [] },
      { id: 'running.fast:toy.stop:0', label: 'toy.stop', targets: ['running.slow'] },
    ])
  })

  it('tells which transition an event takes, by guard and by depth', () => {
    const actor = createActor(toy).start()
    expect(transitionsTaken(toy, actor.getSnapshot(), { type: 'toy.go' })).toEqual([
      'idle:toy.go:1',
    ])
    actor.send({ type: 'toy.go' })
    expect(activeStates(toy, actor.getSnapshot())).toEqual(['running', 'running.fast'])
    expect(transitionsTaken(toy, actor.getSnapshot(), { type: 'toy.go' })).toEqual([
      'running:toy.go:0',
    ])
    expect(transitionsTaken(toy, actor.getSnapshot(), { type: 'toy.stop' })).toEqual([
      'running.fast:toy.stop:0',
    ])
    actor.send({ type: 'toy.go' })
    actor.send({ type: 'toy.reset' })
    expect(transitionsTaken(toy, actor.getSnapshot(), { type: 'toy.go' })).toEqual([
      'idle:toy.go:0',
    ])
  })

  it('refuses a machine with a delayed transition', () => {
    const timed = setup({}).createMachine({
      initial: 'a',
      states: { a: { after: { 1000: 'b' } }, b: {} },
    })
    expect(() => assertWalkable(timed)).toThrow(/after\/invoke/)
  })
})

describe('generated paths', () => {
  it('cover every state and transition of the machine', () => {
    const adapter = toyAdapter(10)
    const covered = emptyCovered()
    for (const path of modelPaths(adapter)) runEvents(adapter, undefined, path.events, covered)
    expect([...covered.states].sort()).toEqual(
      statesOf(toy)
        .map(({ id }) => id)
        .sort(),
    )
    expect([...covered.transitions].sort()).toEqual(
      transitionsOf(toy)
        .map(({ id }) => id)
        .sort(),
    )
  })
})

describe('simple paths up to a depth', () => {
  // The walk that stops at the depth against xstate's own enumeration of every simple path.
  const theirs = (adapter: AnyModelAdapter, depth: number) =>
    getSimplePaths(adapter.machine, { events: [...adapter.events], input: undefined })
      .map((path) => path.steps.slice(1).map((step): EventObject => step.event as EventObject))
      .filter((events) => events.length <= depth)

  it.each([1, 2, 3])(
    'are the toy machine’s simple paths of at most %i steps, in order',
    (depth) => {
      const adapter = toyAdapter(10)
      const ours = simplePathsUpTo(toy, { events: adapter.events, input: undefined }, depth)
      expect(ours).toEqual(theirs(adapter, depth))
      expect(ours.some((events) => events.length === depth)).toBe(true)
    },
  )

  it('are the session machine’s, at the depth its model run uses', () => {
    const depth = sessionAdapter.simplePathDepth ?? 8
    const ours = simplePathsUpTo(
      sessionAdapter.machine,
      { events: sessionAdapter.events, input: undefined },
      depth,
    )
    expect(ours.length).toBeGreaterThan(100)
    expect(ours).toEqual(theirs(sessionAdapter, depth))
  })
})

describe('paths without prefixes', () => {
  it('take every transition the per-transition paths take, in fewer replays', () => {
    const adapter = toyAdapter(10)
    const all = [...transitionPaths(adapter).values()]
    const kept = withoutPrefixes(all)
    const covered = emptyCovered()
    for (const path of kept) runEvents(adapter, undefined, path.events, covered)
    expect(kept.length).toBeLessThan(all.length)
    for (const path of all) expect([...covered.transitions]).toContain(path.transition)
  })

  it('keeps a path that only another input starts with, and equal paths once each', () => {
    const a = { type: 'a' }
    const b = { type: 'b' }
    const paths = [
      { input: 0, events: [a] },
      { input: 1, events: [a, b] },
      { input: 0, events: [a, b] },
      { input: 1, events: [b] },
      { input: 1, events: [b] },
    ]
    expect(withoutPrefixes(paths)).toEqual([paths[1], paths[2], paths[3]])
  })
})

describe('random walks', () => {
  it('pass when every invariant holds', () => {
    expect(randomWalk(toyAdapter(10), { runs: 50, maxLength: 50 }).ok).toBe(true)
  })

  it('shrink a broken invariant to the shortest sequence and write a replay that breaks it again', () => {
    const directory = mkdtempSync(join(tmpdir(), 'model-kit-'))
    const adapter = toyAdapter(3)
    const result = randomWalk(adapter, { runs: 200, maxLength: 60, seed: 7, directory })
    if (result.ok) throw new Error('the walk missed a reachable violation')
    expect(result.events.map(({ type }) => type)).toEqual(['toy.go', 'toy.go', 'toy.go'])
    const saved = readReplay(result.file)
    expect(saved).toMatchObject({ machine: 'toy', invariant: 'count stays below 3' })
    expect(runEvents(adapter, saved.input, saved.events).violation).toEqual({
      invariant: 'count stays below 3',
      step: 2,
    })
  })
})
