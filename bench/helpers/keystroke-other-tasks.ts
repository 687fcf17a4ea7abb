import { expect, type Page } from '@playwright/test'
import type { Keys, Mouse } from './inputs'
import { ask, goTo, selectedOption, sidebar, tabTo, task, type Mode } from './keystroke-task'

// Credentials, organizations and the shell: a credential for next week, an organization's
// description, the language.

const DOOR = 'Ground floor Reception door'

/** Next week, Monday 00:00 to the Monday after (UTC, as the bench's browser). */
function nextWeek() {
  const now = new Date()
  const monday = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7),
    ),
  )
  const after = new Date(monday.getTime() + 7 * 86_400_000)
  return { monday, after }
}

const typedDate = (day: Date) => {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(day.getUTCMonth() + 1)}${two(day.getUTCDate())}${day.getUTCFullYear()}`
}

async function expectCredential(page: Page, user: string) {
  await expect(page).toHaveURL(/\/credentials\?row=\d+$/)
  const row = page.getByRole('grid', { name: 'Credentials' }).locator('[data-active="true"]')
  await expect(row).toContainText(user)
  await expect(row).toContainText(DOOR)
}

/** A picker's option is read as "e-mail, name": found by the e-mail it starts with. */
const userOption = (page: Page, email: string) =>
  page.getByRole('option', { name: new RegExp(`^${email.replaceAll('.', '\\.')}, `) })

export const credentialNextWeek = task({
  id: 'credential',
  name: 'give a user a PIN on a door for next week',
  prepare: (_api, mode: Mode) => ({
    user: mode === 'keyboard' ? 'staff@demo.local' : 'auditor@demo.local',
    ...nextWeek(),
  }),
  keyboard: async (keys: Keys, { user, monday, after }) => {
    const page = keys.page
    await keys.press('g')
    await keys.press('c')
    await expect(page.getByRole('grid', { name: 'Credentials' })).toBeFocused()
    await keys.press('c')
    const who = page.getByRole('combobox', { name: 'User' })
    await expect(who).toBeFocused()
    await keys.type(user.slice(0, 5))
    await expect(userOption(page, user)).toBeVisible()
    await keys.press('ArrowDown')
    await keys.press('Enter')
    await expect(who).toHaveValue(user)
    await keys.press('Tab')
    await keys.press('ArrowDown')
    await expect(page.getByLabel('Opens a')).toHaveValue('door')
    await keys.press('Tab')
    await keys.type('ground floor rec')
    await expect(page.getByRole('option', { name: new RegExp(DOOR) }).first()).toBeVisible()
    await keys.press('ArrowDown')
    await keys.press('Enter')
    const starts = page.getByRole('group', { name: 'Starts' })
    const ends = page.getByRole('group', { name: 'Ends' })
    await tabTo(keys, starts.getByLabel('Date'))
    await keys.type(typedDate(monday))
    await tabTo(keys, starts.getByLabel('Time'))
    await keys.type('1200A')
    await tabTo(keys, ends.getByLabel('Date'))
    await keys.type(typedDate(after))
    await tabTo(keys, ends.getByLabel('Time'))
    await keys.type('1200A')
    await keys.press('Control+Enter')
    await expectCredential(page, user)
  },
  mouse: async (mouse: Mouse, { user, monday, after }) => {
    const page = mouse.page
    await goTo(mouse, 'Credentials')
    await mouse.click(page.getByRole('link', { name: 'New credential' }))
    await mouse.fill(page.getByRole('combobox', { name: 'User' }), user.slice(0, 5))
    await mouse.click(userOption(page, user))
    await mouse.select(page.getByLabel('Opens a'), 'Door')
    await mouse.fill(page.getByRole('combobox', { name: 'Opens', exact: true }), 'ground floor rec')
    await mouse.click(page.getByRole('option', { name: new RegExp(DOOR) }).first())
    const starts = page.getByRole('group', { name: 'Starts' })
    const ends = page.getByRole('group', { name: 'Ends' })
    await mouse.fill(starts.getByLabel('Date'), typedDate(monday))
    await mouse.fill(starts.getByLabel('Time'), '1200A')
    await mouse.fill(ends.getByLabel('Date'), typedDate(after))
    await mouse.fill(ends.getByLabel('Time'), '1200A')
    await mouse.click(page.getByRole('button', { name: 'Create' }))
    await expectCredential(page, user)
  },
})

async function expectDescription(page: Page, description: string) {
  await expect(page.getByText('Organization “Acme” saved.')).toBeVisible()
  await expect(
    page.getByRole('grid', { name: 'Organizations' }).locator('[data-active="true"]'),
  ).toContainText(description)
}

export const editOrganization = task({
  id: 'organization',
  name: 'edit an organization’s description',
  prepare: (_api, mode: Mode) => (mode === 'keyboard' ? 'Acme SE, Berlin' : 'Acme AG, Berlin'),
  keyboard: async (keys: Keys, description) => {
    const page = keys.page
    await ask(keys, 'edit acme')
    await expect(selectedOption(page)).toContainText('Acme')
    await keys.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Acme' })).toBeVisible()
    await tabTo(keys, page.getByLabel('Description'))
    await keys.press('Control+a')
    await keys.type(description)
    await keys.press('Control+Enter')
    await expectDescription(page, description)
  },
  mouse: async (mouse: Mouse, description) => {
    const page = mouse.page
    await goTo(mouse, 'Organizations')
    await mouse.click(
      page
        .getByRole('grid', { name: 'Organizations' })
        .getByRole('link', { name: 'Acme', exact: true }),
    )
    await mouse.fill(page.getByLabel('Description'), description)
    await mouse.click(page.getByRole('button', { name: 'Save' }))
    await expectDescription(page, description)
  },
})
export const switchLanguage = task({
  id: 'language',
  name: 'switch language',
  prepare: () => undefined,
  keyboard: async (keys) => {
    await ask(keys, 'deu')
    await expect(selectedOption(keys.page)).toContainText('Switch language to Deutsch')
    await keys.press('Enter')
    await expect(keys.page.getByRole('navigation', { name: 'Hauptmenü' })).toContainText(
      'Übersicht',
    )
  },
  mouse: async (mouse) => {
    const page = mouse.page
    await mouse.click(page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }))
    await mouse.click(page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch'))
    // The dialog now speaks German; closed, the page behind it does too.
    const german = page.getByRole('dialog', { name: 'Einstellungen' })
    await expect(german.getByLabel('Deutsch')).toBeChecked()
    await mouse.click(german.getByRole('button', { name: 'Schließen' }).last())
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toContainText('Übersicht')
  },
  after: async (page) => {
    await page.keyboard.press('Escape')
    await page.goto(`${new URL(page.url()).origin}/?lng=en`)
    await expect(sidebar(page)).toBeVisible()
  },
})
