import type { Locator, Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import de from '../../i18n/de'
import type { AuditPage } from '../../src/contract/audits'
import type { Device, DeviceType } from '../../src/contract/devices'
import { demo, signIn, storedTokens } from './helpers/session'

// In German, no English word the server sends reaches the screen: device types on /devices, the
// audit log's details on /audits, a refused command and its receipt are worded from the server's
// codes (decision 042).

async function api<T>(page: Page, path: string, method: 'GET' | 'POST' = 'GET') {
  const { access } = await storedTokens(page)
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${access}` },
  })
  return { status: response.status(), body: (await response.json()) as T }
}

async function switchToGerman(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
  await page.keyboard.press('Escape')
}

/** The rendered texts of the column whose header starts with `header`, top to bottom. */
async function columnTexts(grid: Locator, header: string) {
  await expect(grid.locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible()
  const headers = await grid.getByRole('columnheader').allInnerTexts()
  const index = headers.findIndex((text) => text.trim().startsWith(header))
  expect(index, `a column ${header}`).toBeGreaterThanOrEqual(0)
  const texts: string[] = []
  for (const row of await grid.locator('[data-row-index]:not([aria-busy])').all())
    texts.push((await row.getByRole('gridcell').nth(index).innerText()).trim())
  return texts
}

test('in German, /devices names device types in German, not in the server’s English', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  await switchToGerman(page)
  const types = (await api<{ data: DeviceType[] }>(page, '/sbm/v1/devices/types')).body.data
  // English words the German console must not show: those German words differ from (Router…).
  const english = types
    .filter((type) => de.answers.deviceType[type.device_type_id] !== type.description)
    .map((type) => type.description)
  expect(english).toContain('Smart lock')
  await page.goto('/devices')
  await expect(page).toHaveTitle('Geräte · Zutrittskonsole')
  const shown = await columnTexts(page.getByRole('grid', { name: 'Geräte' }), 'Typ')
  expect(shown.length).toBeGreaterThan(0)
  expect(shown).toContain('Smartes Schloss')
  for (const text of shown) expect(english, text).not.toContain(text)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    de.common.metaDescription,
  )
})

test('in German, /audits says each entry’s detail in German, the missing capability included', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  // A refusal with a parameter: a camera cannot be unlocked.
  const devices = (await api<{ data: Device[] }>(page, '/sbm/v1/devices?length=200')).body.data
  const camera = devices.find((device) => device.device_type_id === 'camera')
  if (!camera) throw new Error('the seed holds a camera')
  // And one that is not connected: both refusals are then the newest rows, whatever ran before.
  const offline = devices.find(
    (device) => !device.current_status.connected && device.capabilities.includes('remotely_lock'),
  )
  if (!offline) throw new Error('the seed holds a lock that is not connected')
  const notConnected = await api<{ error: string }>(
    page,
    `/access/v1/devices/${offline.device_id}/control/lock`,
    'POST',
  )
  expect(notConnected.status).toBe(409)
  const refused = await api<{ error: string }>(
    page,
    `/access/v1/devices/${camera.device_id}/control/unlock`,
    'POST',
  )
  expect(refused.status).toBe(422)
  const log = (await api<AuditPage>(page, '/sbm/v1/devices/audit?start=0&length=60')).body.data
  const english = [...new Set(log.map((entry) => entry.detail).filter(Boolean))]
  expect(english).toEqual(
    expect.arrayContaining([
      'Device lacks the capability remotely_unlock',
      'Device is not connected',
    ]),
  )
  await switchToGerman(page)
  await page.goto('/audits')
  await expect(page).toHaveTitle('Audits · Zutrittskonsole')
  const shown = await columnTexts(page.getByRole('grid', { name: 'Geräte-Audit-Log' }), 'Detail')
  expect(shown[0]).toBe('Das Gerät kann das nicht: Ihm fehlt „Fernentriegeln“.')
  expect(shown).toContain('Das Gerät war nicht verbunden.')
  for (const text of shown) expect(english, text).not.toContain(text)
})

test('in German, a refused command and its receipt say why in German, not in the server’s English', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  const devices = (await api<{ data: Device[] }>(page, '/sbm/v1/devices?length=200')).body.data
  const lock = devices.find(
    (device) => device.current_status.connected && device.capabilities.includes('remotely_lock'),
  )
  if (!lock) throw new Error('the seed holds a connected lock')
  await switchToGerman(page)
  // The lock goes offline between the page load and the send: the server refuses in English.
  await page.route('**/access/v1/devices/*/control/lock', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'device_not_connected',
        message: 'Device is not connected.',
        audit_id: 1,
      }),
    }),
  )
  await page.goto(`/devices/view/${lock.device_id}`)
  await page.getByRole('button', { name: de.devices.command.lock, exact: true }).click()
  await page.keyboard.press('Enter')
  const failed = page.getByRole('dialog', { name: de.errors.command_failed })
  await expect(failed).toContainText(de.answers.error.device_not_connected)
  await expect(failed).not.toContainText('Device is not connected')
  await failed.getByRole('button', { name: de.common.ok }).click()
  await page.locator('body').focus()
  await page.keyboard.press('g')
  await page.keyboard.press('r')
  const panel = page.getByRole('dialog', { name: de.devices.receipts.title })
  await expect(panel.getByRole('listitem').first()).toContainText(
    de.answers.error.device_not_connected,
  )
  await expect(panel).not.toContainText('Device is not connected')
})
