import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { demo, signIn } from './helpers/session'

// Keys are never lost: a power user reloads and types before the signed-in shell exists.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

/** Reloads with the shell's code held back, so the shell is certainly not there yet; the boot frame is. */
async function reloadWithSlowShell(page: Page) {
  await page.route(/\/assets\/signed-in-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await route.fallback()
  })
  await page.reload({ waitUntil: 'domcontentloaded' })
  // The signed-in page's entry is async (scripts/signed-in-html.ts): the boot frame it draws, not
  // the end of the page, says it is running and listening.
  await expect(page.getByRole('progressbar', { name: 'Loading screen' })).toBeVisible()
  await expect(page.getByTestId('content')).toHaveCount(0)
}

test('Ctrl+K and a search typed during a reload land in the palette', async ({ page }) => {
  await signIn(page, demo.admin)
  await reloadWithSlowShell(page)
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('staff')

  await expect(palette(page)).toBeVisible()
  await expect(palette(page).getByRole('combobox')).toHaveValue('staff')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await expect(
    palette(page)
      .getByRole('option', { name: /staff@demo\.local/ })
      .first(),
  ).toBeVisible()
  // Typing on goes on where the replay left off.
  await page.keyboard.type('@demo')
  await expect(palette(page).getByRole('combobox')).toHaveValue('staff@demo')
})

test('a shortcut pressed during a reload runs once the shell is there', async ({ page }) => {
  await signIn(page, demo.admin)
  await reloadWithSlowShell(page)
  await page.keyboard.press('Shift+?')

  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
})
