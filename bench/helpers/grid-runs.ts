import type { Browser, Page } from '@playwright/test'
import { BOOT_TOKEN_COOKIE } from '../../src/contract/boot-answers'
import { SIGNED_IN_HINT_COOKIE } from '../../src/contract/boot-hint'
import {
  FIRST_ROWS_MESSAGE,
  installPaintProbe,
  type ProbeTarget,
  type ProbeWindow,
} from './paint-probe'

export const AUDIT_PATH = '/sbm/v1/devices/audit'
export const VIEWPORT = { width: 1440, height: 900 }

export interface Contender {
  name: string
  target: ProbeTarget
  /** Path of the page showing the grid, e.g. /audits. */
  path: string
  /** The API path its windows of rows come from; the audit log's unless said. */
  windowPath?: string
  /** Moves keyboard focus where the contender's "go to the last row" key works. */
  focusForEnd: (page: Page) => Promise<void>
  /** That key, as Playwright names it. */
  endKey: string
}

export interface RoundFigures {
  coldMs: number
  jumpMs: number
  endMs: number
  domRows: number
  framesOver17: number
  framesOver33: number
  frames: number[]
  handlers: number[]
  rowsPassed: number
  requests: { load: number; jump: number; scroll: number; end: number }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/** Counts the grid's window requests (`length` = the window, 100 rows, for both contenders). */
export function countRequests(page: Page, windowSize: number, path = AUDIT_PATH) {
  let count = 0
  page.on('request', (request) => {
    const url = new URL(request.url())
    // The windows only (one request may carry several adjacent ones): the dashboard's own small
    // audit query is not the table's doing.
    const length = Number(url.searchParams.get('length'))
    if (url.pathname === path && length > 0 && length % windowSize === 0) count += 1
  })
  return () => {
    const value = count
    count = 0
    return value
  }
}

export const waitForRow = (page: Page, index: number) =>
  page.evaluate((i) => (window as unknown as ProbeWindow).__waitForRow(i), index)

/** Signs admin@demo.local in through the login form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Email or username').fill('admin@demo.local')
  await page.getByLabel('Password').fill('Demo-Password-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${baseUrl}/`)
}

/**
 * In-app navigations to the list from the dashboard: ms from the click on the sidebar link named
 * `link` to the first rows painted, the first visit after a page load (which also loads the
 * screen's chunk) and a repeat. The page must be the visible one: a background tab's timers and
 * frames are throttled to once a second, which read as a 1 s navigation.
 */
export async function inAppVisits(page: Page, baseUrl: string, link: string) {
  await page.bringToFront()
  await page.goto(`${baseUrl}/`)
  const firstMs = await clickToRows(page, link)
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await page.getByRole('grid').waitFor({ state: 'detached' })
  const repeatMs = await clickToRows(page, link)
  return { firstMs, repeatMs }
}

/** The signed-in page's session tokens, for coldLoad. */
export const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    access_token: localStorage.getItem('access_token') ?? '',
    refresh_token: localStorage.getItem('refresh_token') ?? '',
  }))

/**
 * The server alone: one window of `path` from `start`, `length` rows and the `query` beside them
 * (`&order_by=…`), answered over HTTP with the bearer `token`: ms, best of 3.
 */
export async function windowMs(
  url: string,
  token: string,
  {
    path,
    start,
    length,
    query = '',
  }: { path: string; start: number; length: number; query?: string },
) {
  const samples: number[] = []
  for (let round = 0; round < 3; round += 1) {
    const began = performance.now()
    const answer = await fetch(`${url}${path}?start=${start}&length=${length}${query}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`)
    await answer.json()
    samples.push(performance.now() - began)
  }
  return Math.min(...samples)
}

/** Clicks the sidebar link named `link`; ms from the click event to the first rows painted. */
export async function clickToRows(page: Page, link: string) {
  const target = page.getByRole('link', { name: link }).first()
  await target.waitFor()
  await page.evaluate(() => (window as unknown as ProbeWindow).__recordNextClick())
  await target.click()
  const painted = await waitForRow(page, 0)
  return painted - (await page.evaluate(() => (window as unknown as ProbeWindow).__lastClick))
}

/**
 * Opens `url` in `page` and answers ms from navigation start to the first frame with row 0's data,
 * as the probe reports it (FIRST_ROWS_MESSAGE): nothing is evaluated in the page while it loads.
 */
export async function loadToRows(page: Page, url: string): Promise<number> {
  const painted = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(`${FIRST_ROWS_MESSAGE} `),
    timeout: 30_000,
  })
  await page.goto(url)
  const message = await painted
  return Number(message.text().slice(FIRST_ROWS_MESSAGE.length + 1))
}

/**
 * The page opened in a new browser context, as from a bookmark or a link in a mail: the session's
 * tokens are in storage (signed in) but nothing is cached. ms from navigation start to first rows.
 */
