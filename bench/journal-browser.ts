/**
 * /journal on 1,000,000 rows in Chromium, production build (issue 47: first rows ≤ 300 ms, jump to
 * the end ≤ 300 ms; the /audits budgets for the rest). The reference server in this process on an
 * in-memory database, its journal seeded as bench:journal seeds it (seedJournalForReading: the
 * rows over a year from 300 actors, their rewind entries, vacuumed), then, signed in as admin
 * through the login form, as bench:audits measures /audits:
 *   - in-app navigations from the sidebar's Journal link (the first after a page load, and a
 *     repeat) → first rows painted;
 *   - JOURNAL_BENCH_LOADS (21) warm full page loads → first rows painted, each once the page
 *     before it is at rest, with when the load's first window of rows was in hand;
 *   - JOURNAL_BENCH_ROUNDS (3) rounds: a full load, the jump to row 900,000 (scrollTop set once, as
 *     a scrollbar drag ends) → that row painted, 5 s of continuous scrolling (frames, DOM rows),
 *     End → last row painted; then from the top a scrollbar drag to the last row → painted; and
 *     the page opened cold (new browser context, signed in, nothing cached) → first rows.
 * The window requests of each phase, and the server's first and last window alone, say whether the
 * data or the client gated a figure. The line under the title says how fast the machine was.
 * Run: npm run build && npm run bench:journal-browser   (BENCH_ROWS=100000 seeds faster)
 */
import type { Page } from '@playwright/test'
import { JOURNAL_PATH } from '../src/contract/api-paths'
import { WINDOW_SIZE } from '../src/ui/data-table/use-windowed-rows'
import { apiToken } from './helpers/api-token'
import { launchChromium, startBuiltServer } from './helpers/browser'
import { line, tableLines } from './helpers/grid-report'
import {
  coldLoad,
  countRequests,
  inAppVisits,
  interleavedLoads,
  median,
  runRound,
  signIn,
  storedTokens,
  VIEWPORT,
  windowMs,
  type Contender,
  type RoundFigures,
} from './helpers/grid-runs'
import { machineLine } from './helpers/machine'
import { installPaintProbe, type ProbeWindow } from './helpers/paint-probe'
import { seedJournalForReading } from './helpers/seed-journal'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const ROUNDS = Number(process.env.JOURNAL_BENCH_ROUNDS ?? 3)
const LOADS = Number(process.env.JOURNAL_BENCH_LOADS ?? 21)
const SCROLL_MS = 5_000
// The rows per second bench:audits scrolls at.
const SCROLL_ROWS_PER_S = 150
const budgets = { firstRowsMs: 300, endMs: 300, jumpMs: 300, domRows: 80 }

const journal: Contender = {
  name: '/journal',
  target: 'table',
  path: '/journal',
  windowPath: JOURNAL_PATH,
  focusForEnd: (page) => page.getByRole('grid').focus(),
  endKey: 'End',
}

const jumpTo = (page: Page, index: number, rows: number) =>
  page.evaluate(([i, n]) => (window as unknown as ProbeWindow).__jumpTo(i, n), [
    index,
    rows,
  ] as const)

