import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  openSignedIn,
  signIn,
  signInByKeyboard,
  storedTokens,
  tokensFor,
} from './helpers/session'
import { commandable, seededLocks, type SeededLock } from './helpers/locks'

// Devices end to end against the real server's simulated devices: the list, the device view, and
// remote commands through one confirmation by mouse and by keyboard, with axe in both themes.

/** The seeded smart locks as the person signed in on the page sees them. */
const shownLocks = async (page: Page) => seededLocks(page, (await storedTokens(page)).access)

/** A connected lock that can force-unlock, whose name no other lock shares (palette search). */
function onlineLock(all: SeededLock[]) {
  const lock = all.find(
    (d) => commandable(d) && all.filter((other) => other.name === d.name).length === 1,
  )
  if (!lock) throw new Error('The seed has no connected, uniquely named lock')
  return lock
}

function offlineLock(all: SeededLock[]) {
  const lock = all.find((d) => !d.current_status.connected)
  if (!lock) throw new Error('The seed has no lock that is not connected')
  return lock
}

/**
 * Signs `email` in straight onto the page `at` names for the lock `pick` chooses (the lock's own
 * page unless told): the lock is looked up before any page loads, so that page is the first.
 */
async function signInAtLock(
  page: Page,
  email: string,
  pick: (all: SeededLock[]) => SeededLock,
  at = (lock: SeededLock) => `/devices/view/${lock.device_id}`,
) {
  const tokens = await tokensFor(page, email)
  const lock = pick(await seededLocks(page, tokens.access_token))
  await openSignedIn(page, tokens, at(lock))
  return lock
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

async function useDarkTheme(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
}

test('the list shows type, place, connection, battery and capabilities; a row opens', async ({
  page,
}) => {
  const lock = await signInAtLock(
    page,
    demo.admin,
    onlineLock,
    (found) => `/devices?q=${encodeURIComponent(found.name)}`,
  )
  const grid = page.getByRole('grid', { name: 'Devices' })
  const row = grid.getByRole('row').filter({ has: page.getByRole('link', { name: lock.name }) })
  await expect(row).toContainText('Smart lock')
  await expect(row).toContainText(' › ')
  await expect(row).toContainText('Connected')
  await expect(row).toContainText(/Battery \d+ %/)
  await expect(row).toContainText('Force unlock remotely')
  await row.getByRole('link', { name: lock.name }).click()
  await expect(page).toHaveURL(new RegExp(`/devices/view/${lock.device_id}$`))
  await expect(page.getByRole('heading', { level: 1, name: lock.name })).toBeVisible()
})

test('lock and unlock by mouse: one confirmation naming device and place, then a notice', async ({
  page,
}) => {
  const lock = await signInAtLock(page, demo.admin, onlineLock)
  for (const [command, state] of [
    ['Lock', 'Locked'],
    ['Unlock', 'Unlocked'],
  ] as const) {
    await page.getByRole('button', { name: command, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: `${command}: ${lock.name}?` })
    await expect(dialog).toContainText(`to ${lock.name} at `)
    await dialog.getByRole('button', { name: `Send ${command}` }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(`${command} sent to ${lock.name}: done.`)).toBeVisible()
    await expect(page.getByText(state, { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: command, exact: true })).toBeFocused()
  }
})

test('lock by keyboard only: palette → device → command → Enter twice, where the person is', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const lock = onlineLock(await shownLocks(page))
  for (const command of ['Lock', 'Unlock'] as const) {
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type(`#${lock.name}`)
    const hit = palette(page).getByRole('option', { name: new RegExp(lock.name) })
    await expect(hit).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Tab')
    await page.keyboard.type(command)
    await expect(
      palette(page).getByRole('option', { name: new RegExp(`^${command}`) }),
    ).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `${command}: ${lock.name}?` })
    await expect(dialog.getByRole('button', { name: `Send ${command}` })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText(`${command} sent to ${lock.name}: done.`)).toBeVisible()
    // The action ran through the host over the dashboard: no trip to the device's page, and
    // focus is back on the page, not on <body>.
    await expect(page).toHaveURL(/\/$/)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'BODY'))
      .not.toBe('BODY')
  }
})

