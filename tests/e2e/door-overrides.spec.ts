import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { setClock, takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import { api } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  stepUpByPassword,
  useDarkTheme,
} from './helpers/session'

// Issue 65, a door kept unlocked by hand "until 18:00" (decision 069): the palette's verb on a
// door, the dialog on the place's clock, the lock unlocked at once and locked again by the mode
// job once the server's clock passes the end; axe on the dialog in both themes and languages.

// On the server whose clock the specs move (helpers/expiry-server.ts, clockPort).
test.use({ baseURL: `http://127.0.0.1:${clockPort(Number(process.env.E2E_PORT ?? 8181))}` })
test.describe.configure({ mode: 'serial' })

// Wednesday 9 June 2027 at 10:00 in Berlin (CEST, UTC+2), and 18:01 the same day.
const WEDNESDAY_10 = '2027-06-09T08:00:00.000Z'
const WEDNESDAY_1801 = '2027-06-09T16:01:00.000Z'

const DOCK = 'Loading dock'
const DOCK_LOCK = 'Lock – Loading dock'

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

type DeviceRow = { device_id: number; name: string; current_status: { lock_state: string | null } }

async function dockLock(page: Page): Promise<DeviceRow> {
  const found = await api<{ data: DeviceRow[] }>(
    page,
    'GET',
    `/sbm/v1/devices?search=${encodeURIComponent(DOCK_LOCK)}&length=10`,
  )
  const lock = found.data.find((device) => device.name === DOCK_LOCK)
  if (!lock) throw new Error('the seed has no lock on the loading dock')
  return lock
}

const lockState = async (page: Page) => (await dockLock(page)).current_status.lock_state

takeTurnsOnTheClock()

test('"unlock until loading dock" by keyboard: unlocked now, locked by the job after 18:00 of the place', async ({
  page,
}) => {
  await setClock(page, WEDNESDAY_10)
  await signInByKeyboard(page, demo.orgadmin)

  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('unlock until loading dock')
  await expect(palette(page).getByText('Searching…')).toBeHidden()
  const verb = palette(page).getByRole('group', { name: 'Unlock until…' })
  await expect(verb.getByRole('option').first()).toContainText(DOCK)
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: `Unlock ${DOCK} until…` })
  await expect(dialog.getByLabel('Reason')).toBeFocused()
  // Prefilled today 18:00 of the place, whose zone it names.
  await expect(dialog.getByLabel('Date')).toHaveValue('2027-06-09')
  await expect(dialog.getByLabel('Time')).toHaveValue('18:00')
  await expect(dialog).toContainText('Europe/Berlin')
  // Without a reason the check names the field and keeps the end.
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Required.')).toBeVisible()
  await expect(dialog.getByLabel('Time')).toHaveValue('18:00')
  await dialog.getByLabel('Reason').focus()
  await page.keyboard.type('Delivery of the new desks')
  await page.keyboard.press('Enter')

  // The confirmation says what the door does at the end, and starts on its confirming button.
  await expect(dialog).toContainText(/Unlocked until .*18:00, then locked/)
  const confirm = dialog.getByRole('button', { name: /^Unlock until .*18:00/ })
  await expect(confirm).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(new RegExp(`${DOCK} unlocked until .*18:00`))).toBeVisible()
  await expect(dialog).toBeHidden()

  // The job commands the lock now, and locks it again once the place's clock passes 18:00.
  await expect.poll(() => lockState(page), { timeout: 30_000 }).toBe('unlocked')
  await setClock(page, WEDNESDAY_1801)
  await expect.poll(() => lockState(page), { timeout: 60_000 }).toBe('locked')

  // The lock's page shows it locked, with the door's override buttons.
  const lock = await dockLock(page)
  await page.goto(`/devices/view/${lock.device_id}`)
  await expect(page.getByRole('group', { name: `Override of ${DOCK}` })).toBeVisible()

  // The journal holds the override and the job's two commands to the lock (unlock, then lock).
  await page.goto('/journal')
  const rows = page.getByRole('row')
  await expect(
    rows.filter({ hasText: demo.orgadmin }).filter({ hasText: 'Door override' }),
  ).toHaveCount(1)
  await expect(
    rows.filter({ hasText: 'system:door-modes' }).filter({ hasText: DOCK_LOCK }),
  ).toHaveCount(2)
})

