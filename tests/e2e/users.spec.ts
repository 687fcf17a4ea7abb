import { expect, test, type Page } from '@playwright/test'
import {
  allowAxeTime,
  breadcrumb,
  demo,
  expectNoSeriousA11yViolations as expectNoSeriousViolations,
  sidebar,
  signIn,
  signInByKeyboard,
  signOut,
  storedTokens,
  useDarkTheme,
} from './helpers/session'

// Users end to end against the real server: create → find → edit → invite → the invitee signs
// in, validation messages, organization scope, permission gating and axe in both themes.

const grid = (page: Page) => page.getByRole('grid', { name: 'Users' })
const firstRow = (page: Page) => grid(page).locator('[data-row-index="0"]:not([aria-busy])')

const rows = (page: Page) => grid(page).locator('[data-row-index]:not([aria-busy])')

interface NewUser {
  username: string
  first_name: string
  role: 'staff' | 'admin'
  /** Acme's clients the user serves; none when absent. */
  client_ids?: string[]
}

/** Users made through the API as the signed-in admin, in Acme; answers their ids. */
async function createUsers(page: Page, users: NewUser[]) {
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
async function createManyUsers(page: Page, prefix: string, count: number) {
  const names = Array.from({ length: count }, (_, i) => `${prefix}.${String(i).padStart(3, '0')}`)
  for (let i = 0; i < names.length; i += 10)
    await createUsers(
      page,
      names.slice(i, i + 10).map((username) => ({ username, first_name: 'Sam', role: 'staff' })),
    )
}

async function fillNewUser(page: Page, username: string) {
  await page.getByLabel('Title').selectOption('Ms.')
  await page.getByLabel('First name').fill('Erika')
  await page.getByLabel('Last name').fill('Muster')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('E-mail').fill(`${username}@acme.example`)
  await page.getByRole('combobox', { name: 'Organization', exact: true }).fill('Acme')
  await page.getByRole('option', { name: 'Acme', exact: true }).click()
  await page.getByLabel('Role', { exact: true }).selectOption('staff')
}

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

test('palette: @ finds users; actions are absent, disabled with a reason, or run', async ({
  page,
}) => {
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await signIn(page, demo.admin)
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('@orgadmin')
  await expect(palette.getByRole('option', { name: /Mr\. Otto Orgadmin/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Tab')
  await expect(palette.getByRole('option', { name: 'Edit user' })).toBeVisible()
  // The seeded login has no phone number: SMS is there, but says why it cannot run.
  const sms = palette.getByRole('option', { name: /Invite by SMS/ })
  await expect(sms).toHaveAttribute('aria-disabled', 'true')
  await expect(sms).toContainText('No phone number: add one to invite by SMS.')
  await page.keyboard.type('invite by e-mail')
  // Choosing the invitation is the one ask: it is sent where the person is, as the page's button
  // sends it.
  await page.keyboard.press('Enter')
  await expect(page.getByText('Invitation sent to orgadmin@demo.local.')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await signOut(page)
  await signIn(page, demo.staff)
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('@orgadmin')
  await expect(palette.getByRole('option', { name: /Otto Orgadmin/ })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(palette.getByRole('option', { name: 'View user' })).toBeVisible()
  // Staff may never edit, invite or delete: those actions do not exist for them.
  await expect(palette.getByRole('option', { name: /Edit user|Invite|Delete user/ })).toHaveCount(0)
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

test('bulk from a palette search: "disable <name>" takes what it found to the list to choose rows', async ({
  page,
}) => {
  const stamp = Date.now()
  await signIn(page, demo.admin)
  await createUsers(page, [
    { username: `crew.${stamp}.a`, first_name: 'Anna', role: 'staff' },
    { username: `crew.${stamp}.b`, first_name: 'Ben', role: 'staff' },
  ])
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type(`disable crew.${stamp}`)
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  const section = palette.getByRole('group', { name: 'Disable user' })
  await expect(section.getByRole('option', { name: /Anna/ })).toBeVisible()
  await expect(section.getByRole('option', { name: /Ben/ })).toBeVisible()
  // The section's last row takes every find to the list, where the selection bar disables them.
  const toList = section.getByRole('option', { name: 'Choose among all found, in the list…' })
  await expect(toList).toBeVisible()
  await page.keyboard.press('End')
  await expect(toList).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/users\\?q=crew\\.${stamp}$`))
  await expect(rows(page)).toHaveCount(2)
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
  await expect(bar).toContainText('1 selected')
  await page.keyboard.press('Shift+J')
  await expect(bar).toContainText('2 selected')
  await expect(bar.getByRole('button', { name: 'Disable' })).toBeEnabled()
})

test('bulk by keyboard: x and Shift+j select, one confirmation, per-row results, the list refetched', async ({
  page,
}) => {
  allowAxeTime()
  const stamp = Date.now()
  await signIn(page, demo.admin)
  await createUsers(page, [
    { username: `bulk.${stamp}.a`, first_name: 'Anna', role: 'staff', client_ids: ['acme-web'] },
    {
      username: `bulk.${stamp}.b`,
      first_name: 'Ben',
      role: 'admin',
      client_ids: ['acme-mobile', 'acme-web'],
    },
    { username: `bulk.${stamp}.c`, first_name: 'Cleo', role: 'staff' },
  ])
  await signOut(page)
  // The org admin may disable Acme's staff, but not a global admin: that row fails, the rest go on.
  await signIn(page, demo.orgadmin, { at: `/users?q=bulk.${stamp}` })
  await expect(rows(page)).toHaveCount(3)
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
  await expect(bar).toContainText('1 selected')
  await page.keyboard.press('Shift+J')
  await page.keyboard.press('Shift+J')
  await expect(bar).toContainText('3 selected')
  await expect(grid(page).getByRole('checkbox', { checked: true })).toHaveCount(3)
  // x again takes the active row out; Shift+x selects back up to it from the anchor.
  await page.keyboard.press('x')
  await expect(bar).toContainText('2 selected')
  await page.keyboard.press('Shift+X')
  await expect(bar).toContainText('3 selected')

  await page.keyboard.press('Tab')
  await expect(bar.getByRole('button', { name: 'Invite by e-mail' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(bar.getByRole('button', { name: 'Disable' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Disable 3 users?' })
  await expect(dialog.getByRole('listitem')).toHaveCount(3)
  // The selected users' clients as one list, each once (R3.13).
  await expect(dialog.getByText(/^Their clients:/)).toHaveText(
    /^Their clients: (acme-web, acme-mobile|acme-mobile, acme-web)$/,
  )
  await expectNoSeriousViolations(page)
  await dialog.getByRole('button', { name: 'Disable 3 users' }).click()
  await expect(dialog.getByRole('status')).toHaveText('2 succeeded, 1 failed.')
  await expect(dialog.getByRole('status')).toBeFocused()
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Ben Bulk' })).toContainText(
    'Failed: This user has permissions you do not hold, so you cannot change them.',
  )
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Anna Bulk' })).toContainText('Done')
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Cleo Bulk' })).toContainText('Done')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(bar).toHaveCount(0)
  await expect(grid(page).getByRole('checkbox', { checked: true })).toHaveCount(0)
  // Refetched: the two disabled users say so, the admin does not.
  await expect(rows(page).filter({ hasText: 'Disabled' })).toHaveCount(2)
  await expect(rows(page).filter({ hasText: 'Ben Bulk' })).not.toContainText('Disabled')

  // A new search is a new set of rows: the selection does not carry over.
  await grid(page).focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('x')
  await expect(bar).toContainText('1 selected')
  await page.getByRole('searchbox', { name: /Search users/ }).fill(`bulk.${stamp}.a`)
  await expect(rows(page)).toHaveCount(1)
  await expect(bar).toHaveCount(0)
})

test('bulk from the palette: offered only while rows are selected, the same confirmation and results', async ({
  page,
}) => {
  const stamp = Date.now()
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  const bulkCommands = palette.getByRole('option', { name: /selected/ })
  await signIn(page, demo.admin)
  await createUsers(page, [
    { username: `palbulk.${stamp}.a`, first_name: 'Anna', role: 'staff' },
    { username: `palbulk.${stamp}.b`, first_name: 'Ben', role: 'staff' },
    { username: `palbulk.${stamp}.c`, first_name: 'Cleo', role: 'staff' },
  ])
  await page.goto(`/users?q=palbulk.${stamp}`)
  await expect(rows(page)).toHaveCount(3)
  // Nothing selected: nothing to act on, so the palette has no such commands.
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette.getByRole('option', { name: /Switch to dark theme/ })).toBeVisible()
  await expect(bulkCommands).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(palette).toHaveCount(0)

  await grid(page).focus()
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.keyboard.press('Shift+J')
  await page.keyboard.press('Shift+J')
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
  await expect(bar).toContainText('3 selected')
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('selected')
  await expect(bulkCommands).toHaveCount(6)
  for (const name of [
    'Invite selected',
    'Disable selected',
    'Enable selected',
    'Offboard selected',
    'Delete selected',
    'Add selected to group…',
  ])
    await expect(palette.getByRole('option', { name })).toBeVisible()
  await page.keyboard.press('Control+a')
  await page.keyboard.type('Disable selected')
  await expect(palette.getByRole('option', { name: 'Disable selected' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Disable 3 users?' })
  await expect(dialog.getByRole('listitem')).toHaveCount(3)
  // Disabling is undone by enabling: focus starts on it, so Enter confirms at once.
  await expect(dialog.getByRole('button', { name: 'Disable 3 users' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('status')).toHaveText('3 succeeded, 0 failed.')
  for (const name of ['Anna Bulk', 'Ben Bulk', 'Cleo Bulk'])
    await expect(dialog.getByRole('listitem').filter({ hasText: name })).toContainText('Done')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(bar).toHaveCount(0)
  // Refetched: all three say they are disabled.
  await expect(rows(page).filter({ hasText: 'Disabled' })).toHaveCount(3)
  // The selection is done with, and the commands went with it.
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette.getByRole('option', { name: /Switch to dark theme/ })).toBeVisible()
  await expect(bulkCommands).toHaveCount(0)
})

test('bulk invite of 3 from the bar: the one the org admin may not invite is named with why, the others get links', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  await signIn(page, demo.admin)
  await createUsers(page, [
    { username: `invite.${stamp}.a`, first_name: 'Anna', role: 'staff' },
    { username: `invite.${stamp}.b`, first_name: 'Ben', role: 'admin' },
    { username: `invite.${stamp}.c`, first_name: 'Cleo', role: 'staff' },
  ])
  await signOut(page)
  // Every user has an e-mail (requirements R5.1), so the row that fails is one beyond the caller.
  await signIn(page, demo.orgadmin, { at: `/users?q=invite.${stamp}` })
  await expect(rows(page)).toHaveCount(3)
  await grid(page)
    .getByRole('checkbox', { name: /Anna Bulk/ })
    .click()
  await grid(page)
    .getByRole('checkbox', { name: /Cleo Bulk/ })
    .click({ modifiers: ['Shift'] })
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
  await expect(bar).toContainText('3 selected')
  await bar.getByRole('button', { name: 'Invite by e-mail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite 3 users by e-mail?' })
  await dialog.getByRole('button', { name: 'Send 3 invitations' }).click()
  await expect(dialog.getByRole('status')).toHaveText('2 succeeded, 1 failed.')
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Ben Bulk' })).toContainText(
    'Failed: This user has permissions you do not hold, so you cannot change them.',
  )
  const outbox = (await (await request.get('/dev/outbox')).json()) as {
    data: { recipient: string; link: string | null }[]
  }
  const invited = (name: string) =>
    outbox.data.some((message) => message.recipient === `invite.${stamp}.${name}@acme.example`)
  expect([invited('a'), invited('b'), invited('c')]).toEqual([true, false, true])
})

test('a selection survives scrolling through more rows than one window', async ({ page }) => {
  test.setTimeout(120_000)
  const prefix = `scroll.${Date.now()}`
  await signIn(page, demo.admin)
  await createManyUsers(page, prefix, 120)
  await page.goto(`/users?q=${prefix}`)
  await expect(page.getByText('120 matches')).toBeVisible()
  await grid(page).focus()
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
  await expect(bar).toContainText('1 selected')
  // The far end is another window: the first row's DOM node is gone while we are there.
  await page.keyboard.press('End')
  await expect(grid(page).locator('[data-row-index="119"]:not([aria-busy])')).toBeVisible()
  await expect(grid(page).locator('[data-row-index="0"]')).toHaveCount(0)
  await page.keyboard.press('x')
  await expect(bar).toContainText('2 selected')
  await page.keyboard.press('Home')
  await expect(
    grid(page).locator('[data-row-index="0"]').getByRole('checkbox', { checked: true }),
  ).toBeVisible()
  await expect(bar).toContainText('2 selected')
})

/** Tabs forward until `target` has focus, as a keyboard user would (at most `max` presses). */
async function tabTo(page: Page, target: ReturnType<Page['getByLabel']>, max = 40) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test('keyboard alone: g u, c, the form, Ctrl+Enter, / to find, Enter to open, disable, u back', async ({
  page,
}) => {
  const username = `keys.${Date.now()}`
  await signInByKeyboard(page, demo.admin)
  await page.keyboard.press('g')
  await page.keyboard.press('u')
  await expect(page).toHaveURL(/\/users$/)
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('c')
  await expect(page).toHaveURL(/\/users\/create$/)

  await tabTo(page, page.getByLabel('First name'))
  await page.keyboard.type('Kira')
  await tabTo(page, page.getByLabel('Last name'))
  await page.keyboard.type('Keys')
  await tabTo(page, page.getByLabel('Username'))
  await page.keyboard.type(username)
  await tabTo(page, page.getByLabel('E-mail'))
  await page.keyboard.type(`${username}@acme.example`)
  await tabTo(page, page.getByRole('combobox', { name: 'Organization', exact: true }))
  await page.keyboard.type('Acme')
  await expect(page.getByRole('option', { name: 'Acme', exact: true })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByLabel('Role', { exact: true }))
  await page.keyboard.type('Staff')
  await expect(page.getByRole('checkbox', { name: 'Users Read (own organization)' })).toBeChecked()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText('User “Kira Keys” created.')).toBeVisible()

  await page.keyboard.press('/')
  await page.keyboard.type(username)
  await expect(rows(page)).toHaveCount(1)
  await page.keyboard.press('Tab')
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/users\/view\/\d+$/)
  await expect(breadcrumb(page)).toContainText('Kira Keys')
  await tabTo(page, page.getByRole('button', { name: 'Disable' }))
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Disable Kira Keys?' })
  await tabTo(page, confirm.getByRole('button', { name: 'Disable' }), 5)
  await page.keyboard.press('Enter')
  await expect(page.getByText('User “Kira Keys” disabled.')).toBeVisible()
  await page.keyboard.press('u')
  await expect(page).toHaveURL(/\/users\?.*q=keys\./)
  await expect(rows(page).filter({ hasText: 'Kira Keys' })).toContainText('Disabled')
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe on the selection bar, the bulk dialog and the disable dialog (${theme})`, async ({
    page,
  }) => {
    allowAxeTime()
    await signIn(page, demo.admin, { at: '/users' })
    await expect(firstRow(page)).toBeVisible()
    if (theme === 'dark') await useDarkTheme(page)
    await grid(page).focus()
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.keyboard.press('Shift+J')
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
    await expect(bar).toContainText('2 selected')
    await expectNoSeriousViolations(page)
    await bar.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('dialog', { name: 'Delete 2 users?' })).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await expect(bar).toContainText('2 selected')
    await page.goto('/users?q=orgadmin@demo.local')
    await grid(page)
      .getByRole('link', { name: /Otto Orgadmin/ })
      .click()
    await page.getByRole('button', { name: 'Disable' }).click()
    await expect(page.getByRole('dialog', { name: 'Disable Otto Orgadmin?' })).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
  })

  test(`axe on the list, the view and the form (${theme})`, async ({ page }) => {
    allowAxeTime()
    await signIn(page, demo.admin, { at: '/users' })
    await expect(firstRow(page)).toBeVisible()
    if (theme === 'dark') await useDarkTheme(page)
    await expectNoSeriousViolations(page)
    await grid(page).getByRole('link').first().click()
    await expect(page.getByText('Effective permissions')).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.goto('/users/create')
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByText('Username is required.')).toBeVisible()
    await expectNoSeriousViolations(page)
  })
}

test('a confirmation starts where its kind says: a linked invitation and disable on the confirming button, a delete on Cancel', async ({
  page,
}) => {
  const username = `vera.${Date.now()}`
  await signInByKeyboard(page, demo.admin)
  const [id] = await createUsers(page, [{ username, first_name: 'Vera', role: 'staff' }])
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  const actionOnVera = async (action: string) => {
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type(`@${username}`)
    await expect(palette.getByRole('option', { name: /Vera Bulk/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.keyboard.press('Tab')
    await page.keyboard.type(action)
    await expect(palette.getByRole('option', { name: action })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.keyboard.press('Enter')
  }

  // A link that asks for an invitation is confirmed once, starting on Send invitation.
  await page.goto(`/users/view/${id}?command=invite-email`)
  const invite = page.getByRole('dialog', { name: 'Send Vera Bulk an invitation?' })
  await expect(invite.getByRole('button', { name: 'Send invitation' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Invitation sent to ${username}@acme.example.`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/users/view/${id}$`))
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await actionOnVera('Disable user')
  const disable = page.getByRole('dialog', { name: 'Disable Vera Bulk?' })
  await expect(disable.getByRole('button', { name: 'Disable' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('User “Vera Bulk” disabled.')).toBeVisible()
  await expect(disable).toHaveCount(0)

  // A deleted user does not come back: focus starts on Cancel, and Enter keeps the user.
  await actionOnVera('Delete user')
  const remove = page.getByRole('dialog', { name: 'Delete Vera Bulk?' })
  await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(remove).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/users/view/${id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Vera Bulk')
})

test('@ alone lists the users opened last, then the first window, and End reaches the next one', async ({
  page,
}) => {
  const stamp = Date.now()
  await signInByKeyboard(page, demo.admin)
  await createManyUsers(page, `browse.${stamp}`, 30)
  const [last] = await createUsers(page, [
    { username: `zz.${stamp}`, first_name: 'Zora', role: 'staff' },
  ])
  // Opening Zora's page makes her a recent one; her username sorts after the first window.
  await page.goto(`/users/view/${last}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Zora Bulk')
  await page.goto('/users')
  await expect(grid(page)).toBeVisible()

  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('@')
  const recent = palette.getByRole('group', { name: 'Recently opened' })
  const listed = palette.getByRole('group', { name: 'Users', exact: true })
  await expect(recent.getByRole('option')).toHaveText([/Zora Bulk/])
  await expect(recent.getByRole('option')).toHaveAttribute('aria-selected', 'true')
  await expect(listed.getByRole('option')).toHaveCount(25)

  // End walks onto the window's last row, which asks for the next window below it.
  await page.keyboard.press('End')
  await expect(listed.getByRole('option').nth(24)).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => listed.getByRole('option').count()).toBeGreaterThan(25)
  await page.keyboard.press('ArrowDown')
  const beyond = listed.getByRole('option').nth(25)
  await expect(beyond).toHaveAttribute('aria-selected', 'true')
  await expect(beyond).toBeInViewport()
  // Zora is listed once, among the recent ones.
  await expect(palette.getByRole('option', { name: /Zora Bulk/ })).toHaveCount(1)
  await expectNoSeriousViolations(page)
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
