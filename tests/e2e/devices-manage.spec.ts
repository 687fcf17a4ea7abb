import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
} from './helpers/session'

// Deleting a device and setting its capabilities, against the real server: by mouse and by keyboard
// alone, the 409 reason in words, the lists that showed it, and the view's buttons following.

interface Created {
  device_id: number
  organization_id: number
  name: string
  location_id: number
}

/** One API call as the signed-in user (the console's own token). */
async function api<T>(page: Page, method: string, path: string, json?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, json }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      })
      return (response.status === 204 ? null : await response.json()) as T
    },
    { method, path, json },
  )
}

/** A new connected smart lock on a door, with the lock type's capabilities, named uniquely. */
async function newLock(page: Page, label: string): Promise<Created> {
  const doors = await api<{ data: { door_id: number }[] }>(page, 'GET', '/sbm/v1/doors?length=1')
  const door = doors.data[0]
  if (!door) throw new Error('The seed has no door')
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1000)}`
  return api<Created>(page, 'POST', '/sbm/v1/devices', {
    name: `${label} ${stamp}`,
    description: 'Created by the e2e test',
    device_type_id: 'lock',
    manufacturer_id: 1,
    device_id_manufacturer: `E2E-${stamp}`,
    assignment_type: 'door',
    assignment_id: door.door_id,
  })
}

/** A credential for someone of the device's organization, granting access through the device. */
async function credentialOn(page: Page, device: Created) {
  const users = await api<{ data: { user_id: number; organization_id: number }[] }>(
    page,
    'GET',
    '/org/v1/users?length=100',
  )
  const user = users.data.find((u) => u.organization_id === device.organization_id)
  if (!user) throw new Error('The device’s organization has no user')
  const credential = await api<{ credential_id?: number }>(page, 'POST', '/access/v1/credentials', {
    user_id: user.user_id,
    assignment_type: 'device',
    assignment_id: device.device_id,
    start_datetime: '2026-01-01T08:00:00Z',
    end_datetime: '2027-12-31T18:00:00Z',
  })
  if (credential.credential_id === undefined) throw new Error('The credential was refused')
  return credential.credential_id
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Devices' })
const rowOf = (page: Page, name: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
const drawerDevices = (page: Page) => page.getByTestId('location-devices')

test('delete by mouse from the view: the dialog says what goes, the device leaves list and location', async ({
  page,
}) => {
  allowAxeTime()
  await signIn(page, demo.admin)
  const device = await newLock(page, 'Retired lock')
  await page.goto(`/locations?peek=${device.location_id}`)
  await expect(drawerDevices(page)).toContainText(device.name)

  await page.goto(`/devices/view/${device.device_id}`)
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Delete ${device.name}?` })
  await expect(dialog).toContainText('Its entries in the audit log stay, under its name.')
  await expect(dialog).toContainText('Credentials that grant access through this device itself')
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()

  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/devices(\?|$)/)
  await expect(page.getByText(`Device “${device.name}” deleted.`)).toBeVisible()
  // Focus lands on the list the device was in, never on <body>.
  await expect(grid(page)).toBeFocused()
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(device.name)
  await expect(grid(page)).toContainText(`Nothing matches “${device.name}”.`)
  await page.goto(`/locations?peek=${device.location_id}`)
  await expect(drawerDevices(page)).toBeVisible()
  await expect(drawerDevices(page)).not.toContainText(device.name)
})

