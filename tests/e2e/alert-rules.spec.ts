import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { pick, tabTo } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signOut,
  useDarkTheme,
} from './helpers/session'

// Issue 68's alert rules (decision 082): an org admin writes "Held open > 60 s at Acme HQ →
// Reception team, warning" by keyboard; a second one of that name is refused at its field with
// everything typed kept; delete asks first, starting on Cancel; staff read only. axe in both
// themes and languages.

test.describe.configure({ mode: 'serial' })

const RULE = 'Held open > 60 s at Acme HQ → Reception team, warning'

async function fillHeldOpen(page: Page) {
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.keyboard.type(RULE)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('checkbox', { name: 'Door held open' })).toBeFocused()
  await page.keyboard.press('Space')
  const threshold = page.getByRole('textbox', { name: 'Held for (seconds)' })
  await tabTo(page, threshold)
  await page.keyboard.type('60')
  await tabTo(page, page.getByRole('combobox', { name: 'Choose the Building' }))
  await pick(page, 'Acme HQ', 'Acme HQ')
  await expect(page.getByLabel('Severity')).toHaveValue('warning')
  await tabTo(page, page.getByLabel('Instructions'))
  await page.keyboard.type('Walk to the reception door and close it.')
  await tabTo(page, page.getByRole('combobox', { name: 'Add a group' }))
  await pick(page, 'Reception', /Reception team/)
  await expect(page.getByRole('button', { name: 'Remove group Reception team' })).toBeVisible()
  await tabTo(page, page.getByRole('checkbox', { name: 'E-mail' }))
  await page.keyboard.press('Space')
}

test('an org admin writes a held-open rule by keyboard; a taken name is refused at its field', async ({
  page,
}) => {
  allowAxeTime()
  await signIn(page, demo.orgadmin, { at: '/alert-rules' })
  await expect(page.getByRole('heading', { level: 1, name: 'Alert rules' })).toBeVisible()
  await tabTo(page, page.getByRole('link', { name: 'New alert rule' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'New alert rule' })).toBeVisible()
  // Too long a wait is refused before it is sent, at its field.
  await fillHeldOpen(page)
  await page.getByRole('textbox', { name: 'Held for (seconds)' }).fill('90000')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByRole('textbox', { name: 'Held for (seconds)' })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await expect(page.getByRole('textbox', { name: 'Held for (seconds)' })).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('60')
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('ControlOrMeta+Enter')

  await expect(page.getByText(`Alert rule “${RULE}” created.`)).toBeVisible()
  const row = page.getByRole('grid', { name: 'Alert rules' }).getByRole('row', { name: /Held/ })
  await expect(row).toContainText('Door held open after 60 s')
  await expect(row).toContainText('Building Acme HQ')
  await expect(row).toContainText('Warning')

  // The palette offers the rule's verbs by name, and finds it by its prefix: Enter opens its form.
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('delete alert rule held open')
  await expect(palette.getByText('Searching…')).toBeHidden()
  await expect(
    palette.getByRole('group', { name: 'Delete alert rule' }).getByRole('option').first(),
  ).toContainText(RULE)
  await page.keyboard.press('Escape')
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('_held open')
  await expect(palette.getByText('Searching…')).toBeHidden()
  await expect(
    palette.getByRole('group', { name: 'Alert rules' }).getByRole('option').first(),
  ).toContainText(RULE)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${RULE}` })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue(RULE)

  // The same name again: the server's 409 lands on the name, and nothing typed is lost.
  await page.goto('/alert-rules/create')
  await fillHeldOpen(page)
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByText('An alert rule with this name already exists.')).toBeVisible()
  await expect(page.getByLabel('Name')).toBeFocused()
  await expect(page.getByRole('textbox', { name: 'Held for (seconds)' })).toHaveValue('60')
  await expect(page.getByLabel('Instructions')).toHaveValue(
    'Walk to the reception door and close it.',
  )
  await expect(page.getByRole('checkbox', { name: 'E-mail' })).toBeChecked()
  await page.keyboard.press('Escape')
  await page
    .getByRole('dialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click()
  await expect(page).toHaveURL(/\/alert-rules(\?|$)/)

  await useDarkTheme(page)
  await expectNoSeriousA11yViolations(page)
  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { level: 1, name: 'Alarmregeln' })).toBeVisible()
  await expect(
    page.getByRole('grid', { name: 'Alarmregeln' }).getByRole('row', { name: /Held/ }),
  ).toContainText('Tür offen gehalten nach 60 s')
  await expectNoSeriousA11yViolations(page)
})

test('staff read the rules and cannot change them; deleting asks first, starting on Cancel', async ({
  page,
}) => {
  await signIn(page, demo.staff, { at: '/alert-rules' })
  const grid = page.getByRole('grid', { name: 'Alert rules' })
  await expect(grid.getByRole('row', { name: /Held/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New alert rule' })).toHaveCount(0)
  await expect(grid.getByRole('button', { name: /^Delete / })).toHaveCount(0)
  await signOut(page)

  await signIn(page, demo.orgadmin, { at: '/alert-rules' })
  await page.getByRole('button', { name: `Delete ${RULE}` }).click()
  const ask = page.getByRole('dialog', { name: `Delete ${RULE}?` })
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await ask.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText(`Alert rule “${RULE}” deleted.`)).toBeVisible()
  await expect(page.getByRole('grid', { name: 'Alert rules' })).toContainText(
    'There are no alert rules yet.',
  )
})
