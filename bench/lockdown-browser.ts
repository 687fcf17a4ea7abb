/**
 * The lockdown as people see it, in Chromium against the reference server (production build, fresh
 * in-memory PGlite, a site of 1,000 connected locks), issue 48's two browser budgets:
 * - the banner: the admin starts a lockdown of the site (API); how long until the banner shows on
 *   the org admin's open dashboard in another browser (≤ 10 s), five times, releasing in between;
 * - the bulk dialog: "Lock everything here" on the site, 1,000 receipts arriving; the frame times
 *   of the page meanwhile (p95 ≤ 16.7 ms) and its long tasks.
 * Run: npm run build && npm run bench:lockdown-browser
 */
import { performance } from 'node:perf_hooks'
import type { Page } from '@playwright/test'
import { approvePath, LOCKDOWNS_PATH, releasePath } from '../src/contract/lockdowns'
import { apiToken } from './helpers/api-token'
import { launchChromium, startBuiltServer } from './helpers/browser'
import { machineLine } from './helpers/machine'
import { seedLockSite } from './helpers/seed-site'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000)
const BANNER_RUNS = 5
const PASSWORD = 'Demo-Password-1'

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN

async function signIn(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email or username').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByTestId('content').waitFor({ timeout: 60_000 })
}

async function call(url: string, email: string, path: string, body?: object) {
  const token = await apiToken(url, email)
  const answer = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`)
  return (await answer.json()) as { lockdown_id: number }
}

async function main() {
  const server = await startBuiltServer(0)
  const browser = await launchChromium()
  try {
    const db = server.handle.services.db
    const site = await seedLockSite(
      <T>(sql: string, params?: unknown[]) => db.query<T & object>(sql, params),
      DEVICES,
    )
    process.stdout.write(
      `Lockdown in the browser: a site of ${DEVICES} connected locks\n${machineLine()}\n`,
    )
    const browse = () =>
      browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } })

    // The banner on another person's open dashboard.
    const watcher = await (await browse()).newPage()
    await signIn(watcher, 'orgadmin@demo.local')
    const banner = watcher.getByTestId('lockdown-banner')
    const shown: number[] = []
    for (let run = 0; run < BANNER_RUNS; run += 1) {
      const started = performance.now()
      const { lockdown_id: id } = await call(server.url, 'admin@demo.local', LOCKDOWNS_PATH, {
        scope_type: 'location',
        scope_id: site,
        reason: `Bench ${run}`,
      })
      await banner.waitFor({ state: 'visible', timeout: 30_000 })
      shown.push((performance.now() - started) / 1000)
      await call(server.url, 'admin@demo.local', releasePath(id), { reason: 'Bench over' })
      await call(server.url, 'orgadmin@demo.local', approvePath(id))
      await banner.waitFor({ state: 'hidden', timeout: 30_000 })
    }
    const worst = Math.max(...shown)
    process.stdout.write(
      `banner on another browser after the start request: ${shown.map((s) => s.toFixed(1)).join(', ')} s ` +
        `(worst ${worst.toFixed(1)} s; budget ≤ 10 s: ${worst <= 10 ? 'met' : 'MISSED'})\n`,
    )
    await watcher.close()

    // The bulk dialog while its receipts arrive.
    const page = await (await browse()).newPage()
    await signIn(page, 'admin@demo.local')
    await page.goto(`/locations/view/${site}`)
    await page.getByRole('button', { name: 'Lock everything here', exact: true }).click()
    const dialog = page.getByRole('dialog')
    const confirm = dialog.getByRole('button', { name: new RegExp(`${DEVICES}`) })
    await confirm.waitFor({ timeout: 60_000 })
    // A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
    await page.evaluate(`
      window.__frames = []
      window.__long = []
      window.__stop = false
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__long.push(entry.duration)
      }).observe({ type: 'longtask' })
      const tick = (at) => {
        window.__frames.push(at)
        if (!window.__stop) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    `)
    const started = performance.now()
    await confirm.click()
    await dialog
      .getByRole('status')
      .filter({ hasText: /skipped\./ })
      .waitFor({ timeout: 600_000 })
    const runS = (performance.now() - started) / 1000
    const { frames, long } = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __long: number[]; __stop: boolean }
      w.__stop = true
      return { frames: w.__frames, long: w.__long }
    })
    const summary = (await dialog.getByRole('status').textContent()) ?? ''
    const intervals = frames
      .slice(1)
      .map((at, index) => at - (frames[index] ?? at))
      .sort((a, b) => a - b)
    const p95 = percentile(intervals, 95)
    // Frame times come from rAF timestamps, which Chromium rounds to 0.1 ms: one 60 Hz frame
    // (16.67 ms) reads 16.6–16.8 ms.
    const oneFrame = 16.85
    process.stdout.write(
      `bulk dialog, ${DEVICES} receipts in ${runS.toFixed(1)} s ("${summary}"): frame time p50 ${percentile(intervals, 50).toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms (budget ≤ 16.7 ms, one frame: ${p95 <= oneFrame ? 'met' : 'MISSED'}), ` +
        `p99 ${percentile(intervals, 99).toFixed(1)} ms, frames over 17.7 ms ${intervals.filter((f) => f > 17.7).length} ` +
        `and over 33.4 ms ${intervals.filter((f) => f > 33.4).length} of ${intervals.length}, ` +
        `long tasks ${long.length} (longest ${long.length ? Math.max(...long).toFixed(0) : 0} ms)\n`,
    )
  } finally {
    await browser.close()
    await server.close()
  }
}

await main()