test('delete by keyboard alone from the list: a held device says why, then goes; the list keeps focus', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const device = await newLock(page, 'Held lock')
  const credential = await credentialOn(page, device)
  await page.goto(`/devices?q=${encodeURIComponent(device.name)}`)
  await expect(rowOf(page, device.name)).toBeVisible()
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Delete')
  const dialog = page.getByRole('dialog', { name: `Delete ${device.name}?` })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  // The server refuses while a credential uses it: its reason, in words, takes focus.
  const reason = dialog.getByRole('alert')
  await expect(reason).toHaveText(
    '1 credential still grants access through this device. Delete it or move it to a door or location first.',
  )
  await expect(reason).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(grid(page)).toBeFocused()

  await api(page, 'DELETE', `/access/v1/credentials/${credential}`)
  await page.keyboard.press('#')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Device “${device.name}” deleted.`)).toBeVisible()
  await expect(rowOf(page, device.name)).toHaveCount(0)
  await expect(grid(page)).toBeFocused()
})

test('palette: “Delete device” asks where the person is; a link asks on the view; Escape keeps it', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const device = await newLock(page, 'Palette lock')
  await page.keyboard.press('ControlOrMeta+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await page.keyboard.type(`#${device.name}`)
  await expect(palette.getByRole('option', { name: new RegExp(device.name) })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Tab')
  await page.keyboard.type('Delete')
  await expect(palette.getByRole('option', { name: /^Delete device/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: `Delete ${device.name}?` })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // A bookmarked link asks the same dialog on the device's page, once: the URL drops the word.
  await page.goto(`/devices/view/${device.device_id}?command=delete`)
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/devices/view/${device.device_id}$`))
  await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible()
})

test('staff sees no Delete on the list or the view', async ({ page }) => {
  await signIn(page, demo.staff, { at: '/devices' })
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible()
  await expect(grid(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  await grid(page).getByRole('row').nth(1).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0)
})

test('capabilities by mouse: a type fills in its own; clearing one says what stops; the view follows', async ({
  page,
}) => {
  allowAxeTime()
  await signIn(page, demo.admin, { at: '/devices/create' })
  const capabilities = page.getByRole('group', { name: 'Capabilities' })
  await page.getByLabel('Type').selectOption({ label: 'Keypad' })
  await expect(capabilities.getByRole('checkbox', { checked: true })).toHaveCount(1)
  await expect(capabilities.getByLabel('Offline access codes')).toBeChecked()
  await page.getByLabel('Type').selectOption({ label: 'Smart lock' })
  await expect(capabilities.getByRole('checkbox', { checked: true })).toHaveCount(4)

  const device = await newLock(page, 'Front lock')
  await page.goto(`/devices/view/${device.device_id}`)
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Calibrate', exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Edit' }).click()
  await capabilities.getByLabel('Lock remotely', { exact: true }).uncheck()
  await capabilities.getByLabel('Offline access codes').uncheck()
  const lost = page.getByTestId('lost-capabilities')
  await expect(lost.getByRole('listitem')).toHaveText([
    'Lock remotely: the Lock and Calibrate commands disappear from this device, and “Lock everything here” skips it.',
    'Offline access codes: offline codes stop — no credential can get a new offline code on this device.',
  ])
  await expectNoSeriousA11yViolations(page)
  await capabilities.getByLabel('Offline access codes').check()
  await expect(lost.getByRole('listitem')).toHaveCount(1)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Device “${device.name}” saved.`)).toBeVisible()

  await rowOf(page, device.name).getByRole('link', { name: device.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Calibrate', exact: true })).toHaveCount(0)
})

test('capabilities by keyboard alone: Space clears one, Ctrl+Enter saves, the view loses its button', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const device = await newLock(page, 'Side lock')
  await page.goto(`/devices/edit/${device.device_id}`)
  const force = page.getByRole('checkbox', { name: 'Force unlock remotely' })
  await expect(force).toBeChecked()
  await page.getByRole('checkbox', { name: 'Unlock remotely', exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(force).toBeFocused()
  await page.keyboard.press('Space')
  await expect(force).not.toBeChecked()
  await expect(page.getByTestId('lost-capabilities')).toHaveText(
    /Force unlock remotely: the Force unlock command disappears\./,
  )
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByText(`Device “${device.name}” saved.`)).toBeVisible()
  await expect(grid(page)).toBeFocused()
  await expect(grid(page).locator('[data-active="true"]')).toContainText(device.name)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Force unlock', exact: true })).toHaveCount(0)
})

test('in German: capability names, what stops, and the delete dialog are German words', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  const device = await newLock(page, 'Lager lock')
  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
  // The choice is kept once the German words have loaded: the dialog then speaks German.
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.goto(`/devices/edit/${device.device_id}`)
  const capabilities = page.getByRole('group', { name: 'Fähigkeiten' })
  await expect(capabilities.getByRole('checkbox')).toHaveCount(4)
  for (const name of [
    'Fernverriegeln',
    'Fernentriegeln',
    'Zwangsentriegeln aus der Ferne',
    'Offline-Zugangscodes',
  ]) {
    await expect(capabilities.getByRole('checkbox', { name, exact: true })).toBeChecked()
  }
  await capabilities.getByRole('checkbox', { name: 'Offline-Zugangscodes' }).uncheck()
  await expect(page.getByTestId('lost-capabilities')).toHaveText(
    /^Offline-Zugangscodes: Offline-Codes enden/,
  )
  await page.goto(`/devices/view/${device.device_id}`)
  await page.getByRole('button', { name: 'Löschen', exact: true }).click()
  await expect(page.getByRole('dialog', { name: `${device.name} löschen?` })).toContainText(
    'Seine Einträge im Audit-Log bleiben unter seinem Namen erhalten.',
  )
})
