import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  breadcrumb,
  demo,
  expectNoSeriousA11yViolations as expectNoSeriousViolations,
  signIn,
  useDarkTheme,
} from './helpers/session'

// Organizations end to end against the real server: create → list → edit → delete, the
// validation messages, org scope, permission gating, keyboard and axe.

const grid = (page: Page) => page.getByRole('grid', { name: 'Organizations' })
const rowNamed = (page: Page, name: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) })

test('admin creates, finds, edits and deletes an organization', async ({ page }) => {
  const name = `Globex ${Date.now()}`
  const renamed = `${name} Europe`
  const client = `globex-${Date.now()}`
  await signIn(page, demo.admin, { at: '/organizations' })
  await page.getByRole('link', { name: 'New organization' }).click()
  await expect(page).toHaveURL(/\/organizations\/create$/)

  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Description').fill('Created by the e2e test')
  await page.getByLabel('Client ID').fill(client)
  await page.getByLabel('Client ID').press('Enter')
  await expect(page.getByRole('listitem').filter({ hasText: client })).toBeVisible()
  await page.getByRole('button', { name: 'Create' }).click()

  await expect(page).toHaveURL(/\/organizations\?row=\d+$/)
  await expect(page.getByText(`Organization “${name}” created.`)).toBeVisible()
  // Newest first: the new organization is on top of the refetched list.
  await expect(grid(page).locator('[data-row-index="0"]')).toContainText(name)

  await rowNamed(page, name).getByRole('link', { name }).click()
  await expect(page).toHaveURL(/\/organizations\/edit\/\d+$/)
  await expect(breadcrumb(page)).toContainText(name)
  await page.getByLabel('Name').fill(renamed)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/organizations\?row=\d+$/)
  // Back on the list where the user was, with the row just saved active and the list focused.
  await expect(grid(page)).toBeFocused()
  await expect(grid(page).locator('[data-active="true"]')).toContainText(renamed)
  await expect(page.getByText(`Organization “${renamed}” saved.`)).toBeVisible()
  await expect(rowNamed(page, renamed)).toBeVisible()

  await rowNamed(page, renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Delete ${renamed}?` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Organization “${renamed}” deleted.`)).toBeVisible()
  await expect(rowNamed(page, renamed)).toHaveCount(0)
})

test('the form shows the validation messages and keeps the input after a failed save', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/organizations/create' })
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()
  await expect(page.getByText('Please provide at least one client.')).toBeVisible()
  await expect(page.getByLabel('Name')).toBeFocused()

  await page.getByLabel('Client ID').fill('dup')
  await page.getByRole('button', { name: 'Add client' }).click()
  await page.getByLabel('Client ID').fill('dup')
  await page.getByRole('button', { name: 'Add client' }).click()
  await expect(page.getByText('Client already exists!')).toBeVisible()

  // A client another organization holds: the server refuses (409) and every input stays.
  await page.getByRole('button', { name: 'Remove client dup' }).click()
  await page.getByLabel('Name').fill('Kept on failure')
  await expect(page.getByText('Name is required.')).toBeHidden()
  await page.getByLabel('Client ID').fill('acme-web')
  await page.getByLabel('Client ID').press('Enter')
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/org/v1/organizations') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Create' }).click()
  expect((await refused).status()).toBe(409)
  await expect(page.getByText('Client already exists!')).toBeVisible()
  await expect(page).toHaveURL(/\/organizations\/create$/)
  await expect(page.getByLabel('Name')).toHaveValue('Kept on failure')
  await expect(page.getByRole('listitem').filter({ hasText: 'acme-web' })).toBeVisible()
})

