import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { api } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  useDarkTheme,
} from './helpers/session'

// Credentials on the locks and offline codes that tell their life (decision 073), as
// admin@demo.local: a credential's states on its page, Show code naming its lock and window,
// Reissue and the device page's Rotate offline key by keyboard alone, the list's filter, axe clean
// in both themes, in English and German. The e2e servers' locks never fail and take a change
// within 0.3–0.6 s (playwright.config.ts).

test.use({ locale: 'en-US', timezoneId: 'UTC' })

type DeviceRow = {
  device_id: number
  organization_id: number
  name: string
  capabilities: string[]
  current_status: { connected: boolean }
  location_id: number
}

let created: number[] = []

/** Staff's code locks, connected or not, and a fresh permanent credential for staff on one. */
async function seed(page: Page) {
  const staff = await api<{ data: { user_id: number; organization_id: number }[] }>(
    page,
    'GET',
    `/org/v1/users?search=${encodeURIComponent(demo.staff)}`,
  )
  const owner = staff.data[0]
  if (!owner) throw new Error('no staff user')
  const all = await api<{ data: DeviceRow[] }>(page, 'GET', '/sbm/v1/devices?length=500')
  const locks = all.data.filter(
    (d) =>
      d.organization_id === owner.organization_id &&
      d.capabilities.includes('program_offline_access_codes'),
  )
  const online = locks.find((d) => d.current_status.connected)
  const offline = locks.find((d) => !d.current_status.connected)
  if (!online || !offline) throw new Error('the seed has no connected and no unconnected code lock')
  const credential = async (device: DeviceRow) => {
    const fresh = await api<{ credential_id: number }>(page, 'POST', '/access/v1/credentials', {
      user_id: owner.user_id,
      assignment_type: 'device',
      assignment_id: device.device_id,
      start_datetime: new Date(Date.now() - 86_400_000).toISOString(),
      permanent: true,
    })
    created.push(fresh.credential_id)
    return fresh.credential_id
  }
  return { online, offline, credential }
}

test.beforeEach(async ({ page }) => {
  created = []
  await signIn(page, demo.admin)
})

test.afterEach(async ({ page }) => {
  for (const id of created) await api(page, 'DELETE', `/access/v1/credentials/${id}`)
})

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name })

test('a credential’s page shows it reach its lock, names its code’s lock and window, and reissues it by keyboard', async ({
  page,
}) => {
  allowAxeTime()
  const { online, credential } = await seed(page)
  const id = await credential(online)
  await page.goto(`/credentials/edit/${id}`)
  const locks = page.getByRole('list', { name: 'On the locks' })
  await expect(locks.getByRole('listitem')).toHaveCount(1)
  await expect(locks.getByRole('listitem').first()).toContainText(online.name)
  await expect(locks.getByRole('listitem').first()).toContainText('On the lock', {
    timeout: 15_000,
  })
  await expect(page.getByText('No offline code of this credential is still valid.')).toBeVisible()

  // Generate its code: the shown code names the lock and a year's window, in the place's zone.
  await page.goto(`/credentials/edit/${id}?code=1`)
  const offer = dialog(page, 'Generate offline code')
  await expect(offer.getByRole('button', { name: 'Generate code' })).toBeFocused()
  await page.keyboard.press('Enter')
  const shown = dialog(page, 'Offline code')
  await expect(shown.getByLabel(/^PIN:/)).toHaveText(/^\d{3} \d{3}$/)
  await expect(shown.getByTestId('code-window')).toHaveText(
    new RegExp(
      `^On ${online.name}, valid \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d – \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d, .+ time$`,
    ),
  )
  await expect(shown).toContainText('A permanent credential’s code lasts one year')
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')

  const codes = page.getByRole('list', { name: 'Offline codes still valid' })
  await expect(codes.getByRole('listitem')).toHaveCount(1)
  await expect(codes).toContainText(`on ${online.name}`)
  const reissue = codes.getByRole('button', { name: 'Reissue code' })
  await reissue.focus()
  await page.keyboard.press('Enter')
  const ask = dialog(page, `Reissue the offline code of credential ${id}?`)
  await expect(ask.getByRole('button', { name: 'Reissue' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`New code made for credential ${id}`)).toBeVisible()
  // The old code is withdrawn at the connected lock; the new one stays.
  await expect(codes.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 })
  await expect(codes.getByText('Withdrawal waits for the lock')).toHaveCount(0, {
    timeout: 15_000,
  })
  await expectNoSeriousA11yViolations(page)
  await useDarkTheme(page)
  await expectNoSeriousA11yViolations(page)
})

