import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  MFA_POLICY_PATH,
  organizationMfaPolicyPath,
  resetFactorsPath,
} from '../../src/contract/api-paths'
import { takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import { shownSecret, totpCode } from './helpers/mfa'
import {
  DEMO_PASSWORD,
  dashboardHoldsFocus,
  demo,
  expectNoSeriousA11yViolations,
} from './helpers/session'

// Issue 67's demo walk: the org admin switches the organization's policy on, and their own next
// sign-in leads them through enrolment before anything else. On the clock server, in its turn
// (helpers/clock-turn.ts): no other test there runs meanwhile, so a policy switched on here never
// meets another test's sign-in. Not on the import server: a 1,000-row import holds its embedded
// database for minutes on a slow machine, and every step here waited behind it (a CI run timed out).
// The page's language changes at the second sign-in, so the shell is found by its test id.
const shell = (page: Page) => page.getByTestId('sidebar')

test.use({ baseURL: `http://127.0.0.1:${clockPort(Number(process.env.E2E_PORT ?? 8181))}` })

async function bearer(request: APIRequestContext, email: string) {
  const answer = await request.post('/auth/v1/token', {
    form: { username: email, password: DEMO_PASSWORD },
  })
  expect(answer.ok(), `sign-in of ${email}: ${answer.status()}`).toBe(true)
  const { access_token } = (await answer.json()) as { access_token: string }
  return { Authorization: `Bearer ${access_token}` }
}

/** The policy off and the org admin without a factor, as the demo starts: before and after. */
async function demoAsShipped(request: APIRequestContext): Promise<number> {
  const admin = await bearer(request, demo.admin)
  const people = (await (
    await request.get(`/org/v1/users?search=${encodeURIComponent(demo.orgadmin)}`, {
      headers: admin,
    })
  ).json()) as { data: { user_id: number; email: string; organization_id: number }[] }
  const orgadmin = people.data.find((person) => person.email === demo.orgadmin)
  if (orgadmin === undefined) throw new Error('the seed has no org admin')
  const off = { required_for: [], passwordless_passkeys: false }
  const policy = await request.put(organizationMfaPolicyPath(orgadmin.organization_id), {
    headers: admin,
    data: off,
  })
  expect(policy.ok(), `PUT the organization's policy: ${policy.status()}`).toBe(true)
  const global = await request.get(MFA_POLICY_PATH, { headers: admin })
  expect(((await global.json()) as { required_for: string[] }).required_for).toEqual([])
  // A fresh password sign-in is the check the reset asks for (decision 077).
  const reset = await request.post(resetFactorsPath(orgadmin.user_id), {
    headers: admin,
    data: { reason: 'Demo as shipped for the enrolment test' },
  })
  expect([200, 204], `reset the org admin's factors: ${reset.status()}`).toContain(reset.status())
  return orgadmin.organization_id
}

// Hooks of one scope run in the order declared: the turn is taken before the demo is reset, and
// released only after it is reset again.
let acme = 0
test.afterEach(async ({ request }) => {
  await demoAsShipped(request)
})
takeTurnsOnTheClock()
test.beforeEach(async ({ request }) => {
  acme = await demoAsShipped(request)
})

test('the policy switched on leads the org admin through enrolment at the next sign-in, in German, by keyboard', async ({
  page,
  request,
}) => {
  test.slow()
  // Switched on as the Settings form does for the org admin, with the organization's form of the
  // permission alone: the form also checks its global twin, which the global admin of the same
  // organization holds, and the import spec's sign-ins as that admin run beside this one.
  const policy = await request.put(organizationMfaPolicyPath(acme), {
    headers: await bearer(request, demo.orgadmin),
    data: { required_for: ['users:update:org'], passwordless_passkeys: false },
  })
  expect(policy.ok(), `PUT the organization's policy: ${policy.status()}`).toBe(true)

  // The next sign-in, in German: the enrolment is all there is until it is done.
  await page.goto('/login?lng=de')
  await page.getByLabel('E-Mail oder Benutzername').fill(demo.orgadmin)
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Zweiten Faktor einrichten' })).toBeVisible()
  await expect(shell(page)).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousA11yViolations(page)
  await page.emulateMedia({ colorScheme: 'light' })
  const secret = await shownSecret(page)
  await page.getByLabel('Code aus der App').fill(totpCode(secret))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' })).toBeVisible()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await page.getByRole('button', { name: 'Gespeichert, weiter' }).press('Enter')
  await expect(shell(page)).toBeVisible()

  // From now on the password alone is not enough. A keyboard user sees the dashboard take focus
  // before Tab reaches Abmelden: until then the shell moves focus left on it to the page (focus.ts),
  // and a press on a button the test focused meanwhile went to the dashboard's heading.
  await dashboardHoldsFocus(page)
  await shell(page).getByRole('button', { name: 'Abmelden' }).press('Enter')
  await page.getByLabel('E-Mail oder Benutzername').fill(demo.orgadmin)
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  const code = page.getByLabel('Code', { exact: true })
  await expect(code).toBeFocused()
  await code.fill(totpCode(secret, 1))
  await page.keyboard.press('Enter')
  await expect(shell(page)).toBeVisible()
})