test('force unlock warns, then needs a deliberate second step', async ({ page }) => {
  const lock = await signInAtLock(page, demo.admin, onlineLock)
  await page.getByRole('button', { name: 'Force unlock', exact: true }).click()
  const first = page.getByRole('dialog', { name: `Force unlock: ${lock.name}?` })
  await expect(first).toContainText('overrides the lock’s safety checks')
  // The warning is reversible (nothing is sent yet): it starts on continuing.
  await expect(first.getByRole('button', { name: 'I understand, continue' })).toBeFocused()
  await page.keyboard.press('Enter')
  const second = page.getByRole('dialog', { name: `Force unlock ${lock.name} now?` })
  // Enter on the second step cancels: Cancel has focus, not the command.
  await expect(second.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(second).toBeHidden()
  await expect(page.getByText(`Force unlock sent to ${lock.name}`)).toHaveCount(0)
  await page.getByRole('button', { name: 'Force unlock', exact: true }).click()
  await first.getByRole('button', { name: 'I understand, continue' }).click()
  await second.getByRole('button', { name: 'Force unlock now' }).click()
  await expect(second).toBeHidden()
  await expect(page.getByText(`Force unlock sent to ${lock.name}: done.`)).toBeVisible()
})

test('an offline device shows its commands disabled with the reason', async ({ page }) => {
  const lock = await signInAtLock(page, demo.admin, offlineLock)
  const button = page.getByRole('button', { name: 'Lock', exact: true })
  await expect(button).toBeDisabled()
  await expect(button).toHaveAccessibleDescription('The device is offline.')
  // Asked by URL (as the palette would), the refused command opens no dialog.
  await page.goto(`/devices/view/${lock.device_id}?command=lock`)
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeDisabled()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a user without devices:update sees the commands disabled with that reason', async ({
  page,
}) => {
  await signInAtLock(page, demo.staff, onlineLock)
  await expect(
    page.getByRole('button', { name: 'Unlock', exact: true }),
  ).toHaveAccessibleDescription(/needs the devices:update permission/)
})

test('axe: list, view and the command dialogs in light and dark', async ({ page }) => {
  allowAxeTime()
  await signIn(page, demo.admin)
  const lock = onlineLock(await shownLocks(page))
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await useDarkTheme(page)
    await page.goto('/devices')
    await expect(page.getByRole('grid', { name: 'Devices' }).getByRole('row').nth(2)).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.goto(`/devices/view/${lock.device_id}`)
    await expect(page.getByRole('heading', { level: 1, name: lock.name })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Force unlock', exact: true }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'I understand, continue' }).click()
    await expect(page.getByRole('dialog', { name: /now\?$/ })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
})

/** GET one API path as the signed-in user (the console's own token). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
    })
    return (await response.json()) as T
  }, path)
}

interface PlacedDevice extends SeededLock {
  location_id: number
}

/** A floor whose devices include a lock that is not connected. */
async function floorWithOneOffline(page: Page) {
  const locations = await api<{ data: { location_id: number; name: string }[] }>(
    page,
    '/sbm/v1/locations?length=100',
  )
  for (const location of locations.data) {
    const deep = await api<{ floors: { floor_id: number; name: string }[] }>(
      page,
      `/sbm/v1/locations/${location.location_id}?deep=true`,
    )
    for (const floor of deep.floors) {
      const devices = await api<{ data: PlacedDevice[] }>(
        page,
        `/sbm/v1/devices?floor_id=${floor.floor_id}&length=500`,
      )
      const offline = devices.data.find(
        (d) => !d.current_status.connected && d.capabilities.includes('remotely_lock'),
      )
      if (offline) return { location, floor, devices: devices.data, offline }
    }
  }
  throw new Error('The seed has no floor with an offline lock')
}

const receiptsPanel = (page: Page) => page.getByRole('dialog', { name: 'Command receipts' })

test('filters live in the URL: type, connection and battery below a level', async ({ page }) => {
  await signIn(page, demo.admin, { at: '/devices' })
  const grid = page.getByRole('grid', { name: 'Devices' })
  await expect(grid.getByRole('row').nth(2)).toBeVisible()
  await page.getByLabel('Type').selectOption({ label: 'Smart lock' })
  await page.getByLabel('Connection').selectOption('offline')
  await expect(page).toHaveURL(/type=lock/)
  await expect(page).toHaveURL(/connection=offline/)
  const expected = await api<{ recordsFiltered: number }>(
    page,
    '/sbm/v1/devices?device_type_id=lock&connected=false',
  )
  expect(expected.recordsFiltered).toBeGreaterThan(0)
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toHaveText(
    new RegExp(`^${expected.recordsFiltered} match`),
  )
  const rows = grid.getByRole('row').filter({ hasText: 'Smart lock' })
  await expect(rows).toHaveCount(expected.recordsFiltered)
  await expect(grid.getByRole('row').filter({ hasText: 'Not connected' })).toHaveCount(
    expected.recordsFiltered,
  )
  // A reload keeps the filters; the battery choice adds to them; Clear drops them all.
  await page.reload()
  await expect(page.getByLabel('Connection')).toHaveValue('offline')
  await page.getByLabel('Battery').selectOption('30')
  await expect(page).toHaveURL(/battery=30/)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/devices$/)
  // The controls are plain form fields: Tab reaches them before the list.
  await page.getByLabel('Type').focus()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Connection')).toBeFocused()
})

test('the device view lists its recent audit entries, linking into /audits', async ({ page }) => {
  const lock = await signInAtLock(page, demo.admin, onlineLock)
  await page.getByRole('button', { name: 'Lock', exact: true }).click()
  await page.getByRole('button', { name: 'Send Lock' }).click()
  await expect(page.getByText(`Lock sent to ${lock.name}: done.`)).toBeVisible()
  const entries = page.getByTestId('device-audits')
  const newest = entries.getByRole('link').first()
  await expect(newest).toHaveText('Lock by admin@demo.local: Success')
  const href = await newest.getAttribute('href')
  expect(href).toMatch(/^\/audits\?q=.+&row=\d+$/)
  await newest.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: /^Search device/ })).toHaveValue(lock.name)
  await expect(
    page.getByRole('grid', { name: 'Device audit log' }).getByRole('row').nth(1),
  ).toContainText(lock.name)
})

