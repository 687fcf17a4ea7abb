import { expect as baseExpect, type Page } from '@playwright/test'
import { test } from './helpers/test'
import { startBenchServer, type BenchServer } from '../../bench/helpers/bench-server'
import { demo, submitLogin } from './helpers/session'

// End reaches the last row of a 1,000,000-row log. The spec starts its own server (a free port)
// seeded with a million audit rows, so the shared e2e server stays small and fast.

const ROWS = 1_000_000
let server: BenchServer | undefined
// A million-row server on a machine shared with other runs answers slower than the small one.
const expect = baseExpect.configure({ timeout: 30_000 })

test.describe.configure({ mode: 'serial', timeout: 240_000 })

test.beforeAll(async () => {
  // Seeding a million rows takes longer than a test's default minute on a busy machine.
  test.setTimeout(240_000)
  server = await startBenchServer({ rows: ROWS })
})

test.afterAll(async () => {
  await server?.stop()
})

function baseUrl() {
  if (!server) throw new Error('The million-row server did not start')
  return server.url
}

async function signIn(page: Page) {
  await page.goto(`${baseUrl()}/login`)
  await submitLogin(page, demo.admin)
  await expect(page).toHaveURL(`${baseUrl()}/`)
}

test('End reaches the last of 1,000,000 rows and Home comes back', async ({ page }) => {
  await signIn(page)
  await page.goto(`${baseUrl()}/audits`)
  const grid = page.getByRole('grid', { name: 'Device audit log' })
  await expect(grid.locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /entries/ })).toContainText('1,000,000')
  await expect(grid).toHaveAttribute('aria-rowcount', String(ROWS + 1))

  await grid.focus()
  // A window request the table aborted has no body; wait for the one that arrived.
  const lastWindow = page.waitForResponse(async (response) => {
    const url = new URL(response.url())
    return (
      url.pathname === '/sbm/v1/devices/audit' &&
      url.searchParams.get('start') === '999900' &&
      (await response.body().then(
        () => true,
        () => false,
      ))
    )
  })
  await page.keyboard.press('End')
  const last = grid.locator(`[data-row-index="${ROWS - 1}"]`)
  await expect(last).not.toHaveAttribute('aria-busy', 'true')
  await expect(last).toBeInViewport()
  await expect(last).toHaveAttribute('aria-rowindex', String(ROWS + 1))
  await expect(last).toHaveAttribute('data-active', 'true')
  // The last row shows the last entry of the server's last window.
  const body = (await (await lastWindow).json()) as { data: { device_name: string }[] }
  expect(body.data).toHaveLength(100)
  await expect(last.getByRole('gridcell').nth(1)).toHaveText(body.data[99]?.device_name ?? '')
  await expect(page.locator('p[aria-live="polite"]')).toContainText('Row 1,000,000 of 1,000,000')

  await page.keyboard.press('Home')
  await expect(grid.locator('[data-row-index="0"]:not([aria-busy])')).toBeInViewport()
})
