import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  breadcrumb,
  demo,
  expectNoSeriousA11yViolations as expectNoSeriousViolations,
  signIn,
  signInByKeyboard,
  signOut,
  useDarkTheme,
} from './helpers/session'
import { createManyUsers, createUsers, firstRow, grid, rows } from './helpers/users'

// Users by keyboard and palette against the real server: @ to find, the keyboard alone from g u to
// disable, where each confirmation starts, @ alone browsing, and axe in both themes.

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