test('the receipts panel lists this session’s commands with audit links and a retry', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const lock = onlineLock(await shownLocks(page))
  await page.goto(`/devices/view/${lock.device_id}`)
  await page.getByRole('button', { name: 'Unlock', exact: true }).click()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Unlock sent to ${lock.name}: done.`)).toBeVisible()
  // The device goes offline between the page load and the send: the server refuses it.
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
  await page.getByRole('button', { name: 'Lock', exact: true }).click()
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Ok' }).click()
  await page.unroute('**/access/v1/devices/*/control/lock')
  await page.locator('body').focus()
  await page.keyboard.press('g')
  await page.keyboard.press('r')
  const panel = receiptsPanel(page)
  await expect(panel).toBeVisible()
  const items = panel.getByRole('listitem')
  await expect(items.first()).toContainText(`Lock: ${lock.name}`)
  await expect(items.first()).toContainText('Failed')
  await expect(items.first()).toContainText(
    'The device is not connected, so it could not take the command.',
  )
  await expect(items.nth(1)).toContainText(`Unlock: ${lock.name}`)
  await expect(items.nth(1)).toContainText('Done')
  await expect(items.nth(1).getByRole('link', { name: /^Audit entry \d+$/ })).toBeVisible()
  const retry = items.first().getByRole('link', { name: `Retry Lock on ${lock.name}` })
  await retry.click()
  await expect(panel).toBeHidden()
  await expect(page.getByRole('dialog', { name: `Lock: ${lock.name}?` })).toBeVisible()
  await page.keyboard.press('Escape')
  // The palette opens it too.
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('receipts')
  await page.keyboard.press('Enter')
  await expect(receiptsPanel(page)).toBeVisible()
})

test('bulk: a dry run on a floor with one offline device, one confirmation, receipts, a summary', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  const { location, floor, devices, offline } = await floorWithOneOffline(page)
  const receivers = devices.filter(
    (d) => d.current_status.connected && d.capabilities.includes('remotely_lock'),
  )
  const skippedCount = devices.length - receivers.length
  await page.goto(`/locations/view/${location.location_id}`)
  const bulk = page.getByTestId('bulk-commands')
  await bulk.getByLabel('Everything in').selectOption({ label: floor.name })
  await bulk.getByRole('button', { name: 'Lock everything here', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Lock everything in ${floor.name}` })
  const count = receivers.length
  await expect(dialog).toContainText(
    `${count} ${count === 1 ? 'device receives' : 'devices receive'} “Lock”.`,
  )
  const skipped = dialog.getByTestId('bulk-skipped')
  await expect(skipped.getByRole('listitem')).toHaveCount(skippedCount)
  await expect(skipped.getByRole('listitem').filter({ hasText: offline.name })).toContainText(
    'not connected',
  )
  const confirm = dialog.getByRole('button', {
    name: `Lock ${count} ${count === 1 ? 'device' : 'devices'}`,
  })
  await expect(confirm).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('status')).toHaveText(
    `${count} done, 0 failed, ${skippedCount} skipped.`,
  )
  await expect(dialog.getByTestId('bulk-receipts').getByRole('listitem')).toHaveCount(count)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.keyboard.press('g')
  await page.keyboard.press('r')
  await expect(receiptsPanel(page).getByRole('listitem')).toHaveCount(count)
})

