import { expect, test } from './helpers/test'
import { createEnrollee, shownSecret, totpCode } from './helpers/mfa'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  sidebar,
  signIn,
  signOut,
  submitLogin,
  useDarkTheme,
} from './helpers/session'

// The authenticator app (issue 67): enrolled from the account menu with the setup key typed from
// the page, then asked for at the next sign-in after the password.

test('an authenticator app set up from the account menu is asked for at the next sign-in', async ({
  page,
  request,
}) => {
  allowAxeTime()
  const person = await createEnrollee(request, `totp${Date.now() % 1_000_000}`)
  await signIn(page, person.email, { password: person.password })

  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: /Your account/ }).click()
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()
  await expect(page.getByText('No authenticator app is set up.')).toBeVisible()
  await expect(page.getByText('this session')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = await shownSecret(page)
  await page.getByLabel('Code from the app').fill('000000')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(
    page.getByText('That code is not right. Check the time on your phone and try again.'),
  ).toBeVisible()
  await page.getByLabel('Code from the app').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Confirm' }).click()

  // The 10 recovery codes, shown this once.
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await expectNoSeriousA11yViolations(page)
  await useDarkTheme(page)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'I have saved them, continue' }).click()
  await expect(page.getByText('On since')).toBeVisible()
  await expect(page.getByTestId('recovery-remaining')).toHaveText('10 recovery codes left.')

  await signOut(page)
  await submitLogin(page, person.email, person.password)
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  const code = page.getByLabel('Code', { exact: true })
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(code).toBeFocused()
  await expectNoSeriousA11yViolations(page)
  await code.fill('123456')
  await page.keyboard.press('Enter')
  await expect(page.getByText('That code is not right. Try again.')).toBeVisible()
  await code.fill(totpCode(secret, 1))
  await page.keyboard.press('Enter')
  await expect(sidebar(page)).toBeVisible()
})

test('the factor step in German, with a recovery code', async ({ page, request }) => {
  const person = await createEnrollee(request, `rec${Date.now() % 1_000_000}`)
  await signIn(page, person.email, { password: person.password, at: '/account' })
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  const secret = await shownSecret(page)
  await page.getByLabel('Code from the app').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Confirm' }).click()
  const first =
    (await page.getByTestId('recovery-codes').getByRole('listitem').first().textContent()) ?? ''
  await page.getByRole('button', { name: 'I have saved them, continue' }).click()
  await signOut(page)

  await page.goto('/login?lng=de')
  await page.getByLabel('E-Mail oder Benutzername').fill(person.email)
  await page.getByLabel('Passwort', { exact: true }).fill(person.password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Zweiter Faktor' })).toBeVisible()
  await page.getByRole('button', { name: 'Wiederherstellungscode verwenden' }).click()
  await page.getByLabel('Wiederherstellungscode').fill(first.trim())
  await page.keyboard.press('Enter')
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible()
})

test('an admin resets a person’s second factor with a reason; their next sign-in asks for none', async ({
  browser,
  page,
  request,
}) => {
  const person = await createEnrollee(request, `lost${Date.now() % 1_000_000}`)
  await signIn(page, person.email, { password: person.password, at: '/account' })
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  const secret = await shownSecret(page)
  await page.getByLabel('Code from the app').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('button', { name: 'I have saved them, continue' }).click()
  await signOut(page)

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, demo.admin, { at: '/users' })
  await admin.getByRole('searchbox').fill(person.email)
  // Every enrollee is a Fay Factor: the one found by this e-mail, once the search has answered.
  const found = admin.getByRole('link', { name: /Fay Factor/ })
  await expect(found).toHaveCount(1)
  await found.click()
  await admin.getByRole('button', { name: 'Reset second factor' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Reset the second factor of Fay Factor' })
  await dialog.getByRole('button', { name: 'Reset second factor' }).click()
  await expect(dialog.getByText('A reason is required.')).toBeVisible()
  await dialog.getByLabel('Reason').fill('Phone lost on the train')
  await expectNoSeriousA11yViolations(admin)
  await dialog.getByRole('button', { name: 'Reset second factor' }).click()
  await expect(admin.getByText('The second factor of Fay Factor was reset.')).toBeVisible()
  await adminContext.close()

  await submitLogin(page, person.email, person.password)
  await expect(sidebar(page)).toBeVisible()
})
