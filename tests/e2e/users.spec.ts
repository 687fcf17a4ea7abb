import { expect, test } from './helpers/test'
import { breadcrumb, demo, sidebar, signIn, signOut } from './helpers/session'
import { createUsers, fillNewUser, firstRow, grid } from './helpers/users'

// Users end to end against the real server: create → find → edit → invite → the invitee signs
// in, validation messages, organization scope, permission gating, disable and delete. Bulk actions:
// users-bulk.spec.ts; the keyboard, the palette and axe: users-keyboard.spec.ts.

test('admin creates, finds, edits and invites a user, who sets a password and arrives signed in', async ({
  page,
  request,
}) => {
  const username = `erika.${Date.now()}`
  await signIn(page, demo.admin)
  await sidebar(page).getByRole('link', { name: 'Users' }).click()
  await expect(page).toHaveURL(/\/users$/)
  await page.getByRole('link', { name: 'New user' }).click()
  await expect(page).toHaveURL(/\/users\/create$/)

  await fillNewUser(page, username)
  // Choosing the role filled in its permissions; one more is added in the matrix.
  await expect(page.getByRole('checkbox', { name: 'Users Read (own organization)' })).toBeChecked()
  await page.getByRole('checkbox', { name: 'Locations Update (own organization)' }).check()
  await page.getByRole('checkbox', { name: 'acme-web' }).check()
  await page.getByRole('button', { name: 'Create' }).click()

  await expect(page).toHaveURL(/\/users\?row=\d+$/)
  await expect(page.getByText('User “Erika Muster” created.')).toBeVisible()
  // Newest first: the new user is on top of the refetched list, with title, role and client.
  await expect(firstRow(page)).toContainText('Ms. Erika Muster')
  await expect(firstRow(page)).toContainText(username)
  await expect(firstRow(page)).toContainText('Staff')
  await expect(firstRow(page)).toContainText('acme-web')

  await page.getByRole('searchbox', { name: /Search users/ }).fill(username)
  await expect(page).toHaveURL(new RegExp(`q=${username.replace('.', '\\.')}`))
  await expect(grid(page).locator('[data-row-index]:not([aria-busy])')).toHaveCount(1)
  await grid(page).getByRole('link', { name: 'Ms. Erika Muster' }).click()
  await expect(page).toHaveURL(/\/users\/view\/\d+$/)
  await expect(breadcrumb(page)).toContainText('Erika Muster')
  await expect(page.getByText('locations:update:org')).toBeVisible()
  // No phone number yet: SMS is offered but disabled, and says why.
  await expect(page.getByRole('button', { name: 'Invite by SMS' })).toBeDisabled()
  await expect(page.getByText('No phone number: add one to invite by SMS.')).toBeVisible()

  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(/\/users\/edit\/\d+$/)
  await page.getByLabel('Last name').fill('Mustermann')
  await page.getByLabel('Phone number').fill('+49 30 1234567')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/users\?.*row=\d+/)
  await expect(page.getByText('User “Erika Mustermann” saved.')).toBeVisible()

  await grid(page).getByRole('link', { name: 'Ms. Erika Mustermann' }).click()
  await expect(page.getByRole('button', { name: 'Invite by SMS' })).toBeEnabled()
  await page.getByRole('button', { name: 'Invite by e-mail' }).click()
  await expect(page.getByText(`Invitation sent to ${username}@acme.example.`)).toBeVisible()

  const outbox = (await (await request.get('/dev/outbox')).json()) as {
    data: { recipient: string; link: string | null }[]
  }
  const link = outbox.data
    .filter((message) => message.recipient === `${username}@acme.example`)
    .at(-1)?.link
  expect(link).toMatch(/^\/password-reset\?token=/)

  await signOut(page)
  await page.goto(link ?? '/')
  const password = 'Invited-Password-1'
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(sidebar(page)).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('the form shows the validation messages and keeps the input after a failed save', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/users/create' })
  await page.getByRole('button', { name: 'Create' }).click()
  for (const message of [
    'Username is required.',
    'The email field is required.',
    'Organization is required.',
    'At least one role is required.',
    'At least one permission is required.',
  ])
    await expect(page.getByText(message)).toBeVisible()
  await expect(page.getByLabel('Username')).toBeFocused()
  await page.getByLabel('E-mail').fill('not-an-email')
  await page.getByLabel('E-mail').blur()
  await expect(page.getByText('Please enter valid email address.')).toBeVisible()

  // A username someone already has: the server refuses (409) at the field, and every input stays.
  await fillNewUser(page, 'staff')
  await page.getByLabel('E-mail').fill('someone.new@acme.example')
  await page.getByLabel('Notes').fill('Kept on failure')
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/org/v1/users') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Create' }).click()
  expect((await refused).status()).toBe(409)
  await expect(page.getByText('This username is already taken.')).toBeVisible()
  await expect(page.getByLabel('Username')).toBeFocused()
  await expect(page).toHaveURL(/\/users\/create$/)
  await expect(page.getByLabel('Notes')).toHaveValue('Kept on failure')
  await expect(page.getByLabel('Last name')).toHaveValue('Muster')
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('staff')
})

