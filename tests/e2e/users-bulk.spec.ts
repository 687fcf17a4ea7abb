import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations as expectNoSeriousViolations,
  signIn,
  signOut,
} from './helpers/session'
import { createManyUsers, createUsers, grid, rows } from './helpers/users'

// Users in bulk against the real server: from a palette search, by keyboard, from the palette while
// rows are selected, an invitation of several, and a selection that outlives scrolling.

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