test('form keys: first field focused, Enter from an empty field and Ctrl+Enter save, Escape cancels', async ({
  page,
}) => {
  const name = `Keys ${Date.now()}`
  await signIn(page, demo.admin, { at: '/organizations/create' })
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Description')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Client ID')).toBeFocused()
  await page.keyboard.type(`keys-${Date.now()}`)
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Client ID')).toHaveValue('')
  // Enter in the now empty client field submits rather than complaining about an empty id.
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/organizations\?row=\d+$/)
  await expect(page.getByText(`Organization “${name}” created.`)).toBeVisible()

  await rowNamed(page, name).getByRole('link', { name }).click()
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.getByLabel('Description').fill('Line one')
  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/\/organizations\?row=\d+$/)
  await expect(page.getByText(`Organization “${name}” saved.`)).toBeVisible()

  // Nothing changed: Escape leaves at once.
  await rowNamed(page, name).getByRole('link', { name }).click()
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/organizations\?row=\d+$/)

  // Something changed: Escape asks; Escape again keeps editing; Discard leaves without saving.
  await rowNamed(page, name).getByRole('link', { name }).click()
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.keyboard.type(' changed')
  await page.keyboard.press('Escape')
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' })
  await expect(ask).toBeVisible()
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(ask).toBeHidden()
  await expect(page.getByLabel('Name')).toBeFocused()
  await expect(page.getByLabel('Name')).toHaveValue(`${name} changed`)
  await page.keyboard.press('Escape')
  await ask.getByRole('button', { name: 'Discard changes' }).click()
  await expect(page).toHaveURL(/\/organizations\?row=\d+$/)
  await expect(rowNamed(page, name)).toBeVisible()
  await expect(rowNamed(page, `${name} changed`)).toHaveCount(0)
})

test('deleting an organization that still has users shows the server’s reason, focused', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/organizations?q=Acme' })
  await rowNamed(page, 'Acme').getByRole('link', { name: 'Acme' }).click()
  await expect(page.getByLabel('Name')).toHaveValue('Acme')
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Acme?' })
  const refused = page.waitForResponse((r) => r.request().method() === 'DELETE')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  expect((await refused).status()).toBe(409)
  const reason = dialog.getByRole('alert')
  await expect(reason).toHaveText(
    'The organization still has users, locations, devices, groups, schedules, calendars or access rules. Move or delete them first.',
  )
  await expect(reason).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/organizations\/edit\/\d+$/)
  await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused()
})

test('orgadmin sees only Acme', async ({ page }) => {
  await signIn(page, demo.orgadmin, { at: '/organizations' })
  await expect(grid(page).locator('[data-row-index]:not([aria-busy])')).toHaveCount(1)
  await expect(grid(page).locator('[data-row-index="0"]')).toContainText('Acme')
  await expect(page.getByRole('status').filter({ hasText: /entr/ })).toHaveText('1 entry')
})

test('staff can read the list but cannot reach create', async ({ page }) => {
  await signIn(page, demo.staff, { at: '/organizations' })
  await expect(grid(page).locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible()
  await expect(page.getByRole('link', { name: 'New organization' })).toHaveCount(0)
  await expect(grid(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  await page.goto('/organizations/create')
  await expect(page.getByText("Sorry, you can't view this page.")).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveCount(0)
})

test('keyboard only: / searches, ArrowDown enters the rows, j/k move, Enter opens', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/organizations' })
  await expect(grid(page).locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible()
  await page.keyboard.press('/')
  await expect(page.getByRole('searchbox', { name: 'Search organizations' })).toBeFocused()
  await page.keyboard.type('Acme')
  await expect(page).toHaveURL(/q=Acme/)
  await expect(grid(page).locator('[data-row-index="0"]')).toContainText('Acme')
  await page.keyboard.press('ArrowDown')
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('j')
  await page.keyboard.press('k')
  await expect(grid(page).locator('[data-row-index="0"]')).toHaveAttribute('data-active', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/organizations\/edit\/\d+$/)
  await expect(page.getByLabel('Name')).toHaveValue(/Acme/)
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe on the list and the form (${theme})`, async ({ page }) => {
    allowAxeTime()
    await signIn(page, demo.admin, { at: '/organizations' })
    await expect(grid(page).locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible()
    if (theme === 'dark') await useDarkTheme(page)
    await expectNoSeriousViolations(page)
    await page.getByRole('link', { name: 'New organization' }).click()
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByText('Name is required.')).toBeVisible()
    await expectNoSeriousViolations(page)
  })
}