test('orgadmin sees no Globex users and is offered no global permission', async ({ page }) => {
  await signIn(page, demo.orgadmin, { at: '/users?q=globex' })
  await expect(page.getByText('Nothing matches “globex”.')).toBeVisible()
  await expect(grid(page).locator('[data-row-index]:not([aria-busy])')).toHaveCount(0)
  // A row's Delete says why where the view would: their own account, a global admin. The demo's
  // people, found by their address: the other tests' new people come first in the list.
  await page.goto('/users?q=demo.local')
  const remove = (name: string) => grid(page).getByRole('button', { name: `Delete ${name}` })
  await expect(remove('Otto Orgadmin')).toBeDisabled()
  await expect(remove('Otto Orgadmin')).toHaveAccessibleDescription(
    'You cannot delete your own account.',
  )
  await expect(remove('Ada Admin')).toBeDisabled()
  await expect(remove('Ada Admin')).toHaveAccessibleDescription(
    'This user has permissions you do not hold.',
  )
  await expect(remove('Stella Staff')).toBeEnabled()
  await page.goto('/users/create')
  const organization = page.getByRole('combobox', { name: 'Organization', exact: true })
  await expect(organization).toHaveValue('Acme')
  await organization.click()
  await expect(
    page.getByRole('listbox', { name: 'Organization', exact: true }).getByRole('option'),
  ).toHaveText(['Acme'])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('checkbox', { name: 'Users Read (own organization)' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /every organization/ })).toHaveCount(0)
  // The admin role holds global permissions an org admin does not: it is not offered.
  await expect(page.getByLabel('Role', { exact: true }).locator('option')).toHaveText([
    'Choose a role',
    'Organization admin',
    'Staff',
    'Auditor',
  ])
})

test('staff reads users but has no create, edit or delete', async ({ page }) => {
  await signIn(page, demo.staff, { at: '/users' })
  await expect(firstRow(page)).toBeVisible()
  await expect(page.getByRole('link', { name: 'New user' })).toHaveCount(0)
  await expect(grid(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  // No bulk action is theirs: x selects nothing, and the palette offers nothing on a selection.
  await grid(page).focus()
  await page.keyboard.press('x')
  await expect(page.getByRole('region', { name: 'Actions on the selected rows' })).toHaveCount(0)
  await page.keyboard.press('ControlOrMeta+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette.getByRole('option', { name: /Switch to dark theme/ })).toBeVisible()
  await expect(palette.getByRole('option', { name: /selected/ })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await grid(page).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/users\/view\/\d+$/)
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Invite|Delete/ })).toHaveCount(0)
  await page.goto('/users/create')
  await expect(page.getByText("Sorry, you can't view this page.")).toBeVisible()
  await expect(page.getByLabel('Username')).toHaveCount(0)
  // A malformed id and an unknown one both say the user is not there, under the page's title.
  for (const id of ['x%25y', '999999999']) {
    await page.goto(`/users/view/${id}`)
    await expect(page.getByRole('heading', { name: 'User', exact: true })).toBeFocused()
    await expect(
      page.getByText('This user does not exist, or it is not yours to see.'),
    ).toBeVisible()
  }
})

