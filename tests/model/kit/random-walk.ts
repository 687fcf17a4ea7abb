import fc from 'fast-check'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EventObject } from 'xstate'
import { inputsOf, type AnyModelAdapter } from './adapter'
import { runEvents, type Covered, type RunResult } from './run'
import { REPORT_DIR } from './report-files'

export type WalkOptions = {
  runs: number
  maxLength: number
  seed?: number
  /** Where a failure's replay file goes; reports/model/failures by default. */
  directory?: string
}

export type WalkResult =
  | { ok: true; runs: number; steps: number }
  | {
      ok: false
      input: unknown
      events: EventObject[]
      result: RunResult
      file: string
      seed: number
    }

/** The events a walk sends, from indices into the adapter's sample events. */
const eventsFrom = (adapter: AnyModelAdapter, picks: readonly number[]) =>
  picks.map((pick) => adapter.events[pick])

export type ReplayFile = {
  machine: string
  invariant: string
  input: unknown
  events: EventObject[]
}

export function writeReplay(file: ReplayFile, directory = join(REPORT_DIR, 'failures')) {
  mkdirSync(directory, { recursive: true })
  const path = join(
    directory,
    `${file.machine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  )
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`)
  return path
}

export function readReplay(path: string): ReplayFile {
  return JSON.parse(readFileSync(path, 'utf8')) as ReplayFile
}

/**
 * fast-check sends long random sequences of the adapter's events through the fake host and checks
 * every invariant after each step. A failure is shrunk to a short sequence and written as a replay
 * file (`npm run test:model -- --replay <file>`).
 */
export function randomWalk(
  adapter: AnyModelAdapter,
  options: WalkOptions,
  covered?: Covered,
): WalkResult {
  let steps = 0
  const inputs = inputsOf(adapter)
  const start = fc.nat({ max: inputs.length - 1 })
  const picks = fc.array(fc.nat({ max: adapter.events.length - 1 }), {
    minLength: 1,
    maxLength: options.maxLength,
    // fast-check keeps arrays short by default; a walk is meant to be long.
    size: 'max',
  })
  const details = fc.check(
    fc.property(start, picks, (which, chosen) => {
      steps += chosen.length
      const events = eventsFrom(adapter, chosen)
      return runEvents(adapter, inputs[which], events, covered).violation === null
    }),
    { numRuns: options.runs, seed: options.seed },
  )
  if (!details.failed || details.counterexample === null) {
    return { ok: true, runs: options.runs, steps }
  }
  const [which, chosen] = details.counterexample
  const input = inputs[which]
  const walked = eventsFrom(adapter, chosen)
  const broken = runEvents(adapter, input, walked).violation
  // Keep the events up to the one after which the invariant broke: the rest never ran.
  const events = broken === null ? walked : walked.slice(0, broken.step + 1)
  const result = runEvents(adapter, input, events)
  const file = writeReplay(
    { machine: adapter.name, invariant: result.violation?.invariant ?? 'unknown', input, events },
    options.directory,
  )
  return { ok: false, input, events, result, file, seed: details.seed }
}
