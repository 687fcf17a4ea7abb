// CSV export of the audit log at 1,000,000 rows against the real server process on a fresh
// in-memory PGlite (or BENCH_DATABASE_URL): the whole file's time, its size and rows, the
// server's resident memory before and at its peak during the export (sampled from /metrics every
// 100 ms), and a second user's list pages while it runs. Budgets (issue 49): ≤ 20 s embedded,
// ≤ 10 s PostgreSQL, RSS + ≤ 50 MB, list pages ≤ 50 ms p95. Also the server's CPU time meanwhile.
//   npm run bench:export            BENCH_ROWS=200000 npm run bench:export
import { randomBytes } from 'node:crypto'
import { apiToken } from './helpers/api-token'
import { startBenchServer } from './helpers/bench-server'
import { percentile } from './helpers/grid-runs'
import { processCpuMs } from './helpers/process-cpu'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const budgets = { embeddedS: 20, postgresS: 10, rssMb: 50, pageP95Ms: 50 }
const metricsToken = randomBytes(24).toString('hex')

async function rssBytes(url: string): Promise<number> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  })
  const text = await response.text()
  return Number(/^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text)?.[1])
}

async function main() {
  const env: Record<string, string> = { METRICS_TOKEN: metricsToken }
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL
  const server = await startBenchServer({ rows: ROWS, env })
  try {
    const admin = await apiToken(server.url)
    const auditor = await apiToken(server.url, 'auditor@demo.local')
    const before = await rssBytes(server.url)
    let peak = before
    let exporting = true
    const sampler = (async () => {
      while (exporting) {
        peak = Math.max(peak, await rssBytes(server.url))
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    const pages: number[] = []
    const reader = (async () => {
      while (exporting) {
        const start = Math.floor(Math.random() * (ROWS - 100))
        const t = performance.now()
        const page = await fetch(`${server.url}/sbm/v1/devices/audit?start=${start}&length=100`, {
          headers: { authorization: `Bearer ${auditor}` },
        })
        await page.arrayBuffer()
        pages.push(performance.now() - t)
      }
    })()
    const t0 = performance.now()
    const cpu0 = processCpuMs(server.pid)
    const response = await fetch(`${server.url}/sbm/v1/devices/audit/export.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    })
    let bytes = 0
    let lines = 0
    const body = response.body?.getReader()
    while (body !== undefined) {
      const { done, value } = await body.read()
      if (done) break
      bytes += value.byteLength
      // indexOf, not a byte loop: the reader shares the 2 cores with the server it measures.
      for (let at = value.indexOf(0x0a); at !== -1; at = value.indexOf(0x0a, at + 1)) lines += 1
    }
    const seconds = (performance.now() - t0) / 1000
    const cpu1 = processCpuMs(server.pid)
    exporting = false
    await Promise.all([sampler, reader])
    const limit = process.env.BENCH_DATABASE_URL ? budgets.postgresS : budgets.embeddedS
    const growth = (peak - before) / 1e6
    const p95 = percentile(
      pages.sort((a, b) => a - b),
      95,
    )
    const verdict = (over: boolean) => (over ? 'OVER BUDGET' : 'ok')
    console.log(
      `CSV export of the audit log, ${ROWS.toLocaleString('en')} rows (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`,
    )
    console.log(
      `  status ${response.status}, ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB`,
    )
    console.log(`  time ${seconds.toFixed(1)} s  ${verdict(seconds > limit)} (budget ${limit} s)`)
    // The server's CPU for the file (and the other user's pages): steady where the time follows
    // the neighbours' load on a shared machine.
    if (cpu0 !== null && cpu1 !== null)
      console.log(`  server CPU ${((cpu1 - cpu0) / 1000).toFixed(1)} s meanwhile`)
    console.log(
      `  server RSS ${(before / 1e6).toFixed(0)} MB before, +${growth.toFixed(1)} MB at the peak  ${verdict(growth > budgets.rssMb)} (budget +${budgets.rssMb} MB)`,
    )
    console.log(
      `  another user's audit pages meanwhile: ${pages.length}, p95 ${p95.toFixed(1)} ms  ${verdict(p95 > budgets.pageP95Ms)} (budget ${budgets.pageP95Ms} ms)`,
    )
  } finally {
    await server.stop()
  }
}

await main()
