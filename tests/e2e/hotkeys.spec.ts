import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
} from './helpers/session'

// Go-to sequences, the ? cheat sheet and the rules around them, keyboard only.

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' })

test('g o goes to organizations, g a to the audit log', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await page.keyboard.press('g')
  await page.keyboard.press('o')
  await expect(page).toHaveURL(/\/organizations$/)
  await page.keyboard.press('Escape')
  await page.locator('body').focus()
  await page.keyboard.press('g')
  await page.keyboard.press('a')
  await expect(page).toHaveURL(/\/audits$/)
})

test('? lists the shortcuts usable now, and is axe clean', async ({ page }) => {
  await signInByKeyboard(page, demo.auditor)
  await page.keyboard.press('?')
  await expect(sheet(page)).toBeVisible()
  await expect(sheet(page)).toContainText('Go to Audits')
  await expect(sheet(page)).toContainText('Show keyboard shortcuts')
  // The auditor cannot read organizations, so its shortcut is not offered.
  await expect(sheet(page)).not.toContainText('Go to Organizations')
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(sheet(page)).toBeHidden()
})

test('hotkeys do nothing while typing in a field; Ctrl+K still works there', async ({ page }) => {
  await signIn(page, demo.admin, { at: '/organizations' })
  const search = page.getByRole('searchbox').first()
  await search.focus()
  await page.keyboard.type('g a')
  await expect(search).toHaveValue('g a')
  await expect(page).toHaveURL(/\/organizations/)
  await page.keyboard.press('ControlOrMeta+k')
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible()
})

test('hotkeys stay away from the page behind an open dialog', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await page.keyboard.press('?')
  await expect(sheet(page)).toBeVisible()
  await page.keyboard.press('g')
  await page.keyboard.press('o')
  await expect(page).not.toHaveURL(/\/organizations/)
})

test('German layout: ? is Shift+ß and the letters come from event.key', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  // What Chromium reports on a German QWERTZ layout: the key labelled ß is the US Minus key.
  const dispatch = (init: { key: string; code: string; shiftKey?: boolean }) =>
    page.evaluate((event) => {
      const target = document.activeElement ?? document.body
      target.dispatchEvent(
        new KeyboardEvent('keydown', { ...event, bubbles: true, cancelable: true }),
      )
    }, init)
  await dispatch({ key: '?', code: 'Minus', shiftKey: true })
  await expect(sheet(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sheet(page)).toBeHidden()
  await dispatch({ key: 'g', code: 'KeyG' })
  await dispatch({ key: 'o', code: 'KeyO' })
  await expect(page).toHaveURL(/\/organizations$/)
})

test('the avatar menu shows registry commands with their shortcuts, and the shortcut does the same', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const avatar = page.getByRole('button', { name: /Account menu/ })
  await avatar.focus()
  await page.keyboard.press('Enter')
  const dark = page.getByRole('menuitem', { name: 'Switch to dark theme' })
  await expect(dark).toBeFocused()
  // Label and shortcut are the registry's theme.dark, as the palette and the ? sheet show it.
  await expect(dark).toHaveAccessibleDescription('T then D')
  await expect(dark.locator('kbd')).toHaveText(['T', 'D'])
  await expect(page.getByRole('menuitem', { name: 'Open settings' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(avatar).toBeFocused()

  await page.keyboard.press('t')
  await page.keyboard.press('d')
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
  await page.keyboard.press('Enter')
  const light = page.getByRole('menuitem', { name: 'Switch to light theme' })
  await expect(light).toHaveAccessibleDescription('T then L')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'light')
  await expect(avatar).toBeFocused()
})

test('? lists the keys of a focused list from the list itself', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await page.keyboard.press('?')
  const lists = sheet(page).getByRole('heading', { name: 'In lists' })
  await expect(lists).toBeVisible()
  await expect(sheet(page)).toContainText('Next rowJ or ↓')
  await expect(sheet(page)).toContainText('Search the list/')
  await expect(sheet(page)).toContainText('One screen downPage Down')
  await expect(sheet(page)).toContainText('Switch to dark themeT then D')
  await expectNoSeriousA11yViolations(page)
})

test('in German the keys read as a German keyboard labels them: ? sheet and palette, axe in both themes', async ({
  page,
}) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.admin)
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('deutsch')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible()
  await expect(page.getByTestId('palette-entry')).toContainText('Strg K')

  const german = page.getByRole('dialog', { name: 'Tastenkürzel' })
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await page.keyboard.press('t')
      await page.keyboard.press('d')
      await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
    }
    await page.keyboard.press('?')
    await expect(german).toBeVisible()
    await expect(german).toContainText('Befehlspalette öffnenStrg K')
    await expect(german).toContainText('Nächste ZeileJ oder ↓')
    await expect(german).toContainText('Erste ZeilePos1')
    await expect(german).toContainText('Letzte ZeileEnde')
    await expect(german).toContainText('Eine Seite nach untenBild ab')
    await expect(german).toContainText('Eine Seite nach obenBild auf')
    await expect(german).toContainText('Zeile öffnenEingabe oder O')
    await expect(german).toContainText('Zeile löschen (mit Rückfrage)# oder Entf')
    await expect(german).toContainText('Alle Zeilen ab der zuletzt gewählten auswählenUmschalt X')
    await expect(german).toContainText('Zeile in der Seitenleiste zeigenP oder Leertaste')
    await expect(german).not.toContainText(/Ctrl|Shift|Page Down|Space/)
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(german).toBeHidden()

    await page.keyboard.press('ControlOrMeta+k')
    const palette = page.getByRole('dialog', { name: 'Befehlspalette' })
    await expect(palette).toContainText('↑↓bewegen')
    await expect(palette).toContainText('Eingabeausführen')
    await expect(palette).toContainText('Escschließen')
    await page.keyboard.type('#')
    await expect(palette.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await expect(palette).toContainText('Eingabeöffnen')
    await expect(palette).toContainText('TabAktionen')
    await page.keyboard.press('Tab')
    await expect(palette).toContainText('Rücktastezurück')
    await expect(palette).not.toContainText(/Enter|Backspace/)
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(palette).toBeHidden()
  }
})
