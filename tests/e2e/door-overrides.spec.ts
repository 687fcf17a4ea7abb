import { expect, test, type Page } from '@playwright/test'
import { DEV_CLOCK_PATH } from '../../src/contract/dev-clock'
import { clockPort } from './helpers/expiry-server'
import { api } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
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

/** Moves the server's clock (null: back to the real time); the server answers its own machine. */
async function setClock(page: Page, at: string | null) {
  const response = await page.request.post(DEV_CLOCK_PATH, { data: { at } })
  expect(response.ok(), `clock to ${at}: ${response.status()}`).toBe(true)
}

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

test.afterEach(async ({ page }) => {
  await setClock(page, null)
})

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
