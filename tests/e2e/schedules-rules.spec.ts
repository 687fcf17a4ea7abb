import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  storedTokens,
  useDarkTheme,
} from './helpers/session'
import { pick, tabTo } from './helpers/keyboard'

// Schedules, calendars of exceptions and access rules end to end against the real server (issue
// 64, decision 065). An org admin, by keyboard alone, makes the schedule "Business hours" in the
// week editor, a calendar "Holidays 2027" with Berlin's public holidays, attaches it, and gives
// the seeded group "Reception team" Acme HQ's ground floor in those hours; axe in both themes, in
// English and German.

const stamp = () => `${Date.now()}`.slice(-7)

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

/** Opens the palette, types `text` and runs the option it selects first: `name`. */
async function run(page: Page, text: string, name: string | RegExp) {
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type(text)
  const option = palette(page).locator('[role="option"][aria-selected="true"]')
  await expect(option).toContainText(name)
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()
}

async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key)
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const { access } = await storedTokens(page)
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${access}` } })
  expect(response.status(), `GET ${path}`).toBe(200)
  return (await response.json()) as T
}

const idIn = (page: Page, kind: string) =>
  Number(new RegExp(`/${kind}/view/(\\d+)$`).exec(page.url())?.[1])

test('org admin, by keyboard alone: Business hours with Berlin’s 2027 holidays, given to Reception team on the ground floor', async ({
  page,
}) => {
  test.slow()
  const id = stamp()
  const hours = `Business hours ${id}`
  const holidays = `Holidays 2027 ${id}`
  const rule = `Reception ground floor ${id}`
  await signInByKeyboard(page, demo.orgadmin)

  // The week editor: from Monday 00:00, 14 half hours on to 07:00, Shift+→ to 19:00 and Shift+↓
  // to Friday, Space opens them; the summary says so in words.
  await run(page, 'new schedule', 'New schedule')
  await expect(page).toHaveURL(/\/schedules\/create$/)
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type(hours)
  await page.keyboard.press('Tab')
  const week = page.getByRole('grid', { name: 'Opening hours, Monday to Sunday in half hours' })
  await expect(week.getByRole('gridcell', { name: 'Monday 00:00–00:30, closed' })).toBeFocused()
  await press(page, 'ArrowRight', 14)
  await press(page, 'Shift+ArrowRight', 23)
  await press(page, 'Shift+ArrowDown', 4)
  await expect(week.getByRole('gridcell', { name: 'Friday 18:30–19:00, closed' })).toBeFocused()
  await expect(week.getByRole('gridcell', { selected: true })).toHaveCount(5 * 24)
  await page.keyboard.press('Space')
  await expect(week.getByRole('gridcell', { name: 'Friday 18:30–19:00, open' })).toBeFocused()
  await expect(week.getByRole('gridcell', { name: /, open$/ })).toHaveCount(5 * 24)
  await expect(page.getByText('In words: Mon–Fri 07:00–19:00')).toBeVisible()
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page).toHaveURL(/\/schedules\/view\/\d+$/)
  await expect(page.getByText(`Schedule “${hours}” created.`)).toBeVisible()
  await expect(page.getByTestId('schedule-summary')).toHaveText('Mon–Fri 07:00–19:00')
  const scheduleId = idIn(page, 'schedules')
  expect(
    (await apiGet<{ intervals: unknown }>(page, `/access/v1/schedules/${scheduleId}`)).intervals,
  ).toEqual([{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' }])

  // A calendar, and Berlin's public holidays of 2027 in it.
  await run(page, 'new calendar', 'New calendar')
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type(holidays)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/calendars\/view\/\d+$/)
  await expect(page.getByText(`Calendar “${holidays}” created.`)).toBeVisible()
  await expect(page.getByText('No exceptions yet.')).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: 'Add public holidays…' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add public holidays' })
  await expect(dialog.getByRole('combobox', { name: 'Region' })).toBeFocused()
  await pick(page, 'berlin', /DE-BE/)
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('spinbutton', { name: 'Year' })).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('2027')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(/public holidays of Berlin, Germany 2027 added\./)).toBeVisible()
  const table = page.getByRole('table', { name: `Exceptions of ${holidays}` })
  const christmas = table.getByRole('row').filter({ hasText: 'Dec 25, 2027' })
  await expect(christmas).toContainText('Christmas Day')
  await expect(christmas).toContainText('Whole day')
  await expect(christmas).toContainText('Closed')
  const calendarId = idIn(page, 'calendars')

  // Attached to the schedule from its page.
  await run(page, hours, hours)
  await expect(page).toHaveURL(new RegExp(`/schedules/view/${scheduleId}$`))
  await expect(page.getByText('No calendars: the week applies on every date.')).toBeVisible()
  await tabTo(page, page.getByRole('combobox', { name: 'Add a calendar' }))
  await pick(page, holidays, holidays)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Attach' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Calendar “${holidays}” attached.`)).toBeVisible()
  await expect(page.getByRole('link', { name: holidays })).toBeVisible()
  expect(
    (await apiGet<{ calendar_ids: number[] }>(page, `/access/v1/schedules/${scheduleId}`))
      .calendar_ids,
  ).toEqual([calendarId])

  // The rule: Reception team → Acme HQ's ground floor (a place covers what is in it) → the hours.
  await run(page, 'new access rule', 'New access rule')
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type(rule)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Add a group' })).toBeFocused()
  await pick(page, 'Reception', 'Reception team, The front desk at Acme HQ')
  await expect(page.getByRole('button', { name: 'Remove group Reception team' })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Building' })).toBeFocused()
  await pick(page, 'Acme HQ', 'Acme HQ')
  // The building's places load, as a person sees them appear, and Tab goes into them.
  const tree = page.getByRole('tree', { name: 'Places in Acme HQ' })
  await expect(tree).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(tree.getByRole('treeitem', { name: 'The whole building: Acme HQ' })).toBeFocused()
  await page.keyboard.type('Ground')
  const ground = tree.getByRole('treeitem', { name: 'Floor: Ground floor', exact: true })
  await expect(ground).toBeFocused()
  await page.keyboard.press('Space')
  await expect(ground).toHaveAttribute('aria-selected', 'true')
  // What the floor holds is included, not chosen again.
  await expect(
    tree.getByRole('treeitem', { name: 'Room: Ground floor Reception, included in Ground floor' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove Ground floor' })).toBeVisible()
  await tabTo(page, page.getByRole('combobox', { name: 'On a schedule' }))
  await pick(page, hours, hours)
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page).toHaveURL(/\/rules\/view\/\d+$/)
  await expect(page.getByText(`Access rule “${rule}” created.`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Reception team' })).toBeVisible()
  await expect(page.getByRole('link', { name: hours })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: /^Floor Ground floor$/ })).toBeVisible()
  const saved = await apiGet<{
    group_ids: number[]
    targets: { type: string; name: string }[]
    schedule_id: number
  }>(page, `/access/v1/rules/${idIn(page, 'rules')}`)
  expect(saved.targets).toEqual([expect.objectContaining({ type: 'floor', name: 'Ground floor' })])
  expect(saved.schedule_id).toBe(scheduleId)
  expect(saved.group_ids).toHaveLength(1)
})

test('typed hours fill the week, a typo is named, and the form keeps what was typed when refused', async ({
  page,
}) => {
  await signIn(page, demo.orgadmin, { at: '/schedules/create' })
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  // The seed's "Office hours" is taken: the server refuses the name, the week stays.
  await page.keyboard.type('Office hours')
  const typed = page.getByRole('textbox', { name: 'Hours as text' })
  await tabTo(page, typed)
  await page.keyboard.type('mo-fr 7-19; sa 9-13; xy 8')
  await page.keyboard.press('Enter')
  // Said at once, and kept as the field's description, with what was typed.
  await expect(page.getByRole('alert')).toHaveText('“xy” is neither a day nor a time.')
  await expect(typed).toHaveAccessibleDescription(/^“xy” is neither a day nor a time\./)
  await expect(typed).toHaveAttribute('aria-invalid', 'true')
  await expect(typed).toHaveValue('mo-fr 7-19; sa 9-13; xy 8')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('mo-fr 7-19; sa 9-13; fr 22-6')
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('In words: Mon–Fri 07:00–19:00; Sat 09:00–13:00; Fri 22:00–06:00'),
  ).toBeVisible()
  const week = page.getByRole('grid')
  // Friday night runs into Saturday morning.
  await expect(week.getByRole('gridcell', { name: 'Saturday 05:30–06:00, open' })).toBeVisible()
  await expect(week.getByRole('gridcell', { name: 'Saturday 06:00–06:30, closed' })).toBeVisible()
  await page.keyboard.press('ControlOrMeta+Enter')
  const name = page.getByRole('textbox', { name: 'Name' })
  await expect(name).toBeFocused()
  await expect(name).toHaveAccessibleDescription('A schedule with this name already exists.')
  await expect(page).toHaveURL(/\/schedules\/create$/)
  await expect(
    page.getByText('In words: Mon–Fri 07:00–19:00; Sat 09:00–13:00; Fri 22:00–06:00'),
  ).toBeVisible()
})

