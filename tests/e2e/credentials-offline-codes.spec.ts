import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  storedTokens,
} from './helpers/session'

// Offline codes for credentials on a lock that is not connected, on a door and on a location, as
// admin@demo.local, by mouse and by keyboard alone (docs/decisions/035-offline-codes-at-a-place.md).
// Each test gives its own fresh credential the PIN and deletes it afterwards: a PIN, once held, stays.

test.use({ locale: 'en-US', timezoneId: 'UTC' })

type DeviceRow = {
  device_id: number
  organization_id: number
  name: string
  capabilities: string[]
  current_status: { connected: boolean }
  assignment_type: string
  assignment_id: number
  location_id: number
}

const note = 'The lock is not connected; the code works offline.'
let created: number[] = []

async function api<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) {
  const { access } = await storedTokens(page)
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { Authorization: `Bearer ${access}` },
  })
  expect(response.ok(), `${method} ${path}`).toBe(true)
  return (method === 'DELETE' ? null : await response.json()) as T
}

/** staff@demo.local's organization's devices, and a fresh credential for staff on a place. */
async function seed(page: Page) {
  const staff = await api<{ data: { user_id: number; organization_id: number }[] }>(
    page,
    'GET',
    `/org/v1/users?search=${encodeURIComponent(demo.staff)}`,
  )
  const owner = staff.data[0]
  if (!owner) throw new Error('no staff user')
  const all = await api<{ data: DeviceRow[] }>(page, 'GET', '/sbm/v1/devices?length=500')
  const devices = all.data.filter((d) => d.organization_id === owner.organization_id)
  const codes = (d: DeviceRow) => d.capabilities.includes('program_offline_access_codes')
  const credential = async (assignment_type: string, assignment_id: number) => {
    const fresh = await api<{ credential_id: number }>(page, 'POST', '/access/v1/credentials', {
      user_id: owner.user_id,
      assignment_type,
      assignment_id,
      start_datetime: new Date(Date.now() - 86_400_000).toISOString(),
      permanent: true,
    })
    created.push(fresh.credential_id)
    return fresh.credential_id
  }
  return { devices, codes, credential }
}

test.beforeEach(async ({ page }) => {
  created = []
  await signIn(page, demo.admin)
})

test.afterEach(async ({ page }) => {
  for (const id of created) await api(page, 'DELETE', `/access/v1/credentials/${id}`)
})

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true })

async function expectPin(page: Page) {
  const shown = dialog(page, 'Offline code')
  await expect(shown.getByLabel(/^PIN:/)).toHaveText(/^\d{3} \d{3}$/)
  await expect(shown.getByRole('button', { name: 'Copy code' })).toBeFocused()
}

test('a lock that is not connected gets a code by mouse, with a note instead of a refusal', async ({
  page,
}) => {
  allowAxeTime()
  const { devices, codes, credential } = await seed(page)
  const lock = devices.find((d) => codes(d) && !d.current_status.connected)
  if (!lock) throw new Error('the seed has no code device that is not connected')
  const id = await credential('device', lock.device_id)
  await page.goto(`/credentials?code=${id}`)
  const offer = dialog(page, 'Generate offline code')
  await expect(offer).toContainText(`Generate one on ${lock.name}?`)
  await expect(offer.getByText(note)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await offer.getByRole('button', { name: 'Generate code' }).click()
  await expectPin(page)
  await dialog(page, 'Offline code').getByRole('button', { name: 'Close' }).first().click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a door credential gets its code on the door’s one code device by keyboard alone', async ({
  page,
}) => {
  const { devices, codes, credential } = await seed(page)
  const doors = devices.filter((d) => d.assignment_type === 'door')
  const onDoor = (door: number) =>
    devices.filter((d) => codes(d) && d.assignment_id === door && d.assignment_type === 'door')
  const lock = doors.find((d) => codes(d) && onDoor(d.assignment_id).length === 1)
  const bare = doors.find((d) => onDoor(d.assignment_id).length === 0)
  if (!lock || !bare) throw new Error('the seed has no door with one code device and none without')
  const id = await credential('door', lock.assignment_id)
  await page.goto(`/credentials?code=${id}`)
  const offer = dialog(page, 'Generate offline code')
  await expect(offer).toContainText(`Generate one on ${lock.name}?`)
  await expect(offer.getByRole('button', { name: 'Generate code' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expectPin(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // A door without a device that programs codes says so, with no Generate button.
  const none = await credential('door', bare.assignment_id)
  await page.goto(`/credentials?code=${none}`)
  const refused = dialog(page, 'No offline code possible')
  await expect(refused).toContainText('No device at this door can program offline access codes.')
  await expect(refused.getByRole('button', { name: 'Generate code' })).toHaveCount(0)
})

test('a location credential: choose among its code devices by keyboard alone, and by mouse', async ({
  page,
}) => {
  allowAxeTime()
  const { devices, codes, credential } = await seed(page)
  const countAt = (location: number) =>
    devices.filter((d) => codes(d) && d.location_id === location).length
  const busy = devices.find((d) => countAt(d.location_id) > 1)
  const bare = devices.find((d) => countAt(d.location_id) === 0)
  if (!busy || !bare)
    throw new Error('the seed has no location with several code devices and none without')
  const id = await credential('location', busy.location_id)
  await page.goto(`/credentials?code=${id}`)
  const choice = dialog(page, 'Generate offline code')
  const group = choice.getByRole('group', { name: 'Devices that can program offline codes' })
  await expect(group.getByRole('radio')).toHaveCount(countAt(busy.location_id))
  const generate = choice.getByRole('button', { name: 'Generate code' })
  await expect(generate).toBeDisabled()
  await expect(group.getByRole('radio').first()).toBeFocused()
  await expectNoSeriousA11yViolations(page)
  // Arrow keys move the choice; the one not connected carries the note.
  await page.keyboard.press('Space')
  await expect(group.getByRole('radio').first()).toBeChecked()
  const offline = group.getByRole('radio', { name: /not connected$/ })
  for (let i = 0; i < 10 && !(await offline.isChecked()); i += 1) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(offline).toBeChecked()
  await expect(choice.getByText(note)).toBeVisible()
  await expect(generate).toBeEnabled()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(generate).toBeFocused()
  await page.keyboard.press('Enter')
  await expectPin(page)
  await page.keyboard.press('Escape')

  // By mouse, on another fresh credential there: a connected device, no note.
  const again = await credential('location', busy.location_id)
  await page.goto(`/credentials?code=${again}`)
  const connected = dialog(page, 'Generate offline code')
    .getByRole('radio', { name: /^(?!.*not connected)/ })
    .first()
  await connected.click()
  await expect(connected).toBeChecked()
  await expect(dialog(page, 'Generate offline code').getByText(note)).toHaveCount(0)
  await dialog(page, 'Generate offline code').getByRole('button', { name: 'Generate code' }).click()
  await expectPin(page)
  await page.keyboard.press('Escape')

  const none = await credential('location', bare.location_id)
  await page.goto(`/credentials?code=${none}`)
  await expect(dialog(page, 'No offline code possible')).toContainText(
    'No device at this location can program offline access codes.',
  )
})
