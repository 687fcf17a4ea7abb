// The API under load (issue 51): autocannon, 50 connections for 15 s per line, against the real
// server (its own process) on a throwaway database with 1,000,000 audit rows: embedded PGlite in a
// temporary directory, then a throwaway PostgreSQL (scripts/with-postgres.sh) when one can start.
// Budget: the audit page at start 500,000 answers at p99 ≤ 50 ms with 0 errors on both; the users
// search "a" answers with 0 errors at most twice the audit page's server CPU a request, in the same
// server run (issue 63); request logging and metrics cost ≤ 5 % of the server's CPU: the time a CPU
// profile finds under their code (with what it calls) in one more run. The same database at LOG_LEVEL=info and silent, in rounds
// of info, silent, silent, info (BENCH_LOG_ROUNDS, 1), is printed beside it: two runs a side
// cannot judge a few per cent. `--embedded` leaves out PostgreSQL.
//   npm run bench:load          BENCH_SECONDS=5 BENCH_ROWS=200000 npm run bench:load
//   BENCH_LOG_ROUNDS=3 npm run bench:load -- --embedded
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { apiToken } from './helpers/api-token'
import { startBenchServer } from './helpers/bench-server'
import { inclusiveShare, readProfile } from './helpers/cpu-profile'
import { machineLine } from './helpers/machine'
import { processCpuMs } from './helpers/process-cpu'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const CONNECTIONS = 50
const WARMUP_SECONDS = 3
const P99_BUDGET_MS = 50
const LOGGING_BUDGET = 0.05
/** The users search's server CPU a request, against the audit page's in the same run. */
const SEARCH_CPU_RATIO_BUDGET = 2
const POSTGRES_ONLY = process.argv.includes('--postgres')
const EMBEDDED_ONLY = process.argv.includes('--embedded')
/** Rounds of info, silent, silent, info runs for the request log's cost in throughput. */
const LOG_ROUNDS = Number(process.env.BENCH_LOG_ROUNDS ?? 1)
/** The request log's code (server/logger.ts and pino) and the metrics' (server/metrics.ts, prom-client). */
const LOG_CODE =
  /server\/logger\.ts|node_modules\/(pino|pino-std-serializers|sonic-boom|quick-format-unescaped|on-exit-leak-free|thread-stream)\//
const METRICS_CODE = /server\/metrics\.ts|node_modules\/(prom-client|tdigest|bintrees)\//
const audit = `/sbm/v1/devices/audit?start=${Math.floor(ROWS / 2)}&length=15`

interface Load {
  rps: number
  p50: number
  p99: number
  errors: number
  /** Of the errors: requests autocannon gave up on after its 10 s, and answers other than 2xx. */
  timeouts: number
  non2xx: number
  /** The server process's CPU time per answered request (ms), when /proc says. */
  cpuPerRequest: number | null
  /** The host's 1-minute load average at the end of the run. */
  load: number
}

async function load(
  url: string,
  token: string | null,
  pid: number | undefined,
  seconds = SECONDS,
): Promise<Load> {
  const cpuBefore = processCpuMs(pid)
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const cpuAfter = processCpuMs(pid)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Refused connections, timeouts and every answer that is not a 2xx.
    errors: result.errors + result.timeouts + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    cpuPerRequest:
      cpuAfter === null || cpuBefore === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
    load: loadavg()[0] ?? 0,
  }
}

const figures = (l: Load) =>
  `${Math.round(l.rps).toLocaleString('en').padStart(6)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms  errors ${l.errors}${l.errors > 0 ? ` (${l.timeouts} timeouts, ${l.non2xx} non-2xx)` : ''}` +
  `  server CPU ${l.cpuPerRequest === null ? '–' : l.cpuPerRequest.toFixed(2)} ms/req  load ${l.load.toFixed(1)}`

const line = (label: string, text: string) => process.stdout.write(`${label.padEnd(44)} ${text}\n`)

