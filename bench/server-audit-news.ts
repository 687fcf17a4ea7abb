// What the live audit log costs the server (decision 020): the news poll an open /audits tab sends
// every 10 s, the bounded pages it reads, and the dashboard's triage, over real HTTP against the
// reference server on 1,000,000 seeded audit rows (embedded PGlite, one connection).
//   npm run bench:news            BENCH_ROWS=200000 npm run bench:news
import { startBenchServer } from './helpers/bench-server'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const WARMUP = 10
const POLL_MS = 10_000

interface Scenario {
  label: string
  path: string
  token: string
  times: number[]
  runs: number
  warmup: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

async function main() {
  const started = performance.now()
  const server = await startBenchServer({ rows: ROWS })
  try {
    const login = async (username: string) => {
      const response = await fetch(`${server.url}/auth/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: 'Demo-Password-1' }),
      })
      return ((await response.json()) as { access_token: string }).access_token
    }
    const get = async <T>(path: string, token: string): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
      return (await response.json()) as T
    }
    process.stderr.write(
      `seeded and listening after ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    )
    const admin = await login('admin@demo.local')
    const auditor = await login('auditor@demo.local')
    const top = (token: string) =>
      get<{ upto: number }>('/sbm/v1/devices/audit?length=1', token).then((p) => p.upto)
    const all = await top(admin)
    const acme = await top(auditor)
    const news = (after: number, search = '') =>
      `/sbm/v1/devices/audit/news?after=${after}${search ? `&search=${search}` : ''}`
    const scenario = (label: string, path: string, token: string, runs = RUNS): Scenario => ({
      label,
      path,
      token,
      times: [],
      runs,
      warmup: WARMUP,
    })
    const scenarios = [
      scenario('poll, admin, nothing new', news(all), admin),
      scenario('poll, admin, 10 new', news(all - 10), admin),
      scenario('poll, admin, 1,000+ new (capped)', news(all - 5000), admin),
      scenario('poll, auditor (Acme), nothing new', news(acme), auditor),
      scenario('poll, auditor (Acme), 1,000+ new (capped)', news(acme - 5000), auditor),
      scenario('poll, admin, search=failure, 5,000 new', news(all - 5000, 'failure'), admin),
      scenario('page 0, admin, unbounded', '/sbm/v1/devices/audit?length=100', admin),
      scenario('page 0, admin, upto', `/sbm/v1/devices/audit?length=100&upto=${all}`, admin),
      scenario('dashboard triage, admin', '/sbm/v1/devices/triage', admin),
      scenario(
        'dashboard triage, org admin scope (staff)',
        '/sbm/v1/devices/triage',
        await login('staff@demo.local'),
      ),
    ]
    // Round-robin, so a burst of load from another process lands on every scenario alike.
    const rounds = Math.max(...scenarios.map((s) => s.runs + s.warmup))
    for (let round = 0; round < rounds; round++) {
      for (const s of scenarios) {
        if (round >= s.runs + s.warmup) continue
        const t = performance.now()
        await get(s.path, s.token)
        if (round >= s.warmup) s.times.push(performance.now() - t)
      }
    }
    const lines = scenarios.map((s) => {
      const sorted = [...s.times].sort((a, b) => a - b)
      const p50 = percentile(sorted, 50)
      const p95 = percentile(sorted, 95)
      return `${s.label.padEnd(50)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  (${s.times.length} runs)`
    })
    const idle = [...(scenarios[0]?.times ?? [])].sort((a, b) => a - b)
    const idleP50 = percentile(idle, 50)
    process.stdout.write(
      [
        `Live audit log over HTTP, ${ROWS.toLocaleString('en')} rows, embedded PGlite, round-robin after warm-up runs; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)} at the end`,
        ...lines,
        `One open /audits tab polls every ${POLL_MS / 1000} s: at the idle poll's p50 the server's one database connection is busy ${((idleP50 / POLL_MS) * 100).toFixed(4)} % of the time per tab, i.e. ~${Math.floor(POLL_MS / idleP50).toLocaleString('en')} open tabs before polls alone fill it.`,
        '',
      ].join('\n'),
    )
  } finally {
    await server.stop()
  }
}

await main()
