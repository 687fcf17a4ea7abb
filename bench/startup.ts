// Start-up figures (issue 51): `npm start` on a fresh clone → first page ≤ 5 s; a second `npm start`
// with nothing changed ≤ 2 s; a server process (no build) ready on an existing database ≤ 1 s.
// A fresh clone is this tree without dist/, dist-server/, the build stamp and a database: the bench
// removes the first three (the start it times rebuilds them) and starts on a new temporary DATA_DIR.
// The server process is the one `npm start` runs and operators start (docs/operations.md): the
// server bundle on plain node, `node dist-server/main.mjs`.
//   npm run bench:startup            BENCH_RUNS=5 npm run bench:startup
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STAMP } from '../scripts/build-if-stale'
import { SERVER_DIR } from '../scripts/build-server.mjs'
import { machineLine } from './helpers/machine'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 8391)
const BUDGETS = { fresh: 5000, again: 2000, server: 1000 }

const npmStart = ['npm', 'start', '--silent']
const serverOnly = [process.execPath, `${SERVER_DIR}/main.mjs`]

/**
 * Milliseconds from running `command` to the first 200 from each of `paths`, asked in turn; then
 * stops it with SIGINT to its whole process group, as Ctrl+C in a terminal does (npm does not pass
 * a signal on).
 */
async function timesToAnswer(
  command: string[],
  paths: string[],
  dataDir: string,
): Promise<number[]> {
  const [program = '', ...args] = command
  const started = performance.now()
  const child = spawn(program, args, {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const times: number[] = []
  try {
    for (const path of paths) times.push(await firstAnswer(path))
    return times
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT')
    await exited
  }

  async function firstAnswer(path: string): Promise<number> {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${command.join(' ')} exited with ${child.exitCode}`)
      const answered = await fetch(`http://127.0.0.1:${PORT}${path}`, {
        signal: AbortSignal.timeout(1000),
      }).then(
        (r) => r.status === 200,
        () => false,
      )
      if (answered) return performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}

const timeToAnswer = async (command: string[], path: string, dataDir: string) =>
  (await timesToAnswer(command, [path], dataDir))[0] ?? Number.NaN

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

function report(label: string, ms: number[], budget: number | null) {
  const over = budget !== null && median(ms) > budget
  if (over) process.exitCode = 1
  const runs = ms.map((m) => (m / 1000).toFixed(2)).join(', ')
  const verdict =
    budget === null ? '' : `  budget ${budget / 1000} s  ${over ? 'OVER BUDGET' : 'ok'}`
  process.stdout.write(
    `${label.padEnd(58)} ${(median(ms) / 1000).toFixed(2)} s (${runs})${verdict}\n`,
  )
}

const dataDir = await mkdtemp(join(tmpdir(), 'access-startup-'))
try {
  process.stdout.write(`Start-up, ${RUNS} runs each (median)\n${machineLine()}\n`)
  const page: number[] = []
  const ready: number[] = []
  for (let run = 0; run < RUNS; run++) {
    await rm('dist', { recursive: true, force: true })
    await rm(STAMP, { force: true })
    await rm(SERVER_DIR, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
    // /ready once the demo data is in: a sign-in answers from then on.
    const [login = Number.NaN, seeded = Number.NaN] = await timesToAnswer(
      npmStart,
      ['/login', '/ready'],
      dataDir,
    )
    page.push(login)
    ready.push(seeded)
  }
  report('npm start, fresh clone (build, initdb, seed) → /login', page, BUDGETS.fresh)
  report('  the same start → /ready (seeded: a sign-in answers)', ready, null)
  const again: number[] = []
  const server: number[] = []
  for (let run = 0; run < RUNS; run++) {
    again.push(await timeToAnswer(npmStart, '/login', dataDir))
    server.push(await timeToAnswer(serverOnly, '/ready', dataDir))
  }
  report('npm start again, nothing changed → /login', again, BUDGETS.again)
  report('node dist-server/main.mjs, existing database → /ready', server, BUDGETS.server)
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
