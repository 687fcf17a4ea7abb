/**
 * Keyboard against mouse, judged by the Keystroke-Level Model (issues 46 and 63): every task of
 * keystroke-tasks.ts done in Chromium twice from the dashboard, on the production build and the
 * reference server in this process, signed in as the demo admin — once by the keyboard alone (the
 * palette, shortcuts, Tab and Enter) and once by the mouse (clicks, wheel turns, and the keyboard
 * only to type into a field). Each action is counted as it is done (helpers/inputs.ts) and priced
 * by the model (helpers/klm.ts: K 0.28 s a key, each key of a chord, and a typed character on
 * either side; a click P + B + B 1.3 s; a hand's move between mouse and keys H 0.4 s; a wheel turn
 * P 1.1 s; no M). Each run checks its outcome as the person would (a receipt, a changed row, a
 * URL), so a broken flow fails the bench instead of printing a number. The two runs act on
 * different entities, made through the API beforehand.
 *
 * It runs at two sizes, each on a fresh in-memory database: the demo data, and the demo with a
 * site of real size beside it (helpers/seed-site.ts), where the mouse finds a row off its first
 * screen with the page's search box or the wheel. Verdict: each task's keyboard no slower than its
 * mouse, and in sum at most 0.6 of it.
 *
 * Run: npm run build && npm run bench:keystrokes (BENCH_TASKS=unlock,peek runs only those;
 * BENCH_SIZES=demo or site one size; -- --strict exits 1 on a FAIL).
 */
import { expect, type Page } from '@playwright/test'
import { launchChromium, startBuiltServer } from './helpers/browser'
import { apiToken } from './helpers/api-token'
import { Keys, Mouse } from './helpers/inputs'
import { judge, klmTable, type TaskRuns } from './helpers/klm'
import { machineLine } from './helpers/machine'
import { keystrokeTasks, type Api } from './helpers/keystroke-tasks'
import { seedSite } from './helpers/seed-site'

const VIEWPORT = { width: 1440, height: 900 }
const only = (process.env.BENCH_TASKS ?? '').split(',').filter(Boolean)
const sizes = (process.env.BENCH_SIZES ?? 'demo,site').split(',').filter(Boolean)
const strict = process.argv.includes('--strict')

function apiOf(url: string, token: string): Api {
  return async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`)
    return response.status === 204 ? null : ((await response.json()) as unknown)
  }
}

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`)
  await page.getByLabel('Email or username').fill('admin@demo.local')
  await page.getByLabel('Password', { exact: true }).fill('Demo-Password-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible({ timeout: 30_000 })
}

/** The dashboard, freshly loaded, with focus in its content: where every run starts. */
async function home(page: Page, url: string) {
  await page.goto(`${url}/`)
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
    )
    .toBe(true)
}

/** Every task at one size, on its own server; prints its table and answers whether all passed. */
async function runAt(size: string, browser: Awaited<ReturnType<typeof launchChromium>>) {
  const server = await startBuiltServer(500)
  try {
    let seeded = 'the demo data'
    if (size === 'site') {
      const db = server.handle.services.db
      const site = await seedSite(<T>(sql: string, params?: unknown[]) =>
        db.query<T & object>(sql, params),
      )
      seeded = `a site of real size: ${site.users.toLocaleString('en')} users, ${site.doors.toLocaleString('en')} doors, ${site.devices.toLocaleString('en')} devices`
    }
    const api = apiOf(server.url, await apiToken(server.url))
    const context = await browser.newContext({
      viewport: VIEWPORT,
      locale: 'en-US',
      timezoneId: 'UTC',
    })
    const page = await context.newPage()
    await signIn(page, server.url)
    const runs: TaskRuns[] = []
    for (const task of keystrokeTasks.filter((t) => only.length === 0 || only.includes(t.id))) {
      const keys = new Keys(page)
      const keyboardSetup = await task.prepare(api, 'keyboard')
      await home(page, server.url)
      await task.keyboard(keys, keyboardSetup)
      await task.after?.(page)

      const mouse = new Mouse(page)
      const mouseSetup = await task.prepare(api, 'mouse')
      await home(page, server.url)
      await task.mouse(mouse, mouseSetup)
      await task.after?.(page)
      runs.push({ task: task.name, keyboard: keys.tally.counts, mouse: mouse.tally.counts })
    }
    await context.close()
    const judgement = judge(runs)
    console.log(`\nKeystroke-Level Model, ${runs.length} tasks on ${seeded}`)
    for (const line of klmTable(judgement)) console.log(line)
    console.log(
      `${size}: ${judgement.pass ? 'PASS' : 'FAIL'}, keyboard ${judgement.keyboardS.toFixed(1)} s against mouse ${judgement.mouseS.toFixed(1)} s; keyboard no slower on ${judgement.tasks.filter((t) => t.pass).length} of ${runs.length} tasks`,
    )
    return judgement.pass
  } finally {
    await server.close()
  }
}

async function main() {
  const browser = await launchChromium()
  console.log(`Keyboard alone against mouse, Chromium headless, production build`)
  console.log(machineLine())
  try {
    const passed: boolean[] = []
    for (const size of sizes) passed.push(await runAt(size, browser))
    if (strict && passed.includes(false)) process.exitCode = 1
  } finally {
    await browser.close()
  }
}

await main()
