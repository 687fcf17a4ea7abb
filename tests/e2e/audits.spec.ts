import type { Page, Response } from '@playwright/test'
import { expect, test } from './helpers/test'
import { BOOT_ANSWERS_ID, BOOT_TOKEN_COOKIE } from '../../src/contract/boot-answers'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signOut,
} from './helpers/session'

// The audit log against the real server (10,000 seeded rows): server-side sort, search in the URL,
// keyboard, and axe in both themes.

const AUDIT_PATH = '/sbm/v1/devices/audit'

const grid = (page: Page) => page.getByRole('grid', { name: 'Device audit log' })
const loadedRows = (page: Page) => grid(page).locator('[data-row-index]:not([aria-busy])')

interface AuditPage {
  data: { audit_id: number; device_name: string; actor_email: string; organization_id: number }[]
  recordsFiltered: number
}

function isAuditWindow(response: Response, params: Record<string, string>) {
  const url = new URL(response.url())
  return (
    url.pathname === AUDIT_PATH &&
    url.searchParams.get('start') === '0' &&
    Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value)
  )
}

/**
 * The body of the next successful first window with `params`. A request the table aborted (its
 * window left the screen, or the view changed) has no body and is skipped.
 */
async function nextWindow(page: Page, params: Record<string, string>): Promise<AuditPage> {
  const response = await page.waitForResponse(
    async (r) =>
      isAuditWindow(r, params) &&
      r.ok() &&
      (await r.body().then(
        () => true,
        () => false,
      )),
  )
  return (await response.json()) as AuditPage
}

/**
 * Opens `path` and answers the first window the page brought with it: a signed-in page load carries
 * its first answers (docs/decisions/024-answers-in-the-page.md), so the window is never requested.
 */
async function openWithFirstWindow(page: Page, path: string): Promise<AuditPage> {
  const response = await page.goto(path)
  const html = (await response?.text()) ?? ''
  const block = new RegExp(`<script type="application/json" id="${BOOT_ANSWERS_ID}">(.*?)</script>`)
  const inPage = JSON.parse(block.exec(html)?.[1] ?? '{}') as { answers?: Record<string, string> }
  const window = Object.entries(inPage.answers ?? {}).find(([request]) =>
    request.startsWith(`${AUDIT_PATH}?`),
  )
  expect(window, 'the page carries the first window').toBeDefined()
  return JSON.parse(window?.[1] ?? 'null') as AuditPage
}

/** The device names in the first `count` rendered rows, top to bottom. */
async function renderedDevices(page: Page, count: number) {
  const names: string[] = []
  for (let index = 0; index < count; index++) {
    const row = grid(page).locator(`[data-row-index="${index}"]`)
    names.push(await row.getByRole('gridcell').nth(1).innerText())
  }
  return names
}

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin)
})

test('opens newest first and sorts by a column in the server order', async ({ page }) => {
  const initial = await openWithFirstWindow(page, '/audits')
  await expect(loadedRows(page).first()).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /entries/ })).toContainText(
    initial.recordsFiltered.toLocaleString('en'),
  )
  const ids = initial.data.map((entry) => entry.audit_id)
  expect(ids).toEqual([...ids].sort((a, b) => b - a))

  const sorted = nextWindow(page, { order_by: 'device_name', order_direction: 'asc' })
  await page.getByRole('button', { name: 'Device' }).click()
  await expect(page).toHaveURL(/sort=device_name&dir=asc/)
  const body = await sorted
  await expect(grid(page).getByRole('columnheader', { name: 'Device' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect
    .poll(() => renderedDevices(page, 5))
    .toEqual(body.data.slice(0, 5).map((entry) => entry.device_name))

  // The keyboard sorts from the list itself: S reverses the direction (s moves to the next column).
  await grid(page).press('S')
  await expect(page).toHaveURL(/sort=device_name&dir=desc/)
  await expect(grid(page).getByRole('columnheader', { name: 'Device' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
})

test('a reload brings its first rows and the profile in the page: neither is requested', async ({
  page,
}) => {
  await page.goto('/audits')
  await expect(loadedRows(page).first()).toBeVisible()
  const asked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === AUDIT_PATH || pathname === '/org/v1/users/me') asked.push(request.url())
  })
  await page.reload()
  await expect(loadedRows(page).first()).toBeVisible()
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
  await expect(grid(page)).toBeFocused()
  expect(asked).toEqual([])
})

test('without the answers in the page, the first rows are requested and shown', async ({
  page,
}) => {
  // A page asked for without the token's cookie (a console on another host than its API) carries
  // no answers: the entry asks for them itself.
  await page.context().clearCookies({ name: BOOT_TOKEN_COOKIE })
  const first = nextWindow(page, { order_by: 'audit_id' })
  await page.goto('/audits')
  const body = await first
  await expect(loadedRows(page).first()).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /entries/ })).toContainText(
    body.recordsFiltered.toLocaleString('en'),
  )
})

test('a click anywhere in a sortable header cell sorts; Detail is not cut at 1400 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.goto('/audits')
  await expect(loadedRows(page).first()).toBeVisible()
  const actor = grid(page).getByRole('columnheader', { name: 'Actor' })
  const box = await actor.boundingBox()
  if (!box) throw new Error('The Actor header is not laid out')
  // Near the cell's right edge, well away from the label.
  await page.mouse.click(box.x + box.width - 6, box.y + box.height / 2)
  await expect(page).toHaveURL(/sort=user_id&dir=asc/)
  await expect(actor).toHaveAttribute('aria-sort', 'ascending')
  await expect(grid(page).getByRole('columnheader', { name: 'When' })).toHaveAttribute(
    'aria-sort',
    'none',
  )
  // The grid stays one tab stop: the header buttons are not in the tab order.
  await expect(actor.getByRole('button')).toHaveAttribute('tabindex', '-1')

  await page.goto('/audits?q=failure')
  const detail = loadedRows(page).first().getByRole('gridcell').last()
  await expect(detail).toContainText('The device was not connected.')
  const cut = await detail.evaluate((cell) => cell.scrollWidth > cell.clientWidth)
  expect(cut).toBe(false)
})

