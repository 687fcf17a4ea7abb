import { expect, test, type Page } from '@playwright/test'
import { createEnrollee, createEnrolleeUnderPolicy, setOrganizationPolicy } from './helpers/mfa'
import {
  expectNoSeriousA11yViolations,
  sidebar,
  signIn,
  signOut,
  submitLogin,
} from './helpers/session'

// Passkeys (issue 67) through Chromium's virtual authenticator (DevTools protocol): registered from
// the account page with a name, used at the factor step, useless in a browser that does not hold
// it, and removed. The relying party is PUBLIC_URL's host, so these run on localhost.
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 8181)}` })

/** A platform authenticator that holds discoverable credentials and verifies the user at once. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length
  return { credentials }
}

test('a passkey registered from the account page signs in at the factor step, only where it is held, and is removed', async ({
  browser,
  page,
  request,
}) => {
  test.slow()
  const person = await createEnrollee(request, `key${Date.now() % 1_000_000}`)
  const authenticator = await virtualAuthenticator(page)
  await signIn(page, person.email, { password: person.password, at: '/account' })
  await expect(page.getByText('No passkeys yet.')).toBeVisible()

  await page.getByLabel('Name of the new passkey').fill('Work laptop')
  await page.keyboard.press('Enter')
  // The first factor: its recovery codes are shown once.
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await page.getByRole('button', { name: 'I have saved them, continue' }).click()
  const passkeys = page.getByRole('list', { name: 'Passkeys' })
  await expect(passkeys.getByRole('listitem')).toHaveCount(1)
  await expect(passkeys).toContainText('Work laptop')
  expect(await authenticator.credentials()).toBe(1)
  await expectNoSeriousA11yViolations(page)

  // Renamed, by keyboard.
  await page.getByRole('button', { name: 'Rename Work laptop' }).click()
  await page.getByLabel('New name for Work laptop').fill('Desk laptop')
  await page.keyboard.press('Enter')
  await expect(passkeys).toContainText('Desk laptop')

  // The next sign-in: the password, then the passkey.
  await signOut(page)
  await submitLogin(page, person.email, person.password)
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(sidebar(page)).toBeVisible()

  // Another browser, with an authenticator of its own: the right password, but not this passkey.
  const elsewhere = await browser.newContext({
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 8181}`,
  })
  const other = await elsewhere.newPage()
  const empty = await virtualAuthenticator(other)
  await other.goto('/login')
  await submitLogin(other, person.email, person.password)
  await expect(other.getByRole('heading', { name: 'Second factor' })).toBeVisible()
  await other.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(
    other.getByText('The passkey was not used. Try again, or use a code instead.'),
  ).toBeVisible()
  await expect(sidebar(other)).toBeHidden()
  expect(await empty.credentials()).toBe(0)
  await elsewhere.close()

  // Removed: the account page lists none.
  await page.goto('/account')
  await page.getByRole('button', { name: 'Remove Desk laptop' }).click()
  await expect(page.getByText('The passkey Desk laptop was removed.')).toBeVisible()
  await expect(page.getByText('No passkeys yet.')).toBeVisible()
})

test('where the organization allows it, a passkey alone signs in; where it does not, the login says so', async ({
  page,
  request,
}) => {
  test.slow()
  const person = await createEnrolleeUnderPolicy(request, `alone${Date.now() % 1_000_000}`, {
    required_for: [],
    passwordless_passkeys: true,
  })
  await virtualAuthenticator(page)
  await signIn(page, person.email, { password: person.password, at: '/account' })
  await page.getByLabel('Name of the new passkey').fill('Phone')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'I have saved them, continue' }).click()
  await expect(page.getByRole('list', { name: 'Passkeys' })).toContainText('Phone')
  await signOut(page)

  // No e-mail, no password: the passkey names the person, and its check of them is the second factor.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).press('Enter')
  await expect(sidebar(page)).toBeVisible()
  await expect(page.getByTestId('identity')).toContainText(person.email)
  await signOut(page)

  // The organization takes the permission back: the same passkey alone is refused, with why.
  await setOrganizationPolicy(request, person.organizationId, {
    required_for: [],
    passwordless_passkeys: false,
  })
  await page.getByRole('button', { name: 'Sign in with a passkey' }).press('Enter')
  await expect(
    page.getByText(
      'Your organization does not allow signing in with a passkey alone. Sign in with your password.',
    ),
  ).toBeVisible()
  await expect(sidebar(page)).toBeHidden()
  await expectNoSeriousA11yViolations(page)
})
