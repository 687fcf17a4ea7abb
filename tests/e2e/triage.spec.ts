import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { allowAxeTime, demo, expectNoSeriousA11yViolations, signIn } from './helpers/session'

// Health triage on the dashboard and the live audit log, against the real server: the seed holds
// devices that are not connected and batteries below 30 %; a command sent from a second tab is
// the news the open log learns of.

interface SeedDevice {
  device_id: number
  name: string
  device_type_id: string
  current_status: { connected: boolean }
}

const attention = (page: Page) => page.getByRole('region', { name: 'Needs attention' })
const offlineList = (page: Page) => page.getByRole('list', { name: 'Not connected' })
const batteryList = (page: Page) => page.getByRole('list', { name: 'Battery below 30 %' })
const grid = (page: Page) => page.getByRole('grid', { name: 'Device audit log' })
const newsButton = (page: Page) => page.getByRole('button', { name: /new entr(y|ies) — press R/ })

async function useDarkTheme(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
}

/** Sends `command` to a device through the API with the page's own session, as the console does. */
async function sendCommand(page: Page, deviceId: number, command: string) {
  return page.evaluate(
    async ([id, name]) => {
      const token = localStorage.getItem('access_token') ?? ''
      const reply = await fetch(`/access/v1/devices/${id}/control/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      return reply.status
    },
    [deviceId, command] as const,
  )
}

async function seededDevices(page: Page): Promise<SeedDevice[]> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('access_token') ?? ''
    const reply = await fetch('/sbm/v1/devices?length=500', {
      headers: { authorization: `Bearer ${token}` },
    })
    return ((await reply.json()) as { data: SeedDevice[] }).data
  })
}

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin)
})

test('the dashboard lists what needs a person; j/k walk a list and Enter opens the device', async ({
  page,
}) => {
  const devices = await seededDevices(page)
  const offline = devices.filter((d) => !d.current_status.connected).map((d) => d.name)
  await expect(attention(page)).toBeVisible()
  const offlineLinks = offlineList(page).getByRole('link')
  await expect(offlineLinks.first()).toBeVisible()
  expect(offline).toContain((await offlineLinks.first().locator('span').first().innerText()).trim())
  await expect(batteryList(page).getByRole('link').first()).toContainText(
    /Battery ([0-9]|[12][0-9]) %/,
  )

  // One tab stop per list: the first link is in the tab order, the others are reached with j/k.
  await offlineLinks.first().focus()
  await expect(offlineLinks.nth(1)).toHaveAttribute('tabindex', '-1')
  await page.keyboard.press('j')
  await expect(offlineLinks.nth(1)).toBeFocused()
  await page.keyboard.press('k')
  await expect(offlineLinks.first()).toBeFocused()
  await page.keyboard.press('j')
  const href = await offlineLinks.nth(1).getAttribute('href')
  expect(href).toMatch(/^\/devices\/view\/\d+$/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${href ?? ''}$`))
})

test('a failed command shows at the top of the failures in plain words', async ({ page }) => {
  const devices = await seededDevices(page)
  const lock = devices.find((d) => d.device_type_id === 'lock' && !d.current_status.connected)
  if (!lock) throw new Error('the seed holds an offline lock')
  expect(await sendCommand(page, lock.device_id, 'lock')).toBe(409)
  await page.reload()
  const failed = page.getByRole('list', { name: 'Failed commands, last 24 hours' })
  await expect(failed.getByRole('link').first()).toContainText(lock.name)
  await expect(failed.getByRole('link').first()).toContainText('The device was not connected.')
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe on the dashboard's triage (${theme})`, async ({ page }) => {
    allowAxeTime()
    if (theme === 'dark') await useDarkTheme(page)
    await expect(offlineList(page).getByRole('link').first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
}

test('the open log learns of a command sent from another tab without moving; R shows it on top', async ({
  page,
  context,
}) => {
  // A poll cycle of 10 s and two axe runs on a shared machine.
  test.slow()
  await page.goto('/audits')
  const firstRow = grid(page).locator('[data-row-index="0"]:not([aria-busy])')
  await expect(firstRow).toBeVisible()
  const before = await firstRow.innerText()
  await grid(page).focus()
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await expect(grid(page).locator('[data-row-index="1"]')).toHaveAttribute('data-active', 'true')

  const other = await context.newPage()
  await other.goto('/devices')
  const devices = await seededDevices(other)
  const lock = devices.find((d) => d.device_type_id === 'lock' && d.current_status.connected)
  if (!lock) throw new Error('the seed holds a connected lock')
  expect(await sendCommand(other, lock.device_id, 'lock')).toBe(200)
  await other.close()

  // The poll runs every 10 s: the bar appears, and nothing under the reader moved.
  await expect(newsButton(page)).toHaveText('1 new entry — press R', { timeout: 25_000 })
  await expect(grid(page)).toBeFocused()
  expect(await firstRow.innerText()).toBe(before)
  await expect(grid(page).locator('[data-row-index="1"]')).toHaveAttribute('data-active', 'true')
  await expectNoSeriousA11yViolations(page)
  await useDarkTheme(page)
  await expect(newsButton(page)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.keyboard.press('Shift+R')
  await expect(newsButton(page)).toHaveCount(0)
  await expect(grid(page)).toBeFocused()
  await expect(grid(page).locator('[data-row-index="0"]')).toHaveAttribute('data-active', 'true')
  await expect(firstRow).toContainText(lock.name)
  await expect(page.getByTestId('audit-news')).toHaveText('1 new entry shown at the top.')
})

test('a click on the bar shows the new entries too', async ({ page, context }) => {
  await page.goto('/audits')
  await expect(grid(page).locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible()
  const other = await context.newPage()
  await other.goto('/devices')
  const devices = await seededDevices(other)
  const offline = devices.find((d) => d.device_type_id === 'lock' && !d.current_status.connected)
  if (!offline) throw new Error('the seed holds an offline lock')
  expect(await sendCommand(other, offline.device_id, 'unlock')).toBe(409)
  expect(await sendCommand(other, offline.device_id, 'lock')).toBe(409)
  await other.close()
  await expect(newsButton(page)).toHaveText('2 new entries — press R', { timeout: 25_000 })
  await newsButton(page).click()
  await expect(grid(page)).toBeFocused()
  const top = grid(page).locator('[data-row-index="0"]:not([aria-busy])')
  await expect(top).toContainText(offline.name)
  await expect(top).toContainText('Lock')
  await expect(grid(page).locator('[data-row-index="1"]')).toContainText('Unlock')
})
