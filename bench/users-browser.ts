/**
 * /users with 100,000 users in Chromium, production build, the reference server in this process
 * on an in-memory database (the /audits budgets, docs/benchmarks.md):
 *   - navigation (full load) → first rows painted, after one warm-up load;
 *   - jump to the last row (scrollTop set once, as a scrollbar drag ends) → that row painted;
 *   - DOM rows mounted after the jump and the most while scrolling for 2 s;
 *   - the /org/v1/users requests each phase made.
 * Run: npm run build && npm run bench:users; BENCH_USERS_QUERY='?sort=last_name&dir=desc' measures
 * another order the same way.
 */
import type { Page } from '@playwright/test'
import { performance } from 'node:perf_hooks'
import { launchChromium, startBuiltServer } from './helpers/browser'
import { WINDOW_SIZE } from '../src/ui/data-table/use-windowed-rows'
import { loadToRows, signIn, windowMs } from './helpers/grid-runs'
import { machineLine } from './helpers/machine'
import { installPaintProbe, type ProbeWindow } from './helpers/paint-probe'
import { seedUsers } from './helpers/seed-users'
import { apiToken } from './helpers/api-token'

const USERS = Number(process.env.BENCH_USERS ?? 100_000)
const LIST_QUERY = process.env.BENCH_USERS_QUERY ?? ''
// The same order asked of the server alone, in the API's words.
const listed = new URLSearchParams(LIST_QUERY)
const order = [
  ['sort', 'order_by'],
  ['dir', 'order_direction'],
]
  .flatMap(([ui = '', api = '']) => (listed.has(ui) ? [`&${api}=${listed.get(ui)}`] : []))
  .join('')
const SCROLL_MS = 2_000
// The same rows per second as bench:audits scrolls both grids at.
const SCROLL_ROWS_PER_S = 150
const VIEWPORT = { width: 1440, height: 900 }
const budgets = { firstRowsMs: 300, jumpMs: 300, domRows: 80 }

const probe = (page: Page) => ({
  waitForRow: (index: number) =>
    page.evaluate((i) => (window as unknown as ProbeWindow).__waitForRow(i), index),
  jumpTo: (index: number, rows: number) =>
    page.evaluate(([i, n]) => (window as unknown as ProbeWindow).__jumpTo(i, n), [
      index,
      rows,
    ] as const),
  scrollFor: (ms: number, rowsPerSecond: number, total: number) =>
    page.evaluate(([m, s, n]) => (window as unknown as ProbeWindow).__scrollFor(m, s, n), [
      ms,
      rowsPerSecond,
      total,
    ] as const),
  domRows: () =>
    page.evaluate(() => document.querySelectorAll('[role="grid"] [data-row-index]').length),
})

function countRequests(page: Page) {
  let count = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/org/v1/users') count += 1
  })
  return () => {
    const value = count
    count = 0
    return value
  }
}

async function main() {
  const server = await startBuiltServer(0)
  const browser = await launchChromium()
  try {
    const seeding = performance.now()
    const total = await seedUsers(server.handle.services.db, USERS)
    const seededMs = performance.now() - seeding

    const token = await apiToken(server.url)
    const usersWindow = (start: number) =>
      windowMs(server.url, token, {
        path: '/org/v1/users',
        start,
        length: WINDOW_SIZE,
        query: order,
      })
    const firstWindowMs = await usersWindow(0)
    const lastWindowMs = await usersWindow(Math.max(0, total - WINDOW_SIZE))

    const page = await browser.newPage({ viewport: VIEWPORT })
    await installPaintProbe(page)
    const rows = probe(page)
    await signIn(page, server.url)
    const requests = countRequests(page)

    await page.goto(`${server.url}/users${LIST_QUERY}`)
    await rows.waitForRow(0)
    requests()
    const loadMs = await loadToRows(page, `${server.url}/users${LIST_QUERY}`)
    const loadRequests = requests()

    const jumpMs = await rows.jumpTo(total - 1, total)
    const jumpRequests = requests()
    const domAfterJump = await rows.domRows()
    await rows.jumpTo(0, total)
    const scroll = await rows.scrollFor(SCROLL_MS, SCROLL_ROWS_PER_S, total)
    const scrollRequests = requests()

    const line = (name: string, value: number, unit: string, budget?: number) => {
      const shown = `${value.toFixed(unit === 'ms' ? 1 : 0)} ${unit}`
      const verdict =
        budget === undefined
          ? ''
          : `  (budget ≤${budget} ${unit})${value <= budget ? '  ok' : '  OVER BUDGET'}`
      console.log(`${name.padEnd(52)} ${shown.padStart(12)}${verdict}`)
    }
    console.log(
      `\n/users${LIST_QUERY}, ${total.toLocaleString('en')} users (seeded in ${seededMs.toFixed(0)} ms), Chromium headless, production build`,
    )
    console.log(`${machineLine()}\n`)
    line('navigation (full load) → first rows painted', loadMs, 'ms', budgets.firstRowsMs)
    line(
      `jump to the last row (${total.toLocaleString('en')}) → painted`,
      jumpMs,
      'ms',
      budgets.jumpMs,
    )
    line('DOM rows mounted after the jump', domAfterJump, 'rows', budgets.domRows)
    line(
      `DOM rows mounted, most while scrolling ${SCROLL_MS / 1000} s`,
      scroll.maxRows,
      'rows',
      budgets.domRows,
    )
    line(`server: first window of ${WINDOW_SIZE} (start 0), best of 3`, firstWindowMs, 'ms')
    line(
      `server: last window of ${WINDOW_SIZE} (start ${total - WINDOW_SIZE}), best of 3`,
      lastWindowMs,
      'ms',
    )
    console.log(
      `\nrequests to /org/v1/users: load ${loadRequests}, jump ${jumpRequests}, scroll ${scrollRequests} (${scroll.rowsPassed} rows passed)`,
    )
  } finally {
    await browser.close()
    await server.close()
  }
}

await main()
