// Audit-log page latency on 1,000,000 rows, over real HTTP against the reference server on a fresh
// in-memory PGlite. Budget (DESIGN.md): p95 ≤ 20 ms at any start. Also prints the seed time and,
// for the record, the OFFSET fallbacks (search, other sort orders), which have no budget.
//   npm run bench:server            BENCH_ROWS=200000 npm run bench:server
//   BENCH_DATABASE_URL=postgres://…/empty_db npm run bench:server
import { startServer } from '../server/main'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const BUDGET_MS = 20
// The first requests after a million-row seed pay for JIT warm-up and a cold buffer cache.
const WARMUP = 50

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function measure(url: string, token: string, runs: number) {
  const times: number[] = []
  let rows = 0
  for (let i = 0; i < runs + WARMUP; i++) {
    const t = performance.now()
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    const body = (await response.json()) as { data: unknown[] }
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
    if (i >= WARMUP) times.push(performance.now() - t)
    rows = body.data.length
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows }
}

async function main() {
  const t0 = performance.now()
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    // An empty PostgreSQL database instead of PGlite, to compare.
    databaseUrl: process.env.BENCH_DATABASE_URL ?? null,
    seedAuditRows: ROWS,
    logLevel: 'warn',
    distDir: 'bench/no-dist',
  })
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
  const lines: string[] = []
  let over = false
  const row = (label: string, r: { p50: number; p95: number; rows: number }, budget: boolean) => {
    const verdict = budget ? (r.p95 <= BUDGET_MS ? 'ok' : 'OVER BUDGET') : 'no budget'
    if (budget && r.p95 > BUDGET_MS) over = true
    lines.push(
      `${label.padEnd(52)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  rows ${String(r.rows).padStart(2)}  ${verdict}`,
    )
  }
  const page = (q: string) => `${server.url}/sbm/v1/devices/audit?length=15&${q}`
  for (const start of [0, Math.floor(ROWS / 2), ROWS - 15]) {
    row(
      `admin, newest first, start ${start}`,
      await measure(page(`start=${start}`), admin, RUNS),
      true,
    )
  }
  for (const start of [0, Math.floor(acmeRows / 2), acmeRows - 15]) {
    row(
      `auditor (Acme only), start ${start}`,
      await measure(page(`start=${start}`), auditor, RUNS),
      true,
    )
  }
  row(
    'admin, oldest first, start 500000',
    await measure(page(`start=${Math.floor(ROWS / 2)}&order_direction=asc`), admin, RUNS),
    true,
  )
  const few = Math.max(5, Math.floor(RUNS / 20))
  row(
    'admin, order_by=user_id, start 500000 (OFFSET)',
    await measure(page(`start=${Math.floor(ROWS / 2)}&order_by=user_id`), admin, few),
    false,
  )
  row(
    'admin, search=failure, start 0 (OFFSET + count)',
    await measure(page('search=failure'), admin, few),
    false,
  )
  process.stdout.write(
    [
      `Audit pages over HTTP, ${ROWS.toLocaleString('en')} rows, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${RUNS} requests each (after ${WARMUP} warm-up)`,
      `Server start incl. initdb, migrations and seed: ${(startup / 1000).toFixed(1)} s; seed alone: ${((server.handle.seedMs ?? 0) / 1000).toFixed(1)} s`,
      ...lines,
      '',
    ].join('\n'),
  )
  await server.close()
  if (over) process.exitCode = 1
}

await main()
