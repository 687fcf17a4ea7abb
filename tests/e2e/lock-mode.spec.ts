import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { setClock, takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import { api, pick, tabTo } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  storedTokens,
  useDarkTheme,
} from './helpers/session'

// Issue 65, a lock with no door keeps its own mode (decision 072): the seeded cupboard lock in
// Acme HQ's ground-floor reception gets "Office hours" by keyboard from the palette's verb on the
// lock; its page answers "Why is … locked?" with the week on the place's clock; "Unlock until…"
// from the panel unlocks it through the mode job, "End override" gives it back to its hours; axe
// in both themes, in English and German. The schedule is removed at the end.

// On the server whose clock the specs move (helpers/expiry-server.ts, clockPort).
test.use({
  baseURL: `http://127.0.0.1:${clockPort(Number(process.env.E2E_PORT ?? 8181))}`,
  timezoneId: 'America/New_York',
})
test.describe.configure({ mode: 'serial' })

const LOCK = 'Lock – Reception cupboard'
// Wednesday 9 June 2027 at 06:00 in Berlin (CEST): before Office hours open at 07:00.
const WEDNESDAY_06 = '2027-06-09T04:00:00.000Z'

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

type DeviceRow = { device_id: number; name: string; current_status: { lock_state: string | null } }

async function cupboard(page: Page): Promise<DeviceRow> {
  const found = await api<{ data: DeviceRow[] }>(
    page,
    'GET',
    `/sbm/v1/devices?search=${encodeURIComponent(LOCK)}&length=10`,
  )
  const lock = found.data.find((device) => device.name === LOCK)
  if (!lock) throw new Error(`the seed has no ${LOCK}`)
  return lock
}

/** Types `text` into the palette and runs the first row of `section` that names the lock. */
async function paletteRun(page: Page, text: string, section: string) {
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type(text)
  await expect(palette(page).getByText('Searching…')).toBeHidden()
  const row = palette(page)
    .getByRole('group', { name: section })
    .getByRole('option')
    .filter({ hasText: LOCK })
    .first()
  await expect(row).toBeVisible()
  for (let presses = 0; presses < 20; presses += 1) {
    if ((await row.getAttribute('aria-selected')) === 'true') break
    await page.keyboard.press('ArrowDown')
  }
  await expect(row).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()
}

/** Removes the lock's own schedule (a run before may have left one). */
async function removeSchedule(page: Page, deviceId: number) {
  const found = await page.request.get(`/sbm/v1/devices/${deviceId}/mode`, {
    headers: { Authorization: `Bearer ${(await storedTokens(page)).access}` },
  })
  if (found.ok()) await api(page, 'DELETE', `/sbm/v1/devices/${deviceId}/mode`)
}

takeTurnsOnTheClock()

