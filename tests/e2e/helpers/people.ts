import { expect, type Page } from '@playwright/test'
import { storedTokens } from './session'

export type Person = { user_id: number; email: string; username: string }

/**
 * A staff user in the signed-in user's organization, made through the API with the console's
 * token, named so that only one user matches it.
 */
export async function createPerson(
  page: Page,
  username: string,
  name: { first: string; last: string } = { first: 'Pia', last: 'Picker' },
): Promise<Person> {
  const { access } = await storedTokens(page)
  const headers = { Authorization: `Bearer ${access}` }
  const me = (await (await page.request.get('/org/v1/users/me', { headers })).json()) as {
    organization_id: number
  }
  const response = await page.request.post('/org/v1/users', {
    headers,
    data: {
      username,
      email: `${username}@acme.example`,
      first_name: name.first,
      last_name: name.last,
      organization_id: me.organization_id,
      roles: ['staff'],
      permissions: ['users:read:org'],
    },
  })
  expect(response.status(), `POST /org/v1/users: ${response.status()}`).toBe(201)
  return (await response.json()) as Person
}
