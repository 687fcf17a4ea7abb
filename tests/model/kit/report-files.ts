import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'

// Where the runs leave their results (gitignored); scripts/test-model.ts turns them into the report.
export const REPORT_DIR = process.env.MODEL_REPORT_DIR ?? join(process.cwd(), 'reports', 'model')

export type PathRecord = { description: string; events: string[]; passed: boolean }

/** What one run (machine or browser) of one machine covered. */
export type RunFile = {
  machine: string
  run: 'machine' | 'browser'
  states: string[]
  transitions: string[]
  paths: PathRecord[]
  walk?: { runs: number; steps: number; invariants: string[]; failure: string | null }
}

const runPath = (machine: string, run: RunFile['run']) =>
  join(REPORT_DIR, 'runs', `${machine}.${run}.json`)

export function writeRun(file: RunFile) {
  mkdirSync(join(REPORT_DIR, 'runs'), { recursive: true })
  writeFileSync(runPath(file.machine, file.run), `${JSON.stringify(file, null, 2)}\n`)
}

export function readRun(machine: string, run: RunFile['run']): RunFile | null {
  const path = runPath(machine, run)
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as RunFile) : null
}