test('"set unlock schedule cupboard" by keyboard: the lock’s week, then unlocked until a time and the override ended', async ({
  page,
}) => {
  allowAxeTime()
  await setClock(page, WEDNESDAY_06)
  await signInByKeyboard(page, demo.orgadmin)
  const lock = await cupboard(page)
  await removeSchedule(page, lock.device_id)
  try {
    // The lock's page: no door, so a mode of its own, none yet.
    await paletteRun(page, LOCK, 'Devices')
    await expect(page).toHaveURL(new RegExp(`/devices/view/${lock.device_id}$`))
    const panel = page.getByTestId('door-mode')
    await expect(panel.getByRole('heading', { name: `Why is ${LOCK} locked?` })).toBeVisible()
    await expect(panel).toContainText(
      'No unlock schedule: the lock stays locked unless someone unlocks it.',
    )

    // "set unlock schedule cupboard": the verb on the lock, its dialog, Office hours.
    await paletteRun(page, 'set unlock schedule cupboard', 'Set unlock schedule…')
    const dialog = page.getByRole('dialog', { name: `Unlock schedule of ${LOCK}` })
    await expect(dialog).toBeVisible()
    await tabTo(page, dialog.getByRole('combobox', { name: /^Schedule/ }))
    await pick(page, 'Office', 'Office hours')
    await page.keyboard.press('ControlOrMeta+Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByText(`${LOCK} follows Office hours now.`)).toBeVisible()

    // The week on Berlin's clock: it opens at 07:00 and locks at 19:00 on working days.
    await expect(panel.getByText('Times in Europe/Berlin.')).toBeVisible()
    await expect(panel.getByTestId('door-mode-layer')).toHaveText(
      'Unlock schedule Office hours: locked outside its hours',
    )
    const changes = panel.getByTestId('door-mode-changes').getByRole('listitem')
    await expect(changes.first()).toHaveText(
      'Wed, Jun 9, 07:00 AM: unlocked · Unlock schedule Office hours',
    )
    const lines = await changes.allTextContents()
    expect(lines.length).toBeGreaterThanOrEqual(6)
    const timeline = panel.getByRole('listbox', { name: /Mode changes in the next 7 days/ })
    const markers = timeline.getByRole('option')
    await tabTo(page, markers.first())
    await page.keyboard.press('ArrowRight')
    await expect(markers.nth(1)).toBeFocused()
    await expect(markers.nth(1)).toHaveAttribute('aria-label', lines[1] ?? '')
    const setting = await api<{ device_id: number; door_id: number | null }>(
      page,
      'GET',
      `/sbm/v1/devices/${lock.device_id}/mode`,
    )
    expect(setting).toMatchObject({ device_id: lock.device_id, door_id: null })
    await expectNoSeriousA11yViolations(page)

    // "Unlock until…" from the panel: prefilled 18:00 of the place, a reason, confirmed.
    await tabTo(page, panel.getByRole('button', { name: 'Unlock until…' }), 'Shift+Tab')
    await page.keyboard.press('Enter')
    const override = page.getByRole('dialog', { name: `Unlock ${LOCK} until…` })
    await expect(override.getByLabel('Reason')).toBeFocused()
    await expect(override.getByLabel('Time')).toHaveValue('18:00')
    await page.keyboard.type('Stock take')
    await page.keyboard.press('Enter')
    await expect(override).toContainText(/Unlocked until .*18:00, then unlocked by its schedule/)
    await expect(override.getByRole('button', { name: /^Unlock until .*18:00/ })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(override).toBeHidden()
    await expect(panel.getByRole('heading', { name: `Why is ${LOCK} unlocked?` })).toBeVisible()
    // The mode job sends the unlock through the one command path.
    await expect
      .poll(async () => (await cupboard(page)).current_status.lock_state, { timeout: 30_000 })
      .toBe('unlocked')

    // "End override": the lock is back in its hours' answer (locked before 07:00).
    await tabTo(page, panel.getByRole('button', { name: 'End override on' }))
    await page.keyboard.press('Enter')
    const end = page.getByRole('dialog', { name: `End the override on ${LOCK}?` })
    await expect(end).toContainText('locked by its schedule “Office hours”')
    // It can be set again: the confirmation starts on its confirming button.
    await expect(end.getByRole('button', { name: 'End override' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText(`Override on ${LOCK} ended.`)).toBeVisible()
    await expect(end).toBeHidden()
    await expect(panel.getByRole('heading', { name: `Why is ${LOCK} locked?` })).toBeVisible()
    await expect
      .poll(async () => (await cupboard(page)).current_status.lock_state, { timeout: 30_000 })
      .toBe('locked')
  } finally {
    await removeSchedule(page, lock.device_id)
  }
})

test('the lock’s mode panel passes axe in both themes, in English and German', async ({ page }) => {
  allowAxeTime()
  await setClock(page, WEDNESDAY_06)
  await signIn(page, demo.orgadmin)
  const lock = await cupboard(page)
  const schedules = await api<{ data: { schedule_id: number; name: string }[] }>(
    page,
    'GET',
    '/access/v1/schedules?search=Office%20hours&length=10',
  )
  const office = schedules.data.find((s) => s.name === 'Office hours')
  if (!office) throw new Error('the seed has no schedule Office hours')
  await api(page, 'PUT', `/sbm/v1/devices/${lock.device_id}/mode`, {
    schedule_id: office.schedule_id,
  })
  try {
    await page.goto(`/devices/view/${lock.device_id}`)
    const panel = page.getByTestId('door-mode')
    await expect(panel.getByRole('heading', { name: `Why is ${LOCK} locked?` })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await useDarkTheme(page)
    await expectNoSeriousA11yViolations(page)
    await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
    await page.keyboard.press('Escape')
    await expect(
      panel.getByRole('heading', { name: `Warum ist ${LOCK} verriegelt?` }),
    ).toBeVisible()
    await expect(panel).toContainText('Zeiten in Europe/Berlin.')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: /Kontomenü/ }).click()
    await page.getByRole('menuitem', { name: 'Zum hellen Design wechseln' }).click()
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'light')
    await expectNoSeriousA11yViolations(page)
  } finally {
    await api(page, 'DELETE', `/sbm/v1/devices/${lock.device_id}/mode`)
  }
})