async function main() {
  const server = await startBuiltServer(0)
  const browser = await launchChromium()
  try {
    process.stderr.write(`seeding ${ROWS.toLocaleString('en')} journal rows\n`)
    const seeded = await seedJournalForReading(server.handle.services.db, ROWS)
    const seededS = (seeded.rowsMs + seeded.entriesMs + seeded.vacuumMs) / 1000

    const token = await apiToken(server.url)
    const first = await fetch(`${server.url}${JOURNAL_PATH}?start=0&length=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const total = ((await first.json()) as { recordsFiltered: number }).recordsFiltered
    const lastStart = Math.max(0, total - WINDOW_SIZE)
    const journalWindow = (start: number) =>
      windowMs(server.url, token, { path: JOURNAL_PATH, start, length: WINDOW_SIZE })
    const firstWindowMs = await journalWindow(0)
    const lastWindowMs = await journalWindow(lastStart)
    const jumpIndex = Math.round(ROWS * 0.9)

    const context = await browser.newContext({ viewport: VIEWPORT })
    const page = await context.newPage()
    await installPaintProbe(page)
    await signIn(page, server.url)
    const requests = countRequests(page, WINDOW_SIZE, JOURNAL_PATH)

    const inApp = await inAppVisits(page, server.url, 'Journal')
    const tokens = await storedTokens(page)
    process.stderr.write(`${LOADS} full loads\n`)
    const loads = (await interleavedLoads(new Map([[journal, page]]), server.url, LOADS)).get(
      journal,
    ) ?? { firstRows: [], dataIn: [] }

    const rounds: (RoundFigures & { dragEndMs: number; dragRequests: number })[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      process.stderr.write(`round ${round + 1}/${ROUNDS}\n`)
      requests()
      const run = await runRound({
        page,
        baseUrl: server.url,
        contender: journal,
        rows: total,
        jumpTo: jumpIndex,
        scrollMs: SCROLL_MS,
        rowsPerSecond: SCROLL_ROWS_PER_S,
        requests,
      })
      // Back to the top (its rows are cached), at rest, then the scrollbar dragged to the end.
      await jumpTo(page, 0, total)
      await page.waitForLoadState('networkidle')
      requests()
      const dragEndMs = await jumpTo(page, total - 1, total)
      const dragRequests = requests()
      const coldMs = await coldLoad(browser, server.url, journal, tokens)
      rounds.push({ ...run, coldMs, dragEndMs, dragRequests })
    }

    const of = (pick: (f: (typeof rounds)[number]) => number) => rounds.map(pick)
    const range = (values: number[]) =>
      values.length > 1
        ? ` [${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}]`
        : ''

    console.log(
      `\n/journal, ${total.toLocaleString('en')} rows (seeded, with their entries and a vacuum, in ${seededS.toFixed(0)} s), Chromium headless, production build`,
    )
    console.log(
      `(medians of ${ROUNDS} rounds where not said otherwise, [lowest–highest]; full load: of ${LOADS} loads)`,
    )
    console.log(`${machineLine()}\n`)
    tableLines(
      {
        loads: loads.firstRows,
        inApp,
        rounds,
        jumpTo: jumpIndex,
        scroll: { ms: SCROLL_MS, rowsPerSecond: SCROLL_ROWS_PER_S },
      },
      budgets,
    )
    line(
      `End → last row (${total.toLocaleString('en')}) painted`,
      median(of((f) => f.endMs)),
      'ms',
      budgets.endMs,
    )
    line(
      'scrollbar dragged to the last row → painted',
      median(of((f) => f.dragEndMs)),
      'ms',
      budgets.endMs,
    )
    line('frames over 17.7 ms in 5 s scroll', median(of((f) => f.framesOver17)), 'frames')
    line('frames over 33.4 ms in 5 s scroll', median(of((f) => f.framesOver33)), 'frames')
    line(`server: first window of ${WINDOW_SIZE} (start 0), best of 3`, firstWindowMs, 'ms')
    line(
      `server: last window of ${WINDOW_SIZE} (start ${lastStart}), best of 3`,
      lastWindowMs,
      'ms',
    )
    const each = (pick: (f: (typeof rounds)[number]) => number) =>
      of(pick)
        .map((v) => v.toFixed(1))
        .join(' / ')
    console.log(
      `\nfull loads → first rows${range(loads.firstRows)} ms; their first window in hand, median ${median(loads.dataIn).toFixed(1)}${range(loads.dataIn)} ms`,
    )
    console.log(
      `per round: End ${each((f) => f.endMs)} ms, drag ${each((f) => f.dragEndMs)} ms, cold ${each((f) => f.coldMs)} ms`,
    )
    const last = rounds.at(-1)
    if (last)
      console.log(
        `requests to ${JOURNAL_PATH} (last round): load ${last.requests.load}, jump ${last.requests.jump}, scroll ${last.requests.scroll} (${last.rowsPassed} rows passed), End ${last.requests.end}, drag ${last.dragRequests}`,
      )
  } finally {
    await browser.close()
    await server.close()
  }
}

await main()
