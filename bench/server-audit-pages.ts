// Audit-log page latency on 1,000,000 rows, over real HTTP against the reference server (its own
// process, as `npm start` runs it) on a fresh in-memory PGlite. Budget (DESIGN.md): p95 ≤ 20 ms at any start. Also prints the seed time and,
// for the record, the OFFSET fallbacks (search, other sort orders), which have no budget.
//   npm run bench:server            BENCH_ROWS=200000 npm run bench:server
//   BENCH_DATABASE_URL=postgres://…/empty_db npm run bench:server
import { spawn } from 'node:child_process'
import { once as onceEvent } from 'node:events'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const BUDGET_MS = 20
// The first requests after a million-row seed pay for JIT warm-up and a cold buffer cache.
const WARMUP = 50

interface Scenario {
  label: string
  url: string
  token: string
  budget: boolean
  times: number[]
  rows: number
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function once(s: Scenario, keep: boolean) {
  const t = performance.now()
  const response = await fetch(s.url, { headers: { authorization: `Bearer ${s.token}` } })
  const body = (await response.json()) as { data: unknown[] }
  if (response.status !== 200) throw new Error(`${s.url}: ${response.status}`)
  if (keep) s.times.push(performance.now() - t)
  s.rows = body.data.length
}

/**
 * Round-robin: one request per scenario per round, so a burst of load from another process on
 * this shared machine lands on all scenarios alike instead of on whichever ran at that moment.
 */
async function run(scenarios: Scenario[], runs: number) {
  for (let round = 0; round < runs + WARMUP; round++) {
    for (const s of scenarios) await once(s, round >= WARMUP)
  }
}

function report(s: Scenario) {
  const sorted = [...s.times].sort((a, b) => a - b)
  const p50 = percentile(sorted, 50)
  const p95 = percentile(sorted, 95)
  const verdict = s.budget ? (p95 <= BUDGET_MS ? 'ok' : 'OVER BUDGET') : 'no budget'
  const figures = `p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms`
  return {
    over: s.budget && p95 > BUDGET_MS,
    line: `${s.label.padEnd(50)} ${figures}  rows ${String(s.rows).padStart(2)}  ${verdict}`,
  }
}

/** Starts `server/main.ts` in its own process; answers its URL and the seed time it logged. */
async function startServerProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: 'memory://',
      SEED_AUDIT_ROWS: String(ROWS),
      LOG_LEVEL: 'info',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  while (!/Access console: (\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const url = (/Access console: (\S+)/.exec(output)?.[1] ?? '').replace('localhost', '127.0.0.1')
  const seedMs = Number(/seeded demo data in (\d+) ms/.exec(output)?.[1] ?? Number.NaN)
  const stop = async () => {
    child.kill('SIGTERM')
    await onceEvent(child, 'exit')
  }
  return { url, seedMs, stop }
}

async function main() {
  const t0 = performance.now()
  const server = await startServerProcess()
  const startup = performance.now() - t0
  const login = async (username: string) => {
    const response = await fetch(`${server.url}/auth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: 'Demo-Password-1' }),
    })
    return ((await response.json()) as { access_token: string }).access_token
  }
  const admin = await login('admin@demo.local')
  const auditor = await login('auditor@demo.local')
  const acmeRows = ROWS - Math.floor(ROWS / 3)
  const page = (q: string) => `${server.url}/sbm/v1/devices/audit?length=15&${q}`
  const scenario = (label: string, q: string, token: string, budget: boolean): Scenario => ({
    label,
    url: page(q),
    token,
    budget,
    times: [],
    rows: 0,
  })
  const half = Math.floor(ROWS / 2)
  const budgeted = [
    ...[0, half, ROWS - 15].map((start) =>
      scenario(`admin, newest first, start ${start}`, `start=${start}`, admin, true),
    ),
    ...[0, Math.floor(acmeRows / 2), acmeRows - 15].map((start) =>
      scenario(`auditor (Acme only), start ${start}`, `start=${start}`, auditor, true),
    ),
    scenario(
      `admin, oldest first, start ${half}`,
      `start=${half}&order_direction=asc`,
      admin,
      true,
    ),
  ]
  const fallbacks = [
    scenario(
      `admin, order_by=user_id, start ${half} (OFFSET)`,
      `start=${half}&order_by=user_id`,
      admin,
      false,
    ),
    scenario('admin, search=failure, start 0 (OFFSET + count)', 'search=failure', admin, false),
  ]
  await run(budgeted, RUNS)
  await run(fallbacks, Math.max(5, Math.floor(RUNS / 20)))
  const results = [...budgeted, ...fallbacks].map(report)
  process.stdout.write(
    [
      `Audit pages over HTTP, ${ROWS.toLocaleString('en')} rows, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${RUNS} requests each, round-robin after ${WARMUP} warm-up rounds`,
      `Server process start incl. initdb, migrations, seed and demo password hashing: ${(startup / 1000).toFixed(1)} s; seed alone: ${(server.seedMs / 1000).toFixed(1)} s`,
      ...results.map((r) => r.line),
      '',
    ].join('\n'),
  )
  await server.stop()
  if (results.some((r) => r.over)) process.exitCode = 1
}

await main()
