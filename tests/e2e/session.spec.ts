import { expect, test } from './helpers/test'
import { BOOT_TOKEN_COOKIE } from '../../src/contract/boot-answers'
import {
  demo,
  DEMO_PASSWORD,
  sidebar,
  signIn,
  signInThroughForm,
  signOut,
  storedTokens,
  submitLogin,
} from './helpers/session'

// Sign-in flows, permission gating and per-user theme against the real server (requirements R2, R4,
// R8).

const menuFor: Record<keyof typeof demo, string[]> = {
  admin: [
    'Dashboard',
    'Organizations',
    'Users',
    'Locations',
    'Devices',
    'Credentials',
    'Groups',
    'Schedules',
    'Calendars',
    'Access rules',
    'Incidents',
    'Alert rules',
    'Webhooks',
    'Mail queue',
    'Audits',
    'Journal',
  ],
  orgadmin: [
    'Dashboard',
    'Organizations',
    'Users',
    'Locations',
    'Devices',
    'Credentials',
    'Groups',
    'Schedules',
    'Calendars',
    'Access rules',
    'Incidents',
    'Alert rules',
    'Webhooks',
    'Audits',
    'Journal',
  ],
  staff: [
    'Dashboard',
    'Organizations',
    'Users',
    'Locations',
    'Devices',
    'Credentials',
    'Groups',
    'Schedules',
    'Calendars',
    'Access rules',
    'Incidents',
    'Alert rules',
    'Webhooks',
    'Audits',
  ],
  // Who may enter where is read by auditors too (decision 065), and so are alerts (decision 079)
  // and webhooks (decision 081).
  auditor: [
    'Dashboard',
    'Groups',
    'Schedules',
    'Calendars',
    'Access rules',
    'Incidents',
    'Alert rules',
    'Webhooks',
    'Audits',
  ],
}

for (const [login, items] of Object.entries(menuFor)) {
  test(`${login} sees exactly the sidebar items their permissions allow`, async ({ page }) => {
    // Through the form: these four are the browser tests of signing in as each role.
    await signInThroughForm(page, demo[login as keyof typeof demo])
    await expect(sidebar(page).getByRole('link')).toHaveText(items)
    await expect(page.getByTestId('identity')).toContainText(demo[login as keyof typeof demo])
  })
}

test('a forbidden route shows the no-access page with a way home', async ({ page }) => {
  await signIn(page, demo.auditor, { at: '/organizations' })
  await expect(
    page.getByRole('heading', { name: "Sorry, you can't view this page." }),
  ).toBeVisible()
  // The shell stays: the user is signed in, just not allowed here.
  await expect(sidebar(page)).toBeVisible()
  await page.getByRole('link', { name: 'Go Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('greeting')).toContainText('Arne')
})

test('read-only staff may list organizations but not create one', async ({ page }) => {
  await signIn(page, demo.staff, { at: '/organizations/create' })
  await expect(page.getByTestId('no-access')).toBeVisible()
})

test('an unknown path shows the not-found page', async ({ page }) => {
  await signIn(page, demo.admin, { at: '/no/such/page' })
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('a guest is sent to /login and returned to where they were going', async ({ page }) => {
  await page.goto('/audits?search=lock')
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faudits%3Fsearch%3Dlock$/)
  await submitLogin(page, demo.admin)
  await expect(page).toHaveURL(/\/audits\?search=lock$/)
})

test('a signed-in user who opens /login lands on the dashboard', async ({ page }) => {
  await signIn(page, demo.admin)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('greeting')).toBeVisible()
  await page.goto('/start-password-reset')
  await expect(page).toHaveURL(/\/$/)
})

test('wrong credentials show auth_error and keep what was typed', async ({ page }) => {
  await page.goto('/login')
  await submitLogin(page, demo.staff, 'not-the-password')
  await expect(
    page.getByText(
      'The username or password you entered is incorrect. Please check your credentials and try again.',
    ),
  ).toBeVisible()
  await expect(page.getByLabel('Email or username')).toHaveValue(demo.staff)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not-the-password')
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null })
})

test('empty fields show the validation messages without calling the server', async ({ page }) => {
  await page.goto('/login')
  let tokenCalls = 0
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/token')) tokenCalls += 1
  })
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Username is required.')).toBeVisible()
  await expect(page.getByText('Password is required.')).toBeVisible()
  expect(tokenCalls).toBe(0)
})

