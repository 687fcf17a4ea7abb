import { expect, test } from './helpers/test'
import { demo, expectNoSeriousA11yViolations, signIn } from './helpers/session'

// The second-factor policy in Settings (issue 67): global for holders of organizations:update, an
// organization's own for its org admin. In demo mode it starts off; saving it unchanged keeps it
// off, so the demo logins of the other specs on this server still sign in with their password.

test('Settings shows the global policy to the admin and the organization’s to the org admin', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/settings' })
  const global = page.getByRole('region', { name: 'Second factor for every organization' })
  await expect(global).toBeVisible()
  const users = global.getByLabel('users:update')
  await expect(users).not.toBeChecked()
  await expectNoSeriousA11yViolations(page)
  await global.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The second-factor policy was saved.')).toBeVisible()
  await expect(users).not.toBeChecked()
})

test('the org admin sees the organization’s policy with the passwordless choice', async ({
  page,
}) => {
  await signIn(page, demo.orgadmin, { at: '/settings' })
  const own = page.getByRole('region', { name: 'Second factor in your organization' })
  await expect(own).toBeVisible()
  await expect(
    own.getByLabel('People of this organization may sign in with a passkey alone'),
  ).not.toBeChecked()
  await expect(
    page.getByRole('region', { name: 'Second factor for every organization' }),
  ).toHaveCount(0)
})