test('admin disables and enables a user from the view and the palette; never their own account', async ({
  page,
}) => {
  const username = `dora.${Date.now()}`
  await signIn(page, demo.admin)
  const [id] = await createUsers(page, [{ username, first_name: 'Dora', role: 'staff' }])
  await page.goto(`/users/view/${id}`)
  await page.getByRole('button', { name: 'Disable' }).click()
  const disable = page.getByRole('dialog', { name: 'Disable Dora Bulk?' })
  await expect(disable).toContainText('They are signed out at once')
  await disable.getByRole('button', { name: 'Disable' }).click()
  await expect(page.getByText('User “Dora Bulk” disabled.')).toBeVisible()
  await expect(disable).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible()
  await expect(page.locator('body')).not.toBeFocused()

  // The palette offers only what fits now: enable on a disabled user.
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type(`@${username}`)
  await expect(palette.getByRole('option', { name: /Dora Bulk/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Tab')
  await expect(palette.getByRole('option', { name: 'Disable user' })).toHaveCount(0)
  await page.keyboard.type('enable user')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/users\/view\/\d+$/)
  const enable = page.getByRole('dialog', { name: 'Enable Dora Bulk?' })
  // Enabling is undone as easily: focus starts on it, so Enter confirms at once.
  await expect(enable.getByRole('button', { name: 'Enable' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('User “Dora Bulk” enabled.')).toBeVisible()
  await expect(page).toHaveURL(/\/users\/view\/\d+$/)
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible()

  // One's own account: disabling and deleting are there, disabled, with the reason.
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('@admin@demo.local')
  await expect(palette.getByRole('option', { name: /Ada Admin/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Tab')
  for (const [name, reason] of [
    ['Disable user', 'You cannot disable your own account.'],
    ['Delete user', 'You cannot delete your own account.'],
  ]) {
    const option = palette.getByRole('option', { name: new RegExp(name) })
    await expect(option).toHaveAttribute('aria-disabled', 'true')
    await expect(option).toContainText(reason)
  }
})

test('unticking a permission the role carries takes it away (decision 021)', async ({ page }) => {
  const username = `uma.${Date.now()}`
  await signIn(page, demo.admin)
  const [id] = await createUsers(page, [{ username, first_name: 'Uma', role: 'staff' }])
  await page.goto(`/users/view/${id}`)
  await expect(page.locator('dd').filter({ hasText: 'locations:read:org' })).toHaveCount(1)
  await page.goto(`/users/edit/${id}`)
  const locations = page.getByRole('checkbox', { name: 'Locations Read (own organization)' })
  await expect(locations).toBeChecked()
  await locations.uncheck()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('User “Uma Bulk” saved.')).toBeVisible()
  await page.goto(`/users/view/${id}`)
  await expect(page.getByText('Effective permissions')).toBeVisible()
  await expect(page.locator('dd').filter({ hasText: 'users:read:org' })).toHaveCount(1)
  await expect(page.locator('dd').filter({ hasText: 'locations:read:org' })).toHaveCount(0)
  await page.goto(`/users/edit/${id}`)
  await expect(
    page.getByRole('checkbox', { name: 'Locations Read (own organization)' }),
  ).not.toBeChecked()
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('staff')
})

test('Delete on the edit page runs the same action: asks on Cancel, deletes, returns to the list', async ({
  page,
}) => {
  const username = `ulla.${Date.now()}`
  await signIn(page, demo.admin)
  const [id] = await createUsers(page, [{ username, first_name: 'Ulla', role: 'staff' }])
  await page.goto(`/users/edit/${id}`)
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /^Delete Ulla/ })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  // The page keeps showing Ulla until it leaves: never "does not exist" in between.
  await page.evaluate(() => {
    const seen = { notFound: false }
    Object.assign(window, { seen })
    new MutationObserver(() => {
      if (document.body.textContent?.includes('This user does not exist')) seen.notFound = true
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText(/User “Ulla .*” deleted\./)).toBeVisible()
  await expect(page).toHaveURL(/\/users(\?|$)/)
  expect(
    await page.evaluate(() => (window as unknown as { seen: { notFound: boolean } }).seen.notFound),
  ).toBe(false)
})
