/**
 * The building view of one big location in Chromium, production build, real server (issue 10):
 * 20 floors × 50 rooms × 4 doors = 4,000 doors, 5,020 nodes in all.
 *
 * Starts `tsx server/main.ts` on an in-memory database and a free port, builds the location over
 * HTTP, signs in through the login form and measures:
 *   - navigation → the tree's first items painted (floors closed: 20 items);
 *   - `*` on a floor → all 20 floors open (1,020 items) painted;
 *   - every room opened too (type-ahead to each floor, ↓, `*`): the whole tree, 5,020 items;
 *   - the cost of one ↓ (key press → focus moved and painted), median and p95 of MOVES presses,
 *     on the fully open tree;
 *   - DOM elements and treeitems mounted (the tree is virtualised: its height counts the items).
 * Run: npm run build && npm run bench:locations-tree
 */
import { chromium, type Page } from '@playwright/test'
import { existsSync } from 'node:fs'
import { startBenchServer } from './helpers/bench-server'

const FLOORS = 20
const ROOMS = 50
const DOORS = 4
const MOVES = 60
const PARALLEL = 16
const pad = (n: number) => String(n).padStart(2, '0')

async function token(url: string): Promise<string> {
  const reply = await fetch(`${url}/auth/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin@demo.local', password: 'Demo-Password-1' }),
  })
  const body = (await reply.json()) as { access_token: string }
  return body.access_token
}

async function build(url: string): Promise<number> {
  const bearer = await token(url)
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const reply = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
      body: JSON.stringify(body),
    })
    if (!reply.ok) throw new Error(`POST ${path}: ${reply.status} ${await reply.text()}`)
    return (await reply.json()) as T
  }
  const inBatches = async <T>(tasks: (() => Promise<T>)[]) => {
    const results: T[] = []
    for (let i = 0; i < tasks.length; i += PARALLEL)
      results.push(...(await Promise.all(tasks.slice(i, i + PARALLEL).map((task) => task()))))
    return results
  }
  const { location_id } = await post<{ location_id: number }>('/sbm/v1/locations', {
    name: 'Bench tower',
  })
  const floors = await inBatches(
    Array.from(
      { length: FLOORS },
      (_, f) => () =>
        post<{ floor_id: number }>('/sbm/v1/floors', {
          location_id,
          name: `Floor ${pad(f + 1)}`,
          position: f,
        }),
    ),
  )
  const rooms = await inBatches(
    floors.flatMap(({ floor_id }, f) =>
      Array.from(
        { length: ROOMS },
        (_, r) => () =>
          post<{ room_id: number }>('/sbm/v1/rooms', {
            floor_id,
            name: `Room ${pad(f + 1)}-${pad(r + 1)}`,
          }),
      ),
    ),
  )
  await inBatches(
    rooms.flatMap(({ room_id }, r) =>
      Array.from(
        { length: DOORS },
        (_, d) => () => post('/sbm/v1/doors', { room_id, name: `Door ${r + 1}.${d + 1}` }),
      ),
    ),
  )
  return location_id
}

// In-page code as text: tsx would wrap named functions in a helper the page does not have.
const IN_PAGE = `
window.__untilItems = (wanted, from) => new Promise((resolve) => {
  const check = () => {
    // The tree is virtualised: its height (32 px an item) says how many items it holds.
    const tree = document.querySelector('[role="tree"]')
    if (tree && tree.getBoundingClientRect().height >= wanted * 32 - 1)
      requestAnimationFrame(() => resolve(performance.now() - from))
    else requestAnimationFrame(check)
  }
  check()
})
window.__keyCost = (key) => new Promise((resolve) => {
  const before = document.activeElement
  const started = performance.now()
  before.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
  const check = () => {
    if (document.activeElement !== before)
      requestAnimationFrame(() => resolve(performance.now() - started))
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})
`

/** ms from `started` until `count` treeitems are in the DOM and a frame has been painted. */
const untilItems = (page: Page, count: number, started: number) =>
  page.evaluate<number>(`window.__untilItems(${count}, ${started})`)

const now = (page: Page) => page.evaluate<number>('performance.now()')

/** Presses a key in the page; ms until focus has moved and a frame was painted. */
const keyCost = (page: Page, key: string) =>
  page.evaluate<number>(`window.__keyCost(${JSON.stringify(key)})`)

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const at = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? Number.NaN

async function main() {
  if (!existsSync('dist/index.html'))
    throw new Error('No production build: run npm run build first.')
  const server = await startBenchServer({ rows: 100 })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  try {
    const built = performance.now()
    const id = await build(server.url)
    console.log(
      `built ${FLOORS + FLOORS * ROOMS + FLOORS * ROOMS * DOORS} nodes over HTTP in ${((performance.now() - built) / 1000).toFixed(1)} s`,
    )
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.addInitScript(IN_PAGE)
    await page.goto(`${server.url}/login`)
    await page.getByLabel('Email or username').fill('admin@demo.local')
    await page.getByLabel('Password').fill('Demo-Password-1')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${server.url}/`)

    await page.goto(`${server.url}/locations/view/${id}`)
    const firstPaint = await untilItems(page, FLOORS, 0)

    const first = page.getByRole('treeitem').first()
    await first.focus()
    const floorsOpen = await (async () => {
      const started = await now(page)
      await page.keyboard.press('*')
      return untilItems(page, FLOORS + FLOORS * ROOMS, started)
    })()

    const allStarted = await now(page)
    for (let f = 0; f < FLOORS; f += 1) {
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('*')
      // Type-ahead: the next name starting with F is the next floor (rooms and doors do not).
      if (f < FLOORS - 1) await page.keyboard.press('f')
    }
    const total = FLOORS + FLOORS * ROOMS + FLOORS * ROOMS * DOORS
    const allOpen = await untilItems(page, total, allStarted)

    await page.keyboard.press('Home')
    const moves: number[] = []
    for (let i = 0; i < MOVES; i += 1) moves.push(await keyCost(page, 'ArrowDown'))
    const dom = await page.evaluate<{ elements: number; items: number }>(
      `({ elements: document.getElementsByTagName('*').length,
          items: document.querySelectorAll('[role="treeitem"]').length })`,
    )
    const ms = (value: number) => `${value.toFixed(1)} ms`
    const m = sorted(moves)
    console.log(`navigation → first tree items painted (${FLOORS} floors): ${ms(firstPaint)}`)
    console.log(`* on the floors → ${FLOORS + FLOORS * ROOMS} items painted: ${ms(floorsOpen)}`)
    console.log(`every room opened too (20 × ↓ * f) → ${total} items painted: ${ms(allOpen)}`)
    console.log(
      `↓ on the open tree, key → focus moved and painted: p50 ${ms(at(m, 50))}, p95 ${ms(at(m, 95))}`,
    )
    console.log(`mounted: ${dom.items} treeitems, ${dom.elements} DOM elements`)
  } finally {
    await browser.close()
    await server.stop()
  }
}

await main()
