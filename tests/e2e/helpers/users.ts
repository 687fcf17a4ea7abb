import { expect, type Page } from '@playwright/test'
import { storedTokens } from './session'

// The users list and its data, shared by the users specs (users, users-bulk, users-keyboard).

export const grid = (page: Page) => page.getByRole('grid', { name: 'Users' })
export const firstRow = (page: Page) => grid(page).locator('[data-row-index="0"]:not([aria-busy])')

export const rows = (page: Page) => grid(page).locator('[data-row-index]:not([aria-busy])')

export interface NewUser {
  username: string
  first_name: string
  role: 'staff' | 'admin'
  /** Acme's clients the user serves; none when absent. */
  client_ids?: string[]
}

/** Users made through the API as the signed-in admin, in Acme; answers their ids. */
export async function createUsers(page: Page, users: NewUser[]) {
  const { access } = await storedTokens(page)
  const headers = { Authorization: `Bearer ${access}` }
  const orgs = (await (
    await page.request.get('/org/v1/organizations?search=Acme', { headers })
  ).json()) as { data: { organization_id: number; name: string }[] }
  const acme = orgs.data.find((o) => o.name === 'Acme')?.organization_id
  const roles = (await (
    await page.request.get('/org/v1/users/roles/permissions', { headers })
  ).json()) as { data: { role: string; permissions: string[] }[] }
  const ids: number[] = []
  for (const user of users) {
    const response = await page.request.post('/org/v1/users', {
      headers,
      data: {
        username: user.username,
        email: `${user.username}@acme.example`,
        first_name: user.first_name,
        last_name: 'Bulk',
        organization_id: acme,
        roles: [user.role],
        permissions: roles.data.find((r) => r.role === user.role)?.permissions,
        client_ids: user.client_ids ?? [],
      },
    })
    expect(response.status()).toBe(201)
    ids.push(((await response.json()) as { user_id: number }).user_id)
  }
  return ids
}

/** `count` staff users in Acme named `${prefix}.N`, ten requests at a time. */
export async function createManyUsers(page: Page, prefix: string, count: number) {
  const names = Array.from({ length: count }, (_, i) => `${prefix}.${String(i).padStart(3, '0')}`)
  for (let i = 0; i < names.length; i += 10)
    await createUsers(
      page,
      names.slice(i, i + 10).map((username) => ({ username, first_name: 'Sam', role: 'staff' })),
    )
}

export async function fillNewUser(page: Page, username: string) {
  await page.getByLabel('Title').selectOption('Ms.')
  await page.getByLabel('First name').fill('Erika')
  await page.getByLabel('Last name').fill('Muster')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('E-mail').fill(`${username}@acme.example`)
  await page.getByRole('combobox', { name: 'Organization', exact: true }).fill('Acme')
  await page.getByRole('option', { name: 'Acme', exact: true }).click()
  await page.getByLabel('Role', { exact: true }).selectOption('staff')
}
