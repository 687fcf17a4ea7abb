import { afterAll, describe, expect, it } from 'vitest'
import { inputsOf } from './kit/adapter'
import { statesOf, transitionsOf, assertWalkable } from './kit/graph'
import { modelPaths, pathText } from './kit/paths'
import { randomWalk } from './kit/random-walk'
import { writeRun, type PathRecord } from './kit/report-files'
import { emptyCovered, runEvents } from './kit/run'
import { adapters } from './registry'

// Every registered machine: its generated paths against the machine with a fake host, its
// invariants under fast-check's random walks, and its coverage against the committed thresholds.

const WALK = { runs: Number(process.env.MODEL_WALK_RUNS ?? 200), maxLength: 200 }

const percent = (covered: number, total: number) => (total === 0 ? 100 : (100 * covered) / total)

for (const adapter of adapters) {
  describe(`${adapter.name} machine`, () => {
    assertWalkable(adapter.machine)
    const states = statesOf(adapter.machine)
    const transitions = transitionsOf(adapter.machine)
    const paths = modelPaths(adapter)
    const inputs = inputsOf(adapter)
    const covered = emptyCovered()
    const records: PathRecord[] = []
    let walk: { runs: number; steps: number; failure: string | null } | null = null

    afterAll(() => {
      writeRun({
        machine: adapter.name,
        run: 'machine',
        states: [...covered.states],
        transitions: [...covered.transitions],
        paths: records,
        walk: walk
          ? { ...walk, invariants: adapter.invariants.map(({ name }) => name) }
          : undefined,
      })
    })

    it('has an adapter that describes every state and no other', () => {
      expect(Object.keys(adapter.states).sort()).toEqual(states.map(({ id }) => id).sort())
    })

    for (const path of paths) {
      it(`${path.description}: ${pathText(path)}`, () => {
        const result = runEvents(adapter, inputs[path.input], path.events, covered)
        records.push({
          description: path.description,
          events: path.events.map((event) => String(event.type)),
          passed: result.violation === null,
        })
        expect(result.violation, JSON.stringify(result.steps)).toBeNull()
      })
    }

    it('takes each transition its path was made for, last', () => {
      for (const path of paths) {
        if (path.transition === undefined) continue
        const { steps } = runEvents(adapter, inputs[path.input], path.events)
        expect(steps.at(-1)?.transitions, pathText(path)).toContain(path.transition)
      }
    })

    it('keeps every invariant through long random event sequences', () => {
      const result = randomWalk(adapter, WALK, covered)
      walk = result.ok
        ? { runs: result.runs, steps: result.steps, failure: null }
        : { runs: WALK.runs, steps: 0, failure: result.file }
      if (!result.ok) {
        console.error(
          `${adapter.name}: "${result.result.violation?.invariant}" broke after ${result.events.length} events.\n` +
            `Replay it: npm run test:model -- --replay ${result.file}`,
        )
      }
      expect(result.ok ? null : result.result.violation?.invariant).toBeNull()
    })

    it(`covers at least its thresholds (states ${adapter.thresholds.states} %, transitions ${adapter.thresholds.transitions} %)`, () => {
      const missingStates = states.filter(({ id }) => !covered.states.has(id)).map(({ id }) => id)
      const missingTransitions = transitions
        .filter(({ id }) => !covered.transitions.has(id))
        .map(({ id }) => id)
      const detail = `missing: ${[...missingStates, ...missingTransitions].join(', ')}`
      expect(
        percent(states.length - missingStates.length, states.length),
        detail,
      ).toBeGreaterThanOrEqual(adapter.thresholds.states)
      expect(
        percent(transitions.length - missingTransitions.length, transitions.length),
        detail,
      ).toBeGreaterThanOrEqual(adapter.thresholds.transitions)
    })
  })
}