/** A warm-up the figures leave out (JIT, the database's cache), then the measured run. */
async function measure(url: string, token: string | null, pid: number | undefined) {
  await load(url, token, pid, WARMUP_SECONDS)
  return load(url, token, pid)
}

/** The server on the bench's data with `env` and LOG_LEVEL `level`, until `use` is done. */
async function withServer<T>(
  env: Record<string, string>,
  level: 'info' | 'silent',
  use: (url: string, token: string, pid: number | undefined) => Promise<T>,
  nodeOptions: string[] = [],
): Promise<T> {
  const server = await startBenchServer({
    rows: ROWS,
    env: { ...env, LOG_LEVEL: level, DRAIN_MS: '0', ACCESS_TOKEN_TTL: '86400' },
    nodeOptions,
  })
  try {
    return await use(server.url, await apiToken(server.url), server.pid)
  } finally {
    await server.stop()
  }
}

/** The mean of the runs' figures that the logging cost compares. */
const mean = (runs: readonly Load[], pick: (l: Load) => number) =>
  runs.reduce((sum, l) => sum + pick(l), 0) / runs.length

/**
 * Every line for one database. A first start seeds and stops: the first reads after a seed write
 * every page again (PostgreSQL sets each row's hint bits once), which would burden whichever run
 * came first. Then the server at LOG_LEVEL=info (a JSON line per request, as `npm start` runs) and
 * at silent on the same data, for the logging cost: in the order info, silent, silent, info, each
 * a server of its own, so that a drift over the runs (the host's load, the database's caches)
 * weighs on both sides alike; the cost compares the means of each side's two runs.
 */
async function database(name: string, env: Record<string, string>) {
  const seeding = performance.now()
  await withServer(env, 'silent', (url, token, pid) =>
    load(`${url}${audit}`, token, pid, WARMUP_SECONDS),
  )
  process.stderr.write(
    `${name}: seeded ${ROWS.toLocaleString('en')} rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s; measuring…\n`,
  )
  const auditPage = (level: 'info' | 'silent') =>
    withServer(env, level, (url, token, pid) => measure(url + audit, token, pid))
  const info = await withServer(env, 'info', async (url, token, pid) => {
    const page = await measure(url + audit, token, pid)
    line(`audit page at ${Math.floor(ROWS / 2).toLocaleString('en')}, ${name}`, verdict(page))
    const search = await measure(`${url}/org/v1/users?search=a&length=15`, token, pid)
    line(`users search "a", ${name}`, figures(search))
    line(`GET /login (static), ${name}`, figures(await measure(`${url}/login`, null, pid)))
    line(`users search "a" / audit page, ${name}`, searchVerdict(search, page))
    return page
  })
  const silent: Load[] = []
  const logged: Load[] = [info]
  const again = async (level: 'info' | 'silent') => {
    const run = await auditPage(level)
    ;(level === 'info' ? logged : silent).push(run)
    line(
      `audit page again, LOG_LEVEL=${level}, ${name}`,
      level === 'info' ? verdict(run) : figures(run),
    )
  }
  // Round one completes info, silent, silent, info; each further round is info, silent, silent,
  // info again.
  await again('silent')
  await again('silent')
  await again('info')
  for (let round = 1; round < LOG_ROUNDS; round++) {
    for (const level of ['info', 'silent', 'silent', 'info'] as const) await again(level)
  }
  const cost = 1 - mean(logged, (l) => l.rps) / mean(silent, (l) => l.rps)
  const cpu = (runs: Load[]) =>
    runs.every((l) => l.cpuPerRequest !== null)
      ? `${mean(runs, (l) => l.cpuPerRequest ?? 0).toFixed(3)} ms`
      : '–'
  line(
    `request log (${logged.length} info, ${silent.length} silent runs), ${name}`,
    `${(cost * 100).toFixed(1)} % of throughput (server CPU a request ${cpu(logged)} logged, ${cpu(silent)} silent; within the runs' spread, not judged)`,
  )
  // Two runs a side cannot tell a few per cent from the runs' own spread (two silent runs differed
  // by 5–6.5 % on a quiet host): the CPU profile of one more run attributes the time itself. It
  // leaves out the garbage collector's time, which no function's frame holds (all of it 1.5 % of
  // the busy time there).
  const profiles = await mkdtemp(join(tmpdir(), 'access-load-profile-'))
  try {
    await withServer(env, 'info', (url, token, pid) => measure(url + audit, token, pid), [
      '--cpu-prof',
      `--cpu-prof-dir=${profiles}`,
    ])
    const profile = readProfile(profiles)
    const share = (pattern: RegExp) => inclusiveShare(profile, (url) => pattern.test(url))
    const logShare = share(LOG_CODE)
    const metricsShare = share(METRICS_CODE)
    const both = share(new RegExp(`${LOG_CODE.source}|${METRICS_CODE.source}`))
    line(
      `request log and metrics, CPU profile, ${name}`,
      `${(both * 100).toFixed(1)} % of the server's busy CPU (log ${(logShare * 100).toFixed(1)} %, metrics ${(metricsShare * 100).toFixed(1)} %)  ${both > LOGGING_BUDGET ? 'OVER BUDGET' : 'ok'}`,
    )
    if (both > LOGGING_BUDGET) process.exitCode = 1
  } finally {
    await rm(profiles, { recursive: true, force: true })
  }
}

