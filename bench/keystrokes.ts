/**
 * Keyboard against mouse (issue 46): the tasks driven in Chromium twice, on the production
 * build and the reference server in this process on a fresh in-memory database signed in as the
 * demo admin — once by the keyboard alone (page.keyboard: the palette, shortcuts, Tab and Enter;
 * every key press counted, a typed string as its characters) and once by the mouse alone (clicks,
 * scrolls, and text typed into fields, one input a field). Each run checks its outcome as the
 * person would (a receipt, a changed row, a URL), so a broken flow fails the bench instead of
 * printing a number. The two runs act on different entities, made through the API beforehand. Run:
 * npm run build && npm run bench:keystrokes (BENCH_TASKS=unlock,peek runs only those).
 */
import { expect, type Page } from '@playwright/test'
import { performance } from 'node:perf_hooks'
import { launchChromium, startBuiltServer } from './helpers/browser'
import { apiToken } from './helpers/api-token'
import {
  Keys,
  Mouse,
  keyboardActions,
  keyboardTotal,
  mouseTotal,
  noInputs,
  type Inputs,
} from './helpers/inputs'
import { machineLine } from './helpers/machine'
import { keystrokeTasks, type Api } from './helpers/keystroke-tasks'

const VIEWPORT = { width: 1440, height: 900 }
const only = (process.env.BENCH_TASKS ?? '').split(',').filter(Boolean)

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

interface Row {
  task: string
  keyboard: Inputs
  keyboardMs: number
  mouse: Inputs
  mouseMs: number
}

function printTable(rows: readonly Row[]) {
  const head = [
    'task',
    'keys',
    'kbd (typed=1)',
    'kbd ms',
    'clicks',
    'typed',
    'scrolls',
    'mouse ms',
    'kbd < mouse',
  ]
  const lines = rows.map((row) => [
    row.task,
    String(keyboardTotal(row.keyboard)),
    String(keyboardActions(row.keyboard)),
    row.keyboardMs.toFixed(0),
    String(row.mouse.clicks),
    String(row.mouse.typedFields),
    String(row.mouse.scrolls),
    row.mouseMs.toFixed(0),
    keyboardTotal(row.keyboard) < mouseTotal(row.mouse)
      ? 'yes'
      : `NO (${keyboardTotal(row.keyboard)} ≥ ${mouseTotal(row.mouse)})`,
  ])
  const widths = head.map((cell, i) =>
    Math.max(cell.length, ...lines.map((line) => line[i].length)),
  )
  const format = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
  console.log(format(head))
  for (const line of lines) console.log(format(line))
  const sum = (pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0)
  console.log(
    `\ntotal: keyboard ${sum((row) => keyboardTotal(row.keyboard))} keys in ${(sum((row) => row.keyboardMs) / 1000).toFixed(1)} s; ` +
      `mouse ${sum((row) => mouseTotal(row.mouse))} inputs in ${(sum((row) => row.mouseMs) / 1000).toFixed(1)} s; ` +
      `keyboard fewer on ${rows.filter((row) => keyboardTotal(row.keyboard) < mouseTotal(row.mouse)).length} of ${rows.length} tasks`,
  )
}

async function main() {
  const server = await startBuiltServer(500)
  const browser = await launchChromium()
  try {
    const api = apiOf(server.url, await apiToken(server.url))
    const context = await browser.newContext({
      viewport: VIEWPORT,
      locale: 'en-US',
      timezoneId: 'UTC',
    })
    const page = await context.newPage()
    await signIn(page, server.url)
    const rows: Row[] = []
    const tasks = keystrokeTasks.filter((task) => only.length === 0 || only.includes(task.id))
    for (const task of tasks) {
      const keyboard = noInputs()
      const keyboardSetup = await task.prepare(api, 'keyboard')
      await home(page, server.url)
      let began = performance.now()
      await task.keyboard(new Keys(page, keyboard), keyboardSetup)
      const keyboardMs = performance.now() - began
      await task.after?.(page)

      const mouse = noInputs()
      const mouseSetup = await task.prepare(api, 'mouse')
      await home(page, server.url)
      began = performance.now()
      await task.mouse(new Mouse(page, mouse), mouseSetup)
      const mouseMs = performance.now() - began
      await task.after?.(page)
      rows.push({ task: task.name, keyboard, keyboardMs, mouse, mouseMs })
    }
    console.log(
      `\nKeyboard alone against mouse alone, ${rows.length} tasks, Chromium headless, production build`,
    )
    console.log(`${machineLine()}\n`)
    printTable(rows)
  } finally {
    await browser.close()
    await server.close()
  }
}

await main()