test('logout clears both tokens, ends the session on the server and returns to /login', async ({
  page,
}) => {
  await signIn(page, demo.orgadmin)
  const { refresh } = await storedTokens(page)
  expect(refresh).not.toBeNull()
  const bootToken = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === BOOT_TOKEN_COOKIE)
  expect(await bootToken()).toMatchObject({
    value: (await storedTokens(page)).access,
    path: '/',
    sameSite: 'Strict',
  })
  const ended = page.waitForResponse((response) => response.url().endsWith('/auth/v1/token/revoke'))
  await signOut(page)
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null })
  // A copy of the refresh token taken before logout no longer works anywhere (asked once: a
  // second use would fail as a replay even if logout had not ended it).
  expect((await ended).status()).toBe(204)
  const refreshed = await page.request.post('/auth/v1/token/refresh', {
    data: { refresh_token: refresh },
  })
  expect(refreshed.status()).toBe(401)
  // The page request no longer carries the token, so no page is made with the user's answers.
  expect(await bootToken()).toBeUndefined()
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
})

test('the session survives a reload', async ({ page }) => {
  await signIn(page, demo.admin)
  await page.reload()
  await expect(page.getByTestId('greeting')).toContainText('Ada')
})

test('theme persists per user across reloads and differs between users', async ({ page }) => {
  const htmlClass = () => page.evaluate(() => document.documentElement.style.colorScheme)
  await signIn(page, demo.admin)
  expect(await htmlClass()).toBe('light')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
  expect(await htmlClass()).toBe('dark')
  const adminId = await page.evaluate(() =>
    Object.keys(localStorage).find((key) => key.startsWith('dark_mode_')),
  )
  expect(adminId).toMatch(/^dark_mode_\d+$/)
  await page.reload()
  await expect(sidebar(page)).toBeVisible()
  expect(await htmlClass()).toBe('dark')

  await signOut(page)
  // Guests see the default theme, not the last user's.
  expect(await htmlClass()).toBe('light')
  await submitLogin(page, demo.staff)
  await expect(sidebar(page)).toBeVisible()
  expect(await htmlClass()).toBe('light')

  await signOut(page)
  await submitLogin(page, demo.admin)
  await expect(sidebar(page)).toBeVisible()
  expect(await htmlClass()).toBe('dark')
})

test('password reset: the link from the outbox sets a new password and signs in', async ({
  page,
  request,
}) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('The email field is required.')).toBeVisible()
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Please enter valid email address.')).toBeVisible()
  // No other browser test signs in as this login, so its new password disturbs nobody.
  const email = 'globexadmin@demo.local'
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible()

  const outbox = (await (await request.get('/dev/outbox')).json()) as {
    data: { recipient: string; link: string | null }[]
  }
  const link = outbox.data.filter((message) => message.recipient === email).at(-1)?.link
  expect(link).toMatch(/^\/password-reset\?token=/)

  await page.goto(link ?? '/')
  await page.getByLabel('New password').fill('short')
  await page.getByLabel('Confirm password').fill('different')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible()
  await expect(page.getByText('Passwords must match.')).toBeVisible()
  const fresh = `New-${DEMO_PASSWORD}-2`
  await page.getByLabel('New password').fill(fresh)
  await page.getByLabel('Confirm password').fill(fresh)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(sidebar(page)).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  // The link is single-use.
  await signOut(page)
  await page.goto(link ?? '/')
  await page.getByLabel('New password').fill(fresh)
  await page.getByLabel('Confirm password').fill(fresh)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(
    page.getByText('This reset link is invalid or has expired. Request a new one.'),
  ).toBeVisible()
})

test('logging out in one tab signs the other tab out', async ({ context, page }) => {
  await signIn(page, demo.orgadmin)
  const other = await context.newPage()
  await other.goto('/organizations')
  await expect(sidebar(other)).toBeVisible()
  await signOut(page)
  await expect(other).toHaveURL(/\/login/)
  expect(await storedTokens(other)).toEqual({ access: null, refresh: null })
})

test('signing in in one tab signs the other guest tab in', async ({ context, page }) => {
  await page.goto('/login')
  const other = await context.newPage()
  await other.goto('/login')
  await submitLogin(page, demo.admin)
  await expect(sidebar(page)).toBeVisible()
  await expect(sidebar(other)).toBeVisible()
})
