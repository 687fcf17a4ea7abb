import { expect, test } from './helpers/test'
import { demo, expectNoSeriousA11yViolations, signIn, useDarkTheme } from './helpers/session'

// axe on the foundation's screens, in both themes: no serious or critical violations.

test('login page (light; guests always see the light theme)', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  // With an error notice and field errors showing.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Username is required.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

for (const theme of ['light', 'dark'] as const) {
  test(`dashboard, settings dialog and no-access page in the ${theme} theme`, async ({ page }) => {
    await signIn(page, demo.auditor)
    if (theme === 'dark') await useDarkTheme(page)
    await expect(page.getByTestId('tile-audits')).toContainText(/\d/)
    await expectNoSeriousA11yViolations(page)

    await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')

    await page.goto('/organizations')
    await expect(page.getByTestId('no-access')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: /Account menu/ }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
}

test('password reset pages', async ({ page }) => {
  await page.goto('/start-password-reset')
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goto('/password-reset?token=abc')
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('drawer at 1000px', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 })
  await signIn(page, demo.admin)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByTestId('sidebar')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

// WCAG 2.3.3: a person whose system asks for less motion sees dialogs and the palette appear
// without movement; everyone else sees them fade in.
for (const motion of ['reduce', 'no-preference'] as const) {
  test(`dialogs and the palette with prefers-reduced-motion: ${motion}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion })
    await signIn(page, demo.auditor)
    const animation = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).animationName)
    await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
    const dialog = await animation('[role="dialog"]')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('combobox').first()).toBeFocused()
    const palette = await animation('[role="dialog"]')
    if (motion === 'reduce') expect([dialog, palette]).toEqual(['none', 'none'])
    else expect([dialog, palette]).not.toContain('none')
  })
}
