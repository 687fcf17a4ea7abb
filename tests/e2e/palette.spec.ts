import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { demo, expectNoSeriousA11yViolations, signInByKeyboard } from './helpers/session'

// The command palette, driven by the keyboard alone: no mouse call anywhere in this file.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const paletteInput = (page: Page) => palette(page).getByRole('combobox')

async function openPalette(page: Page) {
  await page.keyboard.press('ControlOrMeta+k')
  await expect(paletteInput(page)).toBeFocused()
}

test('Ctrl+K, "audits", Enter goes to the audit log', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await openPalette(page)
  await page.keyboard.type('audits')
  await expect(palette(page).getByRole('option', { name: /Go to Audits/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/audits$/)
  await expect(palette(page)).toBeHidden()
})

test('searching an organization by name on the server and opening it', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await openPalette(page)
  await page.keyboard.type('globex')
  // Plain text searches every source: Globex users, the location Globex Tower, the organization.
  const hit = palette(page).getByRole('option', { name: /^Globex Globex Corporation/ })
  await expect(hit).toHaveAttribute('aria-selected', 'true')
  // Its actions page first (Tab), then back (Backspace) and open with Enter.
  await page.keyboard.press('Tab')
  await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Actions for Globex…')
  await expect(palette(page).getByRole('option', { name: 'Edit organization' })).toBeVisible()
  await page.keyboard.press('Backspace')
  await expect(hit).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/organizations\/edit\/\d+$/)
})

test('"switch to dark theme" applies the dark theme', async ({ page }) => {
  await signInByKeyboard(page, demo.orgadmin)
  await openPalette(page)
  await page.keyboard.type('switch to dark')
  await expect(palette(page).getByRole('option', { name: /Switch to dark theme/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
})

test('"Switch language to Deutsch" turns the console and the palette German', async ({ page }) => {
  await signInByKeyboard(page, demo.orgadmin)
  await openPalette(page)
  await page.keyboard.type('deutsch')
  await expect(
    palette(page).getByRole('option', { name: /Switch language to Deutsch/ }),
  ).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toContainText('Übersicht')
  await page.keyboard.press('ControlOrMeta+k')
  const german = page.getByRole('dialog', { name: 'Befehlspalette' })
  await expect(german.getByRole('combobox')).toBeFocused()
  await page.keyboard.type('organisationen')
  await expect(german.getByRole('option', { name: /Gehe zu Organisationen/ })).toBeVisible()
})

test('read-only staff have no "create organization"; an admin does', async ({ page }) => {
  await signInByKeyboard(page, demo.staff)
  await openPalette(page)
  await page.keyboard.type('organization')
  await expect(palette(page).getByRole('option', { name: /Go to Organizations/ })).toBeVisible()
  await expect(palette(page).getByRole('option', { name: /New organization/ })).toHaveCount(0)
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('create organization')
  await expect(palette(page).getByText('No results.')).toBeVisible()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('sign out')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login/)

  await signInByKeyboard(page, demo.admin)
  await openPalette(page)
  await page.keyboard.type('create organization')
  await expect(palette(page).getByRole('option', { name: /New organization/ })).toBeVisible()
})

test('Escape closes the palette and returns focus where it was', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await page.keyboard.press('Tab')
  // The element itself, not its markup: a dashboard tile's count may arrive while the palette is open.
  const before = await page.evaluateHandle(() => document.activeElement)
  expect(await before.evaluate((element) => element !== null && element !== document.body)).toBe(
    true,
  )
  await openPalette(page)
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()
  // Radix hands focus back in the task after the palette leaves the page: a loaded CI machine
  // once looked in between.
  await expect
    .poll(() => before.evaluate((element) => element === document.activeElement))
    .toBe(true)
})

test('the palette and recents are axe clean', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await openPalette(page)
  await page.keyboard.type('switch to dark')
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()
  await openPalette(page)
  await expect(palette(page).getByRole('group', { name: 'Recent' })).toContainText(
    'Switch to dark theme',
  )
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.type('acme')
  await expect(palette(page).getByRole('option', { name: /Acme/ }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Tab')
  await expect(palette(page).getByRole('option', { name: 'Edit organization' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
