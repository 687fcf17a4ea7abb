import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { api, pick, tabTo } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signInByKeyboard,
  storedTokens,
  useDarkTheme,
} from './helpers/session'

// Issue 65, the console's half (decision 069): org admin gives Acme HQ's "Main entrance" the
// seeded "Office hours" as its unlock schedule, then first person in from "Reception team", by
// keyboard alone through the palette's verb on the door and its dialog; the lock's page answers
// "Why is Main entrance locked/unlocked?" with the week's changes on the place's clock
// (Europe/Berlin) while the browser keeps New York's; axe in both themes, in English and German.
// The schedule is removed at the end (by the panel's button), so the door is as the seed left it.

const DOOR = 'Main entrance'
const LOCK = 'Lock – Main entrance'

// A browser on another clock than the place's: the panel must show Berlin's hours, not these.
test.use({ timezoneId: 'America/New_York' })

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

/**
 * Types `text` into the palette, waits for the server's results, moves down to the first row of
 * `section` whose title is `title` (a lock's name also reads as the verb "Lock") and runs it.
 */
async function paletteRun(page: Page, text: string, section: string, title: string) {
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type(text)
  await expect(palette(page).getByText('Searching…')).toBeHidden()
  const row = palette(page)
    .getByRole('group', { name: section })
    .getByRole('option')
    .filter({ hasText: title })
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

test('an unlock schedule with first person in, set by keyboard from the palette; the week on the place’s clock; axe in both themes and languages', async ({
  page,
}) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.orgadmin)
  const doors = await api<{ data: { door_id: number; name: string }[] }>(
    page,
    'GET',
    `/sbm/v1/doors?search=${encodeURIComponent(DOOR)}&length=10`,
  )
  const door = doors.data.find((d) => d.name === DOOR)
  if (!door) throw new Error(`the seed has no door ${DOOR}`)

  // The lock's page: it follows its door, which has no unlock schedule yet.
  await paletteRun(page, LOCK, 'Devices', LOCK)
  await expect(page).toHaveURL(/\/devices\/view\/\d+$/)
  const panel = page.getByTestId('door-mode')
  await expect(panel.getByRole('heading', { name: `Why is ${DOOR} locked?` })).toBeVisible()
  await expect(panel.getByTestId('door-mode-layer')).toHaveText('No unlock schedule: locked')

  // "set unlock schedule main entrance": the verb on the door, its dialog, Office hours.
  await paletteRun(page, `set unlock schedule ${DOOR}`, 'Set unlock schedule…', DOOR)
  let dialog = page.getByRole('dialog', { name: `Unlock schedule of ${DOOR}` })
  await expect(dialog).toBeVisible()
  const schedule = dialog.getByRole('combobox', { name: /^Schedule/ })
  await tabTo(page, schedule)
  await pick(page, 'Office', 'Office hours')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${DOOR} follows Office hours now.`)).toBeVisible()

  // The week: Office hours are Mon–Fri 07:00–19:00 in Berlin, whatever the browser's clock says.
  await expect(panel.getByText('Times in Europe/Berlin.')).toBeVisible()
  const changes = panel.getByTestId('door-mode-changes').getByRole('listitem')
  await expect(changes.first()).toBeVisible()
  const lines = await changes.allTextContents()
  for (const line of lines)
    expect(line).toMatch(
      /^\w{3}, \w{3} \d{1,2}, (07:00 AM: unlocked|07:00 PM: locked) · Unlock schedule Office hours$/,
    )
  expect(lines.length).toBeGreaterThanOrEqual(6)
  await expect(panel.getByRole('link', { name: 'Office hours' }).first()).toBeVisible()

  // The timeline is one tab stop: → and End move from change to change, each named.
  const timeline = panel.getByRole('listbox', { name: /Mode changes in the next 7 days/ })
  const markers = timeline.getByRole('option')
  await tabTo(page, markers.first())
  await expect(markers.first()).toHaveAttribute('aria-label', lines[0] ?? '')
  await page.keyboard.press('ArrowRight')
  await expect(markers.nth(1)).toBeFocused()
  await expect(markers.nth(1)).toHaveAttribute('aria-label', lines[1] ?? '')
  await page.keyboard.press('End')
  await expect(markers.last()).toBeFocused()
  await page.keyboard.press('Home')
  await expect(markers.first()).toBeFocused()
  await expectNoSeriousA11yViolations(page)

  // First person in from Reception team: the panel's button opens the dialog on what is set.
  await tabTo(page, panel.getByRole('button', { name: 'Set unlock schedule…' }), 'Shift+Tab')
  await page.keyboard.press('Enter')
  dialog = page.getByRole('dialog', { name: `Unlock schedule of ${DOOR}` })
  await expect(dialog.getByRole('combobox', { name: /^Schedule/ })).toHaveValue('Office hours')
  await tabTo(page, dialog.getByRole('combobox', { name: /^First person in/ }))
  await pick(page, 'Reception', 'Reception team')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Set unlock schedule…' })).toBeFocused()
  await expect(panel).toContainText(
    'Unlock schedule: Office hours, first person in from Reception team',
  )
  // Inside the hours it waits for the team; outside them the schedule keeps it locked.
  await expect(panel.getByTestId('door-mode-layer')).toHaveText(
    /^Unlock schedule Office hours: (waiting for the first person in from Reception team|locked outside its hours)$/,
  )
  // The week still shows when the door will open: each working day's 07:00 waits for the team.
  await expect(
    changes.filter({
      hasText:
        /07:00 AM: waiting for the first person in from Reception team · Unlock schedule Office hours$/,
    }),
  ).not.toHaveCount(0)
  const setting = await api<{ schedule_name: string; first_person_in_group_name: string }>(
    page,
    'GET',
    `/sbm/v1/doors/${door.door_id}/mode`,
  )
  expect(setting).toMatchObject({
    schedule_name: 'Office hours',
    first_person_in_group_name: 'Reception team',
  })
  await expectNoSeriousA11yViolations(page)

  await useDarkTheme(page)
  await expectNoSeriousA11yViolations(page)

  // In German, still dark, then light.
  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel.getByRole('heading', { name: `Warum ist ${DOOR} verriegelt?` })).toBeVisible()
  await expect(panel).toContainText('Zeiten in Europe/Berlin.')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /Kontomenü/ }).click()
  await page.getByRole('menuitem', { name: 'Zum hellen Design wechseln' }).click()
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'light')
  await expectNoSeriousA11yViolations(page)

  // Removed again, by keyboard: the confirmation starts on Cancel (it cannot be taken back).
  const remove = panel.getByRole('button', { name: 'Entriegelungszeitplan entfernen' })
  await tabTo(page, remove)
  await page.keyboard.press('Enter')
  const ask = page.getByRole('dialog', {
    name: `Entriegelungszeitplan von ${DOOR} entfernen?`,
  })
  await expect(ask.getByRole('button', { name: 'Abbrechen' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(panel.getByTestId('door-mode-layer')).toHaveText(
    'Kein Entriegelungszeitplan: verriegelt',
  )
})

test('the tree’s door row shows its mode now, the picked door its panel, and the dashboard the override', async ({
  page,
}) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.orgadmin)
  const doors = await api<{ data: { door_id: number; name: string; location_id: number }[] }>(
    page,
    'GET',
    `/sbm/v1/doors?search=${encodeURIComponent(DOOR)}&length=10`,
  )
  const door = doors.data.find((d) => d.name === DOOR)
  if (!door) throw new Error(`the seed has no door ${DOOR}`)
  const schedules = await api<{ data: { schedule_id: number; name: string }[] }>(
    page,
    'GET',
    '/access/v1/schedules?search=Office&length=10',
  )
  const office = schedules.data.find((s) => s.name === 'Office hours')
  if (!office) throw new Error('the seed has no schedule Office hours')
  await api(page, 'PUT', `/sbm/v1/doors/${door.door_id}/mode`, { schedule_id: office.schedule_id })
  // An override unlocking the door for the next two hours, set through the API as another admin
  // would; the dashboard lists it, the tree's row says until when.
  const until = new Date(Date.now() + 2 * 3_600_000).toISOString()
  const { access } = await storedTokens(page)
  const override = await page.request.post(`/sbm/v1/doors/${door.door_id}/override`, {
    headers: { Authorization: `Bearer ${access}`, 'Idempotency-Key': `dm-ui-${Date.now()}` },
    data: { mode: 'unlocked', until, reason: 'Delivery expected' },
  })
  expect(override.status()).toBe(201)

  try {
    await page.goto('/')
    const overridden = page.getByTestId('attention-door-overrides')
    await expect(overridden).toContainText(DOOR)
    await expect(overridden).toContainText('Delivery expected')
    await expect(overridden.getByRole('link').filter({ hasText: DOOR })).toHaveAttribute(
      'href',
      `/locations/view/${door.location_id}`,
    )
    await expectNoSeriousA11yViolations(page)

    await page.goto(`/locations/view/${door.location_id}`)
    const tree = page.getByRole('tree')
    await tree
      .getByRole('treeitem', { name: /Ground floor Reception/ })
      .first()
      .click()
    const row = tree.getByRole('treeitem', { name: new RegExp(DOOR) })
    await expect(row.getByTestId('door-mode-badge')).toHaveText(/^Unlocked · override until /)
    await row.click()
    const panel = page.getByTestId('door-mode')
    await expect(panel.getByRole('heading', { name: `Why is ${DOOR} unlocked?` })).toBeVisible()
    await expect(panel.getByTestId('door-mode-layer')).toContainText(
      `Override Delivery expected: Unlocked until`,
    )
    await expect(panel.getByTestId('door-mode-layer')).toContainText(`set by ${demo.orgadmin}`)
    await expect(panel.getByTestId('door-mode-under')).toContainText('Unlock schedule Office hours')
    await expectNoSeriousA11yViolations(page)

    // A refused save keeps what was chosen and says why at its field.
    const modePath = `**/sbm/v1/doors/${door.door_id}/mode`
    await page.route(modePath, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'conflict',
              message: 'Not a schedule of the door’s organization.',
              field: 'schedule_id',
              rule: 'conflict',
              params: { subject: 'schedule' },
            }),
          })
        : route.continue(),
    )
    await panel.getByRole('button', { name: 'Set unlock schedule…' }).click()
    const dialog = page.getByRole('dialog', { name: `Unlock schedule of ${DOOR}` })
    const schedule = dialog.getByRole('combobox', { name: /^Schedule/ })
    await expect(schedule).toHaveValue('Office hours')
    await dialog.getByRole('button', { name: 'Save schedule' }).click()
    await expect(schedule).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog).toContainText('The server refused this change because of other data.')
    await expect(schedule).toHaveValue('Office hours')
    await expect(dialog).toBeVisible()
    await page.unroute(modePath)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  } finally {
    const end = await page.request.delete(`/sbm/v1/doors/${door.door_id}/override`, {
      headers: { Authorization: `Bearer ${access}`, 'Idempotency-Key': `dm-ui-end-${Date.now()}` },
    })
    expect(end.status()).toBe(204)
    await api(page, 'DELETE', `/sbm/v1/doors/${door.door_id}/mode`)
  }
})