test('axe: the receipts panel and the bulk dialog in light and dark', async ({ page }) => {
  allowAxeTime()
  await signIn(page, demo.admin)
  // The floor, not the whole location: an unlock by hand lasts until the next scheduled change, and
  // the door-mode specs expect their building's ground floor without one.
  const { location, floor } = await floorWithOneOffline(page)
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await useDarkTheme(page)
    await page.goto(`/locations/view/${location.location_id}`)
    const bulk = page.getByTestId('bulk-commands')
    await bulk.getByLabel('Everything in').selectOption({ label: floor.name })
    await bulk.getByRole('button', { name: 'Unlock everything here', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: `Unlock everything in ${floor.name}` })
    await expect(dialog.getByRole('button', { name: /^Unlock \d+ device/ })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('status')).toHaveText(/done, 0 failed/)
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.keyboard.press('g')
    await page.keyboard.press('r')
    await expect(receiptsPanel(page).getByRole('listitem').first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
  }
})

test('create: validation messages, then a device on a door; edit keeps the list place', async ({
  page,
}) => {
  const name = `Back door lock ${Date.now()}`
  await signIn(page, demo.admin, { at: '/devices' })
  await page.getByRole('link', { name: 'New device' }).click()
  await expect(page).toHaveURL(/\/devices\/create$/)
  await page.getByRole('button', { name: 'Create' }).click()
  for (const message of [
    'Name is required.',
    'Device Type is required.',
    'Manufacturer is required.',
    'Manufacturer ID is required.',
    'Description is required.',
    'Location is required.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await expect(page.getByLabel('Name')).toBeFocused()
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Type').selectOption({ label: 'Smart lock' })
  await page.getByLabel('Manufacturer', { exact: true }).selectOption({ index: 1 })
  await page.getByLabel('Manufacturer ID').fill(`SN-E2E-${Date.now()}`)
  await page.getByLabel('Description').fill('Created by the e2e test')
  await page.getByRole('combobox', { name: 'Location' }).click()
  await page.getByRole('listbox', { name: 'Location' }).getByRole('option').first().click()
  const door = page
    .getByLabel('Mounted at')
    .locator('option', { hasText: / door$/ })
    .first()
  await expect(door).toBeAttached()
  await page.getByLabel('Mounted at').selectOption((await door.getAttribute('value')) ?? '')
  await page.getByRole('button', { name: 'Create' }).click()
  // Its secret for pin-entry is in the create answer, shown this once (decision 066).
  const secret = page.getByRole('dialog', { name: `The secret of ${name}` })
  await expect(secret.getByRole('button', { name: 'Copy secret' })).toBeFocused()
  await expect(secret.getByTestId('shown-once')).toHaveText(/^[\w-]{43}$/)
  await expectNoSeriousA11yViolations(page)
  await secret.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/devices\?row=\d+$/)
  await expect(page.getByText(`Device “${name}” created.`)).toBeVisible()

  const grid = page.getByRole('grid', { name: 'Devices' })
  await expect(grid.locator('[data-row-index="0"]')).toContainText(name)
  await grid.locator('[data-row-index="0"]').getByRole('link', { name }).click()
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(/\/devices\/edit\/\d+$/)
  await page.getByLabel('Name').fill(`${name} renamed`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/devices\?row=\d+$/)
  await expect(page.getByText(`Device “${name} renamed” saved.`)).toBeVisible()
})