test('the override dialog passes axe in both themes, in English and German', async ({ page }) => {
  allowAxeTime()
  await setClock(page, WEDNESDAY_10)
  await signIn(page, demo.orgadmin)
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await useDarkTheme(page)
    for (const language of ['en', 'de'] as const) {
      if (language === 'de') {
        await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
        await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog')).toHaveCount(0)
      }
      const results = page.getByRole('dialog', {
        name: language === 'en' ? 'Command palette' : 'Befehlspalette',
      })
      await page.keyboard.press('ControlOrMeta+k')
      await expect(results.getByRole('combobox')).toBeFocused()
      await page.keyboard.type(
        language === 'en' ? 'unlock until loading' : 'entriegeln bis loading',
      )
      await expect(results.getByRole('option').first()).toContainText(DOCK)
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', {
        name: language === 'en' ? `Unlock ${DOCK} until…` : `${DOCK} entriegeln bis…`,
      })
      await expect(dialog.getByLabel(language === 'en' ? 'Reason' : 'Grund')).toBeFocused()
      await expectNoSeriousA11yViolations(page)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      if (language === 'de') {
        await page.getByTestId('sidebar').getByRole('button', { name: 'Einstellungen' }).click()
        await page.getByRole('dialog', { name: 'Einstellungen' }).getByLabel('English').click()
        await page.keyboard.press('Escape')
      }
    }
  }
})

const ENTRANCE = 'Main entrance'
const ENTRANCE_LOCK = 'Lock – Main entrance'
// The next day (the first test's override lasts until Wednesday 18:00): Thursday 10 June 2027 at
// 10:00 and 11:30 in Berlin, the dock's override below ending between them, at 11:00.
const THURSDAY_10 = '2027-06-10T08:00:00.000Z'
const THURSDAY_1130 = '2027-06-10T09:30:00.000Z'

async function stateOf(page: Page, name: string) {
  const found = await api<{ data: DeviceRow[] }>(
    page,
    'GET',
    `/sbm/v1/devices?search=${encodeURIComponent(name)}&length=10`,
  )
  const device = found.data.find((row) => row.name === name)
  if (!device) throw new Error(`the seed has no ${name}`)
  return device
}