export async function coldLoad(
  browser: Browser,
  baseUrl: string,
  contender: Contender,
  tokens: Record<string, string>,
) {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await installPaintProbe(page, contender.target)
    await page.goto(`${baseUrl}/health`)
    // As the console keeps a session: tokens in storage, and the boot cookies (api/tokens.ts): the
    // signed-in hint and the access token.
    await page.evaluate(
      ([stored, hint, bootToken]) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value)
        document.cookie = `${hint}=1; Path=/; SameSite=Strict`
        document.cookie = `${bootToken}=${stored.access_token ?? ''}; Path=/; SameSite=Strict`
      },
      [tokens, SIGNED_IN_HINT_COOKIE, BOOT_TOKEN_COOKIE] as const,
    )
    return await loadToRows(page, `${baseUrl}${contender.path}`)
  } finally {
    await context.close()
  }
}

interface RoundSetup {
  page: Page
  baseUrl: string
  contender: Contender
  rows: number
  jumpTo: number
  scrollMs: number
  rowsPerSecond: number
  requests: () => number
}

/**
 * Warm full loads of every contender, `loads` each, interleaved load by load and alternating which
 * contender goes first, so a change in the machine's load reaches both alike (the pages are
 * signed in, their probes installed); each load starts once the page before it is at rest. Each
 * page loads once unmeasured first: assets and the server's first window are cached, as on any
 * later visit. Answers each contender's times in ms.
 */
export async function interleavedLoads(
  pages: ReadonlyMap<Contender, Page>,
  baseUrl: string,
  loads: number,
): Promise<Map<Contender, LoadTimes>> {
  const contenders = [...pages.keys()]
  const times = new Map<Contender, LoadTimes>(
    contenders.map((c) => [c, { firstRows: [], dataIn: [] }]),
  )
  for (let load = -1; load < loads; load += 1) {
    const order = load % 2 === 0 ? contenders : [...contenders].reverse()
    for (const contender of order) {
      const page = pages.get(contender) as Page
      // The page must be the visible one: a background tab's frames are throttled.
      await page.bringToFront()
      const ms = await loadToRows(page, `${baseUrl}${contender.path}`)
      if (load >= 0) {
        times.get(contender)?.firstRows.push(ms)
        times.get(contender)?.dataIn.push(await dataInHand(page, contender.windowPath))
      }
      await settle(page)
    }
  }
  return times
}

/** A contender's full loads: ms from navigation start to its first rows painted and its data in hand. */
export interface LoadTimes {
  firstRows: number[]
  dataIn: number[]
}

/**
 * When the load's first window of audit rows had arrived, in ms from navigation start, read after
 * the load from the page's resource timing: the end of its first request for the window, or, when
 * it sent none because the page itself brought the window (the console's signed-in page, server/
 * http/boot-answers.ts), the end of the page.
 */
async function dataInHand(page: Page, path = AUDIT_PATH): Promise<number> {
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((entry) => ({ name: entry.name, end: (entry as PerformanceResourceTiming).responseEnd })),
  )
  const window = entries.find((entry) => new URL(entry.name).pathname === path)
  return (window ?? entries[0]).end
}

/**
 * Waits until `page` is at rest: no request for half a second, then SETTLE_MS more. Without it the
 * next contender's load started while this page was still at work after its first rows (a poll,
 * idle-time preloads), and the two shared the machine's two cores: session 15 found that the
 * console's tail slowed AG Grid's loads by ≈ 50 ms and more, which flattered the ratio.
 */
const SETTLE_MS = 1_000

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(SETTLE_MS)
}

/**
 * One contender's round in `page` (its probe installed, signed in): a full load, a jump once the
 * page is at rest, a 5 s scroll from there, then the key that goes to the last row.
 */
export async function runRound(setup: RoundSetup): Promise<Omit<RoundFigures, 'coldMs'>> {
  const { page, baseUrl, contender, rows, jumpTo, scrollMs, rowsPerSecond, requests } = setup
  const url = `${baseUrl}${contender.path}`
  requests()
  await page.goto(url)
  await waitForRow(page, 0)
  const load = requests()
  // The jump starts from a page at rest, as a person's would: no request in flight for half a
  // second (the load's tail, idle-time preloads) and two frames painted. Jumping in the very frame
  // the first rows painted measured that frame's raster and the boot's tail instead of the jump.
  await page.waitForLoadState('networkidle')
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )

  const jumpMs = await page.evaluate(
    ([index, total]) => (window as unknown as ProbeWindow).__jumpTo(index, total),
    [jumpTo, rows] as const,
  )
  const jump = requests()

  const scroll = await page.evaluate(
    ([ms, speed, total]) => (window as unknown as ProbeWindow).__scrollFor(ms, speed, total),
    [scrollMs, rowsPerSecond, rows] as const,
  )
  const scrolled = requests()

  await contender.focusForEnd(page)
  await page.evaluate(() => (window as unknown as ProbeWindow).__recordNextKey())
  await page.keyboard.press(contender.endKey)
  const painted = await waitForRow(page, rows - 1)
  const endMs = painted - (await page.evaluate(() => (window as unknown as ProbeWindow).__lastKey))
  const end = requests()

  return {
    jumpMs,
    endMs,
    domRows: scroll.maxRows,
    framesOver17: scroll.frames.filter((f) => f > 17.7).length,
    framesOver33: scroll.frames.filter((f) => f > 33.4).length,
    frames: scroll.frames,
    handlers: scroll.handlers,
    rowsPassed: scroll.rowsPassed,
    requests: { load, jump, scroll: scrolled, end },
  }
}
