import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { DEV_CLOCK_PATH } from '../../src/contract/dev-clock'
import { takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import {
  DEMO_PASSWORD,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  useDarkTheme,
} from './helpers/session'

// Asked again before a decisive action (issue 67): a lockdown's release requested and approved
// with sign-ins older than 5 minutes. The console asks for the fresh check in a dialog (the demo
// logins have no second factor, so their password), then repeats the request once: the reason
// typed before is not typed again.
//
// On the clock server (helpers/expiry-server.ts, clockPort): the test moves the server's clock 6
// minutes on, and the lockdown refuses unlocks for every spec beside it until it is released.
test.use({ baseURL: `http://127.0.0.1:${clockPort(Number(process.env.E2E_PORT ?? 8181))}` })
takeTurnsOnTheClock()

const banner = (page: Page) => page.getByTestId('lockdown-banner')

async function moveClock(page: Page, minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000).toISOString()
  const response = await page.request.post(DEV_CLOCK_PATH, { data: { at } })
  expect(response.ok(), `POST /dev/clock: ${response.status()}`).toBe(true)
}

test('a release requested and approved with stale sign-ins asks for the check, then goes through with the reason typed', async ({
  browser,
}) => {
  test.slow()
  const contexts = [await browser.newContext(), await browser.newContext()] as const
  const admin = await contexts[0].newPage()
  const org = await contexts[1].newPage()
  await signIn(admin, demo.admin)
  await signIn(org, demo.orgadmin)

  // Starting one is never asked again (decision 056).
  await admin.keyboard.press('ControlOrMeta+k')
  await admin.keyboard.type('lock down acme warehouse')
  const palette = admin.getByRole('dialog', { name: 'Command palette' })
  await expect(palette.getByText('Searching…')).toBeHidden()
  await expect(
    palette.getByRole('group', { name: 'Lock down' }).getByRole('option').first(),
  ).toContainText('Acme Warehouse')
  await admin.keyboard.press('Enter')
  const start = admin.getByRole('dialog', { name: 'Lock down Acme Warehouse…' })
  await start.getByLabel('Reason').fill('Gas leak reported')
  await start.getByLabel(/I understand/).check()
  await start.getByRole('button', { name: 'Lock down now' }).click()
  await expect(admin).toHaveURL(/\/lockdowns\/\d+$/)

  await moveClock(admin, 6)

  // The request: typed once, refused for a stale sign-in, asked again, repeated.
  await banner(admin).getByRole('button', { name: 'Request release' }).click()
  const request = admin.getByRole('dialog', { name: 'Request release of Acme Warehouse' })
  await request.getByLabel('Reason').fill('Gas company gave the all-clear')
  await request.getByRole('button', { name: 'Request release' }).click()
  const check = admin.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(check).toBeVisible()
  await expect(check.getByLabel('Password')).toBeFocused()
  await expectNoSeriousA11yViolations(admin)
  await check.getByLabel('Password').fill('Wrong-Password-0')
  await admin.keyboard.press('Enter')
  await expect(check.getByText('That is not right. Try again.')).toBeVisible()
  await check.getByLabel('Password').fill(DEMO_PASSWORD)
  await admin.keyboard.press('Enter')
  await expect(check).toBeHidden()
  await expect(request).toBeHidden()
  await expect(banner(admin)).toContainText('You requested its release')

  // The approval, in the dark theme: the same, and the requester's reason is what it shows.
  await useDarkTheme(org)
  await expect(banner(org)).toContainText('Release requested by')
  await banner(org).getByRole('button', { name: 'Approve release' }).click()
  const approve = org.getByRole('dialog', { name: 'Approve release of Acme Warehouse' })
  await expect(approve).toContainText('Gas company gave the all-clear')
  await approve.getByRole('button', { name: 'Approve release' }).click()
  const orgCheck = org.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(orgCheck).toBeVisible()
  await expectNoSeriousA11yViolations(org)
  await orgCheck.getByLabel('Password').fill(DEMO_PASSWORD)
  await org.keyboard.press('Enter')
  await expect(banner(org)).toBeHidden()
  await expect(banner(admin)).toBeHidden()

  for (const context of contexts) await context.close()
})