test('a lockdown of Acme HQ locks the entrance in its hours and refuses an unlock override; after the two-person release the entrance follows its schedule and the dock, whose override ended meanwhile, stays locked', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow()
  await setClock(page, THURSDAY_10)
  await signIn(page, demo.orgadmin)
  const doors = await api<{ data: { door_id: number; name: string }[] }>(
    page,
    'GET',
    '/sbm/v1/doors?length=500',
  )
  const doorNamed = (name: string) => {
    const door = doors.data.find((d) => d.name === name)
    if (!door) throw new Error(`the seed has no door ${name}`)
    return door
  }
  const [entrance, dock] = [doorNamed(ENTRANCE), doorNamed(DOCK)]
  const schedules = await api<{ data: { schedule_id: number; name: string }[] }>(
    page,
    'GET',
    '/access/v1/schedules?search=Office%20hours&length=10',
  )
  const officeHours = schedules.data.find((s) => s.name === 'Office hours')
  if (!officeHours) throw new Error('the seed has no schedule Office hours')
  const acme = await api<{ data: { location_id: number; name: string }[] }>(
    page,
    'GET',
    '/sbm/v1/locations?search=Acme%20HQ&length=10',
  )
  const hq = acme.data.find((l) => l.name === 'Acme HQ')
  if (!hq) throw new Error('the seed has no Acme HQ')
  const lockState = async (name: string) => (await stateOf(page, name)).current_status.lock_state

  await api(page, 'PUT', `/sbm/v1/doors/${entrance.door_id}/mode`, {
    schedule_id: officeHours.schedule_id,
  })
  try {
    await api(page, 'POST', `/sbm/v1/doors/${dock.door_id}/override`, {
      mode: 'unlocked',
      until: '2027-06-10T11:00',
      reason: 'Delivery before noon',
    })
    await expect.poll(() => lockState(ENTRANCE_LOCK), { timeout: 30_000 }).toBe('unlocked')
    await expect.poll(() => lockState(DOCK_LOCK), { timeout: 30_000 }).toBe('unlocked')

    // Admin locks Acme HQ down: both locks are locked, whatever their layers below say.
    const admin = await browser.newPage({ baseURL })
    await signIn(admin, demo.admin)
    const lockdown = await api<{ lockdown_id: number }>(admin, 'POST', '/sbm/v1/lockdowns', {
      scope_type: 'location',
      scope_id: hq.location_id,
      reason: 'Door mode drill',
    })
    await expect.poll(() => lockState(ENTRANCE_LOCK), { timeout: 30_000 }).toBe('locked')
    await expect.poll(() => lockState(DOCK_LOCK), { timeout: 30_000 }).toBe('locked')

    // The entrance's lock page says why: the lockdown, above its schedule.
    const lock = await stateOf(page, ENTRANCE_LOCK)
    await page.goto(`/devices/view/${lock.device_id}`)
    const panel = page.getByTestId('door-mode')
    await expect(panel.getByRole('heading', { name: `Why is ${ENTRANCE} locked?` })).toBeVisible()
    await expect(panel.getByTestId('door-mode-layer')).toContainText('Lockdown')
    await expect(panel).toContainText('Office hours')

    // Nobody sets an unlock override during a lockdown: refused in the lockdown's words.
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type('unlock until main entrance')
    await expect(palette(page).getByText('Searching…')).toBeHidden()
    await expect(
      palette(page).getByRole('group', { name: 'Unlock until…' }).getByRole('option').first(),
    ).toContainText(ENTRANCE)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `Unlock ${ENTRANCE} until…` })
    await expect(dialog.getByLabel('Reason')).toBeFocused()
    await page.keyboard.type('Visitors')
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: /^Unlock until/ }).press('Enter')
    const refused = page.getByRole('dialog', { name: 'Not saved' })
    await expect(refused.getByRole('alert')).toHaveText(/^Refused: lockdown of Acme HQ started by /)
    await refused.getByRole('button', { name: 'Cancel' }).press('Enter')
    await expect(refused).toBeHidden()

    // The dock's override ends while the lockdown holds; then two people release it.
    await setClock(page, THURSDAY_1130)
    // A release needs a check within 5 minutes of the server's clock, which moved 90 minutes on
    // since these sign-ins: each confirms with their password first, as the console would ask.
    await stepUpByPassword(admin)
    await stepUpByPassword(page)
    await api(admin, 'POST', `/sbm/v1/lockdowns/${lockdown.lockdown_id}/release`, {
      reason: 'Drill over',
    })
    await api(page, 'POST', `/sbm/v1/lockdowns/${lockdown.lockdown_id}/release/approve`)
    await admin.close()

    // Each door returns to what its layers say, not to "unlocked".
    await expect.poll(() => lockState(ENTRANCE_LOCK), { timeout: 60_000 }).toBe('unlocked')
    await expect.poll(() => lockState(DOCK_LOCK), { timeout: 60_000 }).toBe('locked')
    await page.reload()
    await expect(panel.getByRole('heading', { name: `Why is ${ENTRANCE} unlocked?` })).toBeVisible()
  } finally {
    await api(page, 'DELETE', `/sbm/v1/doors/${entrance.door_id}/mode`)
  }
})
