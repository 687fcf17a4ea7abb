import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { DEMO_PASSWORD, demo, signIn, storedTokens } from './helpers/session'

// The users area offers a change only where the server takes it, says why where it would not,
// and shows the server's reason in words when a change is refused after all (decision 043).

async function tokenOf(page: Page, username: string) {
  const response = await page.request.post('/auth/v1/token', {
    form: { username, password: DEMO_PASSWORD },
  })
  return ((await response.json()) as { access_token: string }).access_token
}

async function request(page: Page, token: string, method: string, path: string, data?: object) {
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  })
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> }
}

async function myId(page: Page) {
  const { access } = await storedTokens(page)
  const me = await request(page, access ?? '', 'GET', '/org/v1/users/me')
  return me.body.user_id as number
}

test('one’s own account: Delete and Disabled are there, disabled, with the reason', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  await page.goto(`/users/edit/${await myId(page)}`)
  const remove = page.getByRole('button', { name: 'Delete' })
  await expect(remove).toBeDisabled()
  await expect(remove).toHaveAccessibleDescription('You cannot delete your own account.')
  const disabled = page.getByRole('checkbox', { name: 'Disabled' })
  await expect(disabled).toBeDisabled()
  await expect(disabled).toHaveAccessibleDescription('You cannot disable your own account.')
  // The rest of one's own account is still one's to change.
  await page.getByLabel('Notes').fill('Keeps the keys.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('User “Ada Admin” saved.')).toBeVisible()
})

test('an org admin is not offered to edit a global admin: the page says why instead', async ({
  page,
}) => {
  const adminToken = await tokenOf(page, demo.admin)
  const admin = await request(page, adminToken, 'GET', '/org/v1/users/me')
  await signIn(page, demo.orgadmin, { at: `/users/view/${String(admin.body.user_id)}` })
  const edit = page.getByRole('button', { name: 'Edit' })
  await expect(edit).toBeDisabled()
  await expect(edit).toHaveAccessibleDescription('This user has permissions you do not hold.')
  await page.goto(`/users/edit/${String(admin.body.user_id)}`)
  await expect(page.getByText('This user has permissions you do not hold.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(page.getByRole('form')).toHaveCount(0)
})

test('a refusal after the page opened says the server’s reason, and keeps what was typed', async ({
  page,
}) => {
  const adminToken = await tokenOf(page, demo.admin)
  const username = `rita.${Date.now()}`
  const me = await request(page, adminToken, 'GET', '/org/v1/users/me')
  const created = await request(page, adminToken, 'POST', '/org/v1/users', {
    username,
    email: `${username}@acme.example`,
    first_name: 'Rita',
    last_name: 'Refused',
    organization_id: me.body.organization_id,
    roles: ['staff'],
    permissions: ['users:read:org'],
  })
  expect(created.status).toBe(201)
  const id = created.body.user_id as number
  await signIn(page, demo.orgadmin, { at: `/users/edit/${id}` })
  await page.getByLabel('Notes').fill('Moved to the night shift.')
  // Meanwhile a global admin gives Rita a permission the org admin does not hold.
  const raised = await request(page, adminToken, 'PUT', `/org/v1/users/${id}`, {
    permissions: ['users:read'],
  })
  expect(raised.status).toBe(200)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This user has permissions you do not hold, so you cannot change them.' }),
  ).toBeVisible()
  await expect(page.getByLabel('Notes')).toHaveValue('Moved to the night shift.')
  // Deleting oneself through the API is refused with a rule the console words.
  const { access } = await storedTokens(page)
  const own = await request(page, access ?? '', 'DELETE', `/org/v1/users/${await myId(page)}`)
  expect(own).toMatchObject({
    status: 409,
    body: { rule: 'own_account', params: { change: 'delete' } },
  })
})