test('a calendar’s exceptions by keyboard: a date, a recurrence, one removed', async ({ page }) => {
  const name = `Closing days ${stamp()}`
  await signInByKeyboard(page, demo.orgadmin)
  const { access } = await storedTokens(page)
  const made = await page.request.post('/access/v1/calendars', {
    headers: { Authorization: `Bearer ${access}` },
    data: { name },
  })
  expect(made.status()).toBe(201)
  const { calendar_id } = (await made.json()) as { calendar_id: number }
  await page.goto(`/calendars/view/${calendar_id}`)
  const table = page.getByRole('table', { name: `Exceptions of ${name}` })

  // On a date, the whole day: a missing date is named, and focus goes where it is given.
  await tabTo(page, page.getByRole('button', { name: 'Add exception…' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'New exception' })
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type('Company party')
  await page.keyboard.press('ControlOrMeta+Enter')
  const date = dialog.getByRole('textbox', { name: 'Date' })
  await expect(date).toBeFocused()
  await expect(date).toHaveAccessibleDescription('A date is required.')
  await page.keyboard.type('06182027')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Exception “Company party” added.')).toBeVisible()
  const party = table.getByRole('row').filter({ hasText: 'Company party' })
  await expect(party).toContainText('Fri, Jun 18, 2027')
  await expect(party).toContainText('Whole day')
  await expect(party).toContainText('Closed')

  // Every 24 December from 2026, open in the morning only.
  await tabTo(page, page.getByRole('button', { name: 'Add exception…' }))
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type('Christmas Eve morning')
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('radio', { name: 'On a date' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(dialog.getByRole('radio', { name: 'Repeatedly' })).toBeChecked()
  await page.keyboard.press('Tab')
  await page.keyboard.type('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24')
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('First date')).toBeFocused()
  await page.keyboard.type('12242026')
  // Tab walks a date's and a time's own parts before it leaves the field.
  await tabTo(page, dialog.getByRole('checkbox', { name: 'Whole day' }))
  await page.keyboard.press('Space')
  await tabTo(page, dialog.getByLabel('From', { exact: true }))
  await page.keyboard.type('0800AM')
  await tabTo(page, dialog.getByLabel('Until', { exact: true }))
  await page.keyboard.type('1200PM')
  await tabTo(page, dialog.getByRole('combobox', { name: 'Effect' }))
  await page.keyboard.press('ArrowDown')
  await expect(dialog.getByRole('combobox', { name: 'Effect' })).toHaveValue('open')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(dialog).toBeHidden()
  const eve = table.getByRole('row').filter({ hasText: 'Christmas Eve morning' })
  await expect(eve).toContainText('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24, from Thu, Dec 24, 2026')
  await expect(eve).toContainText('08:00–12:00')
  await expect(eve).toContainText('Open')
  // Listed by date: the recurrence's first date comes before the party.
  await expect(table.getByRole('row').nth(1)).toContainText('Christmas Eve morning')

  // Removed: focus goes to the row now in its place.
  await tabTo(page, page.getByRole('button', { name: 'Remove Christmas Eve morning' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Exception “Christmas Eve morning” removed.')).toBeVisible()
  await expect(eve).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Remove Company party' })).toBeFocused()
  const saved = await apiGet<{ exceptions: unknown[] }>(page, `/access/v1/calendars/${calendar_id}`)
  expect(saved.exceptions).toEqual([
    { name: 'Company party', date: '2027-06-18', effect: 'closed' },
  ])
})

const words = {
  en: {
    schedules: 'Schedules',
    calendars: 'Calendars',
    rules: 'Access rules',
    addHolidays: 'Add public holidays…',
    region: 'Region',
    newRule: 'New access rule',
    building: 'Building',
    tree: 'Places in Acme HQ',
  },
  de: {
    schedules: 'Zeitpläne',
    calendars: 'Kalender',
    rules: 'Zutrittsregeln',
    addHolidays: 'Feiertage hinzufügen…',
    region: 'Region',
    newRule: 'Neue Zutrittsregel',
    building: 'Gebäude',
    tree: 'Orte in Acme HQ',
  },
} as const

for (const language of ['en', 'de'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe (${language}, ${theme}): schedules, the week editor, a calendar and its holidays, rules and the place tree`, async ({
      page,
    }) => {
      allowAxeTime()
      const say = words[language]
      await signIn(page, demo.orgadmin)
      if (theme === 'dark') await useDarkTheme(page)
      if (language === 'de') await page.evaluate(() => localStorage.setItem('lng', 'de'))

      await page.goto('/schedules')
      const schedules = page.getByRole('grid', { name: say.schedules })
      await expect(schedules.getByRole('link', { name: 'Office hours' })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await schedules.getByRole('link', { name: 'Office hours' }).click()
      await expect(page.getByRole('link', { name: 'Berlin holidays' })).toBeVisible()
      await expectNoSeriousA11yViolations(page)

      // The week editor with a selection and a refused typed entry on screen.
      await page.goto('/schedules/create')
      const cell = page.getByRole('gridcell').first()
      await cell.focus()
      await page.keyboard.press('Shift+ArrowRight')
      await page.keyboard.press('Space')
      const typed = page.getByRole('textbox').nth(1)
      await typed.fill('xy')
      await typed.press('Enter')
      await expect(typed).toHaveAttribute('aria-invalid', 'true')
      await expectNoSeriousA11yViolations(page)

      await page.goto('/calendars')
      const calendars = page.getByRole('grid', { name: say.calendars })
      await calendars.getByRole('link', { name: 'Berlin holidays' }).click()
      await expect(page.getByRole('table')).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await page.getByRole('button', { name: say.addHolidays }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('combobox', { name: say.region })).toBeFocused()
      await page.keyboard.type('ber')
      await expect(dialog.getByRole('option').first()).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      await page.goto('/rules')
      await expect(
        page.getByRole('grid', { name: say.rules }).getByRole('link').first(),
      ).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await page.getByRole('link', { name: say.newRule }).click()
      await page.getByRole('combobox', { name: say.building }).click()
      await page.getByRole('option', { name: 'Acme HQ' }).click()
      const tree = page.getByRole('tree', { name: say.tree })
      await tree.getByRole('treeitem').nth(1).click()
      await expect(tree.getByRole('treeitem').nth(1)).toHaveAttribute('aria-selected', 'true')
      await expectNoSeriousA11yViolations(page)
    })
  }
}
