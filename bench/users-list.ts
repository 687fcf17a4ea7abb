/**
 * GET /org/v1/users at 100,000 users, server alone: one window of the table (WINDOW_SIZE rows)
 * for every sort and direction the list offers, at the start, the middle and the end, for the
 * global admin and an organization admin, and a few searches at their first and last page.
 * Best of 3 per request, ms. Run: npm run bench:users-list
 */
import { performance } from 'node:perf_hooks'
import { userSortKeys } from '../src/contract/users'
import { WINDOW_SIZE } from '../src/ui/data-table/use-windowed-rows'
import { startServer } from '../server/main'
import { seedUsers } from './helpers/seed-users'
import { apiToken } from './helpers/api-token'

const USERS = Number(process.env.BENCH_USERS ?? 100_000)
const searches = ['weber', 'user9999', 'mia', 'zzz']

interface Page {
  data: unknown[]
  recordsFiltered: number
}

async function timed(url: string, token: string, params: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries({ length: WINDOW_SIZE, ...params }).map(([k, v]) => [k, String(v)]),
  )
  let best = Infinity
  let page: Page = { data: [], recordsFiltered: 0 }
  for (let round = 0; round < 3; round += 1) {
    const began = performance.now()
    const answer = await fetch(`${url}/org/v1/users?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    page = (await answer.json()) as Page
    best = Math.min(best, performance.now() - began)
  }
  return { ms: best, page }
}

async function main() {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    seedAuditRows: 0,
    logLevel: 'warn',
    distDir: 'bench/no-dist',
  })
  try {
    const total = await seedUsers(server.handle.services.db, USERS)
    console.log(
      `\nGET /org/v1/users, ${total.toLocaleString('en')} users, windows of ${WINDOW_SIZE}, best of 3, ms\n`,
    )
    let worst = 0
    const report = (name: string, ms: number, rows: number) => {
      worst = Math.max(worst, ms)
      console.log(`${name.padEnd(58)} ${ms.toFixed(1).padStart(8)}  (${rows} rows)`)
    }
    for (const who of ['admin@demo.local', 'orgadmin@demo.local']) {
      const token = await apiToken(server.url, who)
      const { page } = await timed(server.url, token, { start: 0 })
      const count = page.recordsFiltered
      for (const order_by of userSortKeys)
        for (const order_direction of ['asc', 'desc'])
          for (const start of [0, Math.floor(count / 2), Math.max(0, count - WINDOW_SIZE)]) {
            const r = await timed(server.url, token, { start, order_by, order_direction })
            report(
              `${who.split('@')[0]} ${order_by} ${order_direction} start ${start}`,
              r.ms,
              r.page.data.length,
            )
          }
      for (const search of searches)
        for (const order_by of ['user_id', 'last_name'] as const) {
          const first = await timed(server.url, token, { start: 0, search, order_by })
          const last = Math.max(0, first.page.recordsFiltered - WINDOW_SIZE)
          const end = await timed(server.url, token, { start: last, search, order_by })
          report(
            `${who.split('@')[0]} search "${search}" by ${order_by} (${first.page.recordsFiltered}) first`,
            first.ms,
            first.page.data.length,
          )
          report(
            `${who.split('@')[0]} search "${search}" by ${order_by} last`,
            end.ms,
            end.page.data.length,
          )
        }
    }
    // No budget of its own: the browser's 300 ms (bench:users) includes one of these windows.
    console.log(`\nslowest window ${worst.toFixed(1)} ms`)
  } finally {
    await server.close()
  }
}

await main()