function verdict(l: Load) {
  const over = l.p99 > P99_BUDGET_MS || l.errors > 0
  if (over) process.exitCode = 1
  return `${figures(l)}  ${over ? 'OVER BUDGET' : 'ok'}`
}

/** The users search's budget: 0 errors, and its CPU a request at most twice the audit page's. */
function searchVerdict(search: Load, page: Load) {
  if (search.cpuPerRequest === null || page.cpuPerRequest === null) {
    process.exitCode = 1
    return 'no CPU figures (no /proc): not judged  OVER BUDGET'
  }
  const ratio = search.cpuPerRequest / page.cpuPerRequest
  const over = ratio > SEARCH_CPU_RATIO_BUDGET || search.errors > 0
  if (over) process.exitCode = 1
  return (
    `server CPU ${search.cpuPerRequest.toFixed(2)} / ${page.cpuPerRequest.toFixed(2)} ms/req = ${ratio.toFixed(1)}× (budget ≤ ${SEARCH_CPU_RATIO_BUDGET.toFixed(1)}×), ` +
    `errors ${search.errors} (budget 0)  load ${search.load.toFixed(1)}  ${over ? 'OVER BUDGET' : 'ok'}`
  )
}

async function embedded() {
  const dataDir = await mkdtemp(join(tmpdir(), 'access-load-'))
  try {
    await database('embedded', { DATA_DIR: dataDir })
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** This bench again under scripts/with-postgres.sh; a line saying so when no cluster starts. */
async function postgres() {
  const child = spawn(
    'bash',
    ['scripts/with-postgres.sh', 'node_modules/.bin/tsx', 'bench/load.ts', '--postgres'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let started = false
  let failure = ''
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    if (text.includes('Throwaway PostgreSQL')) started = true
    process.stdout.write(text)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    if (started) process.stderr.write(chunk)
    else failure += chunk.toString()
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (!started) {
    line('PostgreSQL', `skipped: no throwaway cluster started (${failure.trim().split('\n')[0]})`)
  } else if (code !== 0) process.exitCode = code ?? 1
}

if (POSTGRES_ONLY) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('--postgres runs under scripts/with-postgres.sh')
  await database('PostgreSQL', { DATABASE_URL: url })
} else {
  process.stdout.write(
    `API under load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up, ${ROWS.toLocaleString('en')} audit rows; budget audit page p99 ≤ ${P99_BUDGET_MS} ms, 0 errors; users search "a" ≤ ${SEARCH_CPU_RATIO_BUDGET}× its CPU a request, 0 errors; request log ≤ ${LOGGING_BUDGET * 100} %\n${machineLine()}\n`,
  )
  await embedded()
  if (!EMBEDDED_ONLY) await postgres()
}