test('a lock that is not connected keeps it pending; the list filters it; in German too', async ({
  page,
}) => {
  allowAxeTime()
  const { offline, online, credential } = await seed(page)
  const waiting = await credential(offline)
  const settled = await credential(online)
  await page.goto(`/credentials/edit/${waiting}`)
  const item = page.getByRole('list', { name: 'On the locks' }).getByRole('listitem').first()
  await expect(item).toContainText('Pending')
  await expect(item).toContainText('Not connected: waits until the lock is seen.')

  // The list's filter, by keyboard: Space checks it.
  await page.goto(`/credentials/edit/${settled}`)
  await expect(
    page.getByRole('list', { name: 'On the locks' }).getByRole('listitem').first(),
  ).toContainText('On the lock', { timeout: 15_000 })
  await page.goto('/credentials')
  const filter = page.getByRole('checkbox', { name: 'Not on every lock yet' })
  await filter.focus()
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/sync=unsettled/)
  const grid = page.getByRole('grid', { name: 'Credentials' })
  await expect(
    grid.getByRole('link', { name: `Edit credential ${waiting}`, exact: true }),
  ).toHaveCount(1)
  await expect(
    grid.getByRole('link', { name: `Edit credential ${settled}`, exact: true }),
  ).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('checkbox', { name: 'Noch nicht auf jedem Schloss' })).toBeChecked()
  await page.goto(`/credentials/edit/${waiting}`)
  await expect(
    page.getByRole('list', { name: 'Auf den Schlössern' }).getByRole('listitem').first(),
  ).toContainText('Ausstehend')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /Kontomenü/ }).click()
  await page.getByRole('menuitem', { name: 'Zum dunklen Design wechseln' }).click()
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
  await expectNoSeriousA11yViolations(page)
})

test('a lock’s page lists what it holds, and rotating its offline key ends its codes', async ({
  page,
}) => {
  allowAxeTime()
  const { online, credential } = await seed(page)
  const id = await credential(online)
  await api(page, 'POST', `/access/v1/devices/${online.device_id}/set/create_pin`, {
    data: {
      start_date: new Date().toISOString(),
      end_date: new Date(Date.now() + 86_400_000).toISOString(),
      manufacturer_id: (
        await api<{ manufacturer_id: number }>(page, 'GET', `/sbm/v1/devices/${online.device_id}`)
      ).manufacturer_id,
      device_id_manufacturer: (
        await api<{ device_id_manufacturer: string }>(
          page,
          'GET',
          `/sbm/v1/devices/${online.device_id}`,
        )
      ).device_id_manufacturer,
      credential_id: id,
    },
  })
  await page.goto(`/devices/view/${online.device_id}`)
  const holds = page.getByRole('list', { name: 'What this lock holds' })
  await expect(holds.getByRole('listitem').filter({ hasText: demo.staff }).first()).toBeVisible()
  const codes = page.getByRole('list', { name: 'Offline codes still valid' })
  await expect(codes.getByRole('listitem')).not.toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // Destructive: the confirmation starts on Cancel; Tab reaches Rotate key.
  await page.getByRole('button', { name: 'Rotate offline key' }).focus()
  await page.keyboard.press('Enter')
  const ask = dialog(page, `Rotate the offline key of ${online.name}?`)
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await ask.getByRole('button', { name: 'Rotate key' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Offline key of ${online.name} rotated.`)).toBeVisible()
  await expect(codes).toHaveCount(0)
  await expect(page.getByText(/^Offline key version \d+$/)).toBeVisible()
  await page.goto(`/credentials/edit/${id}`)
  await expect(page.getByText('No offline code of this credential is still valid.')).toBeVisible()
})

test('Needs attention lists a code ending within 14 days, and Reissue from there makes a new one, by keyboard', async ({
  page,
}) => {
  allowAxeTime()
  const { online } = await seed(page)
  const staff = await api<{ data: { user_id: number }[] }>(
    page,
    'GET',
    `/org/v1/users?search=${encodeURIComponent(demo.staff)}`,
  )
  // A credential that ends in ten days, and its code on the lock: the code ends with it.
  const ending = new Date(Date.now() + 10 * 86_400_000)
  const fresh = await api<{ credential_id: number }>(page, 'POST', '/access/v1/credentials', {
    user_id: staff.data[0]?.user_id,
    assignment_type: 'device',
    assignment_id: online.device_id,
    start_datetime: new Date(Date.now() - 86_400_000).toISOString(),
    end_datetime: ending.toISOString(),
    permanent: false,
  })
  const id = fresh.credential_id
  created.push(id)
  const device = await api<{ manufacturer_id: number; device_id_manufacturer: string }>(
    page,
    'GET',
    `/sbm/v1/devices/${online.device_id}`,
  )
  await api(page, 'POST', `/access/v1/devices/${online.device_id}/set/create_pin`, {
    data: {
      start_date: new Date().toISOString(),
      end_date: ending.toISOString(),
      manufacturer_id: device.manufacturer_id,
      device_id_manufacturer: device.device_id_manufacturer,
      credential_id: id,
    },
  })

  await page.goto('/')
  const line = page.getByRole('link', {
    name: new RegExp(`${demo.staff}.*Reissue: code on ${online.name} ends`),
  })
  await expect(line.first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await line.first().focus()
  await page.keyboard.press('Enter')
  // The link asks for Reissue on the credential's page; the page takes the ask from its address.
  await expect(page).toHaveURL(new RegExp(`/credentials/edit/${id}$`))
  const ask = dialog(page, `Reissue the offline code of credential ${id}?`)
  await expect(ask.getByRole('button', { name: 'Reissue' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`New code made for credential ${id}`)).toBeVisible()
  const codes = page.getByRole('list', { name: 'Offline codes still valid' })
  await expect(codes.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 })
})
