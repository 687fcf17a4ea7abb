import type { Locator, Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  demo,
  expectNoSeriousA11yViolations as expectNoSeriousViolations,
  signIn,
} from './helpers/session'
import { createPerson } from './helpers/people'

// The pickers search the server as you type (decision 041): access for a user found by typing, by
// mouse and by keyboard alone, in English and German, with axe judging the open popup.

// The console's language is its own setting (lng); the browser's stays English, as do its date inputs.
test.use({ locale: 'en-US', timezoneId: 'UTC' })

/** Tab until `target` has focus: a date or time input keeps Tab for its own parts first. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  await expect(target).toBeFocused()
}

const choices = (page: Page, label: string) =>
  page.getByRole('listbox', { name: label, exact: true }).getByRole('option')

const created = (page: Page, email: string) =>
  page.getByRole('grid').locator('[data-active="true"]').filter({ hasText: email })

test('access for a user found by typing, by mouse; axe with the popup open', async ({ page }) => {
  test.slow()
  await signIn(page, demo.orgadmin)
  const person = await createPerson(page, `pia.mouse.${Date.now()}`)
  await page.goto('/credentials/create')
  const who = page.getByRole('combobox', { name: 'User' })
  await who.click()
  await expect(who).toHaveAttribute('aria-expanded', 'true')
  await who.fill(person.username)
  // A screen reader hears the person's name with the e-mail.
  const option = page.getByRole('option', { name: `${person.email}, Pia Picker`, exact: true })
  await expect(choices(page, 'User')).toHaveCount(1)
  await expect(page.getByRole('status').filter({ hasText: '1 match' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await option.click()
  await expect(who).toHaveValue(person.email)
  await expect(who).toHaveAttribute('aria-expanded', 'false')

  await page.getByLabel('Opens a').selectOption('door')
  const target = page.getByRole('combobox', { name: 'Opens', exact: true })
  await target.click()
  const door = choices(page, 'Opens').first()
  await expect(door).toBeVisible()
  const doorName = (await door.textContent()) ?? ''
  await door.click()
  await expect(target).toHaveValue(doorName)
  await page.getByRole('checkbox', { name: 'Permanent' }).check()
  const starts = page.getByRole('group', { name: 'Starts' })
  await starts.getByLabel('Date').fill('2026-12-01')
  await starts.getByLabel('Time').fill('08:00')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/credentials\?row=\d+$/)
  await expect(created(page, person.email)).toContainText(doorName)

  // Edited later, the form shows the user by id even when the first window does not hold them.
  await created(page, person.email)
    .getByRole('link', { name: /^Edit credential/ })
    .click()
  await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue(person.email)
  await expect(page.getByRole('combobox', { name: 'Opens', exact: true })).toHaveValue(doorName)
})

test.describe('in German', () => {
  test('Zutritt für einen per Tippen gefundenen Benutzer, nur mit der Tastatur', async ({
    page,
  }) => {
    test.slow()
    await signIn(page, demo.orgadmin)
    await page.evaluate(() => localStorage.setItem('lng', 'de'))
    const person = await createPerson(page, `pia.keys.${Date.now()}`)
    await page.goto('/credentials/create')
    const who = page.getByRole('combobox', { name: 'Benutzer' })
    await expect(who).toBeFocused()
    await page.keyboard.type('nobody-matches-this')
    await expect(page.getByRole('status').filter({ hasText: 'Nichts passt zu' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(who).toHaveAttribute('aria-expanded', 'false')
    await expect(who).toHaveValue('')
    await page.keyboard.type(person.username)
    const option = page.getByRole('option', { name: `${person.email}, Pia Picker`, exact: true })
    await expect(option).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: '1 Treffer' })).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.keyboard.press('ArrowDown')
    await expect(who).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id')) ?? '',
    )
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(who).toHaveValue(person.email)
    await expect(who).toHaveAttribute('aria-expanded', 'false')

    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Öffnet ein(e)')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByLabel('Öffnet ein(e)')).toHaveValue('door')
    await page.keyboard.press('Tab')
    const target = page.getByRole('combobox', { name: 'Öffnet', exact: true })
    await expect(target).toBeFocused()
    await page.keyboard.press('ArrowDown')
    const door = choices(page, 'Öffnet').first()
    await expect(door).toHaveAttribute('aria-selected', 'true')
    const doorName = (await door.textContent()) ?? ''
    await page.keyboard.press('Enter')
    await expect(target).toHaveValue(doorName)

    await tabTo(page, page.getByRole('checkbox', { name: 'Unbefristet' }))
    await page.keyboard.press('Space')
    const starts = page.getByRole('group', { name: 'Beginnt' })
    await tabTo(page, starts.getByLabel('Datum'))
    await page.keyboard.type('12012026')
    await tabTo(page, starts.getByLabel('Uhrzeit'))
    await page.keyboard.type('0800A')
    await page.keyboard.press('Control+Enter')
    await expect(page).toHaveURL(/\/credentials\?row=\d+$/)
    await expect(created(page, person.email)).toContainText(doorName)
  })
})