test('a cut value shows whole on hover and on the active row', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 })
  await page.goto('/audits')
  await expect(loadedRows(page).first()).toBeVisible()
  const shown = (cell: ReturnType<typeof loadedRows>) =>
    cell.evaluate((element) => ({
      cut: element.scrollWidth > element.clientWidth,
      whole: element.textContent ?? '',
    }))
  // A device name is longer than its column at this width.
  const device = loadedRows(page).nth(2).getByRole('gridcell').nth(1)
  expect((await shown(device)).cut).toBe(true)
  // The mouse itself (not locator.hover, which waits for a box that the whole value then covers).
  const box = await device.boundingBox()
  if (!box) throw new Error('The device cell is not laid out')
  await page.mouse.move(box.x + 10, box.y + box.height / 2)
  await expect(device).toHaveAttribute('data-cut', 'true')
  expect((await shown(device)).cut).toBe(false)
  // Whole means wider than its column: it lies over the next one.
  expect((await device.boundingBox())?.width).toBeGreaterThan(box.width)
  await expect(device).toHaveAttribute('title', (await shown(device)).whole)

  await page.mouse.move(0, 0)
  await grid(page).focus()
  await page.keyboard.press('j')
  const active = grid(page).locator('[data-active="true"]').getByRole('gridcell').nth(1)
  await expect(active).toHaveAttribute('data-cut', 'true')
  expect((await shown(active)).cut).toBe(false)
  // The active row's When also shows the exact time beside the relative one.
  const when = grid(page).locator('[data-active="true"] time')
  const exactTime = await when.evaluate((time) => getComputedStyle(time, '::after').content)
  expect(exactTime).toContain(`· ${await when.getAttribute('title')}`)
})

test('search narrows the rows and survives reload and back', async ({ page }) => {
  await page.goto('/audits')
  await expect(loadedRows(page).first()).toBeVisible()
  const device = await grid(page)
    .locator('[data-row-index="0"]')
    .getByRole('gridcell')
    .nth(1)
    .innerText()

  const narrowed = nextWindow(page, { search: device })
  await page.getByRole('searchbox', { name: /Search/ }).fill(device)
  const body = await narrowed
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(device).replace(/%20/g, '\\+')}`))
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toContainText(
    body.recordsFiltered.toLocaleString('en'),
  )
  expect(body.data.length).toBeGreaterThan(0)
  expect(body.data.every((entry) => JSON.stringify(entry).includes(device))).toBe(true)
  await expect(loadedRows(page).first()).toContainText(device)

  await page.reload()
  await expect(page.getByRole('searchbox', { name: /Search/ })).toHaveValue(device)
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toContainText(
    body.recordsFiltered.toLocaleString('en'),
  )

  await page.goBack()
  await expect(page).toHaveURL(/\/audits$/)
  await expect(page.getByRole('searchbox', { name: /Search/ })).toHaveValue('')
  await expect(page.getByRole('status').filter({ hasText: /entries/ })).toBeVisible()
})

test('/ pressed the moment the list shows lands in its search, and the list leaves it there', async ({
  page,
}) => {
  await page.goto('/audits', { waitUntil: 'commit' })
  await page.getByRole('grid').waitFor()
  await page.keyboard.press('/')
  const search = page.getByRole('searchbox', { name: /Search/ })
  await expect(search).toBeFocused()
  await expect(loadedRows(page).first()).toBeVisible()
  await expect(search).toBeFocused()
})

test('keyboard only: / to search, arrows into the rows, j/k move the active row', async ({
  page,
}) => {
  await page.goto('/audits')
  await expect(loadedRows(page).first()).toBeVisible()
  await page.keyboard.press('/')
  await expect(page.getByRole('searchbox', { name: /Search/ })).toBeFocused()
  await page.keyboard.type('lock')
  await expect(page).toHaveURL(/q=lock/)
  await page.keyboard.press('ArrowDown')
  await expect(grid(page)).toBeFocused()
  const firstId = await grid(page).locator('[data-row-index="0"]').getAttribute('id')
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', firstId ?? '')
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('k')
  const secondId = await grid(page).locator('[data-row-index="1"]').getAttribute('id')
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', secondId ?? '')
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: /^Row 2 of/ })).toHaveCount(1)
  await page.keyboard.press('End')
  await expect(grid(page).locator('[data-active="true"]')).toBeVisible()
  await expect(
    page.locator('[aria-live="polite"]').filter({ hasText: /^Row [\d,]+ of/ }),
  ).toHaveCount(1)
})

test('an auditor reads only their organization’s log and nothing else', async ({ page }) => {
  await signOut(page)
  await signIn(page, demo.auditor)
  const body = await openWithFirstWindow(page, '/audits')
  expect(body.data.length).toBeGreaterThan(0)
  expect(new Set(body.data.map((entry) => entry.organization_id)).size).toBe(1)
  await expect(loadedRows(page).first()).toBeVisible()
  await page.goto('/organizations')
  await expect(page.getByText("Sorry, you can't view this page.")).toBeVisible()
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violations (${theme})`, async ({ page }) => {
    allowAxeTime()
    await page.goto('/audits')
    await expect(loadedRows(page).first()).toBeVisible()
    if (theme === 'dark') {
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
    }
    await grid(page).focus()
    await page.keyboard.press('j')
    await expectNoSeriousA11yViolations(page)
  })
}
