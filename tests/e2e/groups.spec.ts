import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { createPerson, type Person } from './helpers/people'
import {
  allowAxeTime,
  breadcrumb,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  storedTokens,
  useDarkTheme,
} from './helpers/session'
import { pick } from './helpers/keyboard'

// Access groups end to end against the real server (issue 64, decision 065): an org admin makes
// "Front desk", adds a person and takes them out again by keyboard alone; the users list's
// selection and the palette add people to a group; a group that rules still name is not deleted,
// and says why; axe in both themes, in English and German.

const stamp = () => `${Date.now()}`.slice(-7)

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const selected = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]')
const bar = (page: Page, name = 'Actions on the selected rows') =>
  page.getByRole('region', { name })

async function openPalette(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+k')
  await expect(palette(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type(text)
  await expect(palette(page).getByText('Searching…')).toBeHidden()
}

async function api(page: Page) {
  const { access } = await storedTokens(page)
  return { Authorization: `Bearer ${access}` }
}

/** A group of the signed-in user's organization, made through the API. */
async function createGroup(page: Page, name: string): Promise<{ group_id: number }> {
  const response = await page.request.post('/access/v1/groups', {
    headers: await api(page),
    data: { name },
  })
  expect(response.status(), `POST /access/v1/groups: ${response.status()}`).toBe(201)
  return (await response.json()) as { group_id: number }
}

/** The e-mails of a group's members, as the server has them. */
async function memberEmails(page: Page, groupId: number): Promise<string[]> {
  const response = await page.request.get(`/access/v1/groups/${groupId}/members?length=100`, {
    headers: await api(page),
  })
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { data: { email: string }[] }
  return body.data.map((member) => member.email)
}

test('org admin, by keyboard alone: creates "Front desk", adds a person, sees them, removes them', async ({
  page,
}) => {
  const id = stamp()
  const name = `Front desk ${id}`
  await signInByKeyboard(page, demo.orgadmin)
  const pia: Person = await createPerson(page, `pia.desk.${id}`, {
    first: 'Pia',
    last: `Desk${id}`,
  })

  // g g: the groups list, focused, where c makes a new one.
  await page.keyboard.press('g')
  await page.keyboard.press('g')
  await expect(page).toHaveURL(/\/groups$/)
  const groups = page.getByRole('grid', { name: 'Groups' })
  await expect(groups).toBeFocused()
  await page.keyboard.press('c')
  await expect(page).toHaveURL(/\/groups\/create$/)
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Reception, weekdays')
  await page.keyboard.press('ControlOrMeta+Enter')

  // The new group's page, where its members are added.
  await expect(page).toHaveURL(/\/groups\/view\/\d+$/)
  await expect(page.getByText(`Group “${name}” created.`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(breadcrumb(page)).toContainText(name)
  // The page's list takes focus (ui/focus.ts): c adds to it, as it creates on any list.
  const members = page.getByRole('grid', { name: `Members of ${name}` })
  await expect(members).toContainText('Nobody is in this group yet.')
  await expect(members).toBeFocused()
  await page.keyboard.press('c')
  const dialog = page.getByRole('dialog', { name: `Add members to ${name}` })
  const person = dialog.getByRole('combobox', { name: 'Person' })
  await expect(person).toBeFocused()
  // Nobody chosen yet: the form says so and keeps focus where someone is chosen.
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('User is required.')).toBeVisible()
  await expect(person).toBeFocused()
  await pick(page, `Desk${id}`, new RegExp(pia.email))
  await expect(dialog.getByRole('listitem').filter({ hasText: pia.email })).toBeVisible()
  await expect(person).toHaveValue('')
  await expect(dialog.getByRole('button', { name: 'Add 1 member' })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${name}: 1 added, 0 with new dates.`)).toBeVisible()
  const row = members.getByRole('row').filter({ hasText: pia.email })
  await expect(row).toContainText(`Pia Desk${id}`)
  await expect(row).toContainText('From the start')
  await expect(row).toContainText('No end')
  await expect(page.getByText('1 member', { exact: true })).toBeVisible()

  // / searches the members, ↓ enters the list, x selects, the bar removes after one confirmation.
  await page.keyboard.press('/')
  await expect(
    page.getByRole('searchbox', { name: 'Search members by name or e-mail' }),
  ).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(members).toBeFocused()
  await page.keyboard.press('x')
  await expect(bar(page)).toContainText('1 selected')
  await page.keyboard.press('Tab')
  await expect(bar(page).getByRole('button', { name: 'Remove from group' })).toBeFocused()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: `Remove Pia Desk${id} from ${name}?` })
  // Taking people out is not undone by Enter: the confirmation starts on Cancel.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Remove 1 member' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`${name}: 1 removed.`)).toBeVisible()
  await expect(members).toContainText('Nobody is in this group yet.')
  await expect(bar(page)).toHaveCount(0)
  await expect(page.getByText('0 members', { exact: true })).toBeVisible()
})

test('the users list’s selection: "Add to group…" adds everyone chosen, with an end date', async ({
  page,
}) => {
  const id = stamp()
  await signIn(page, demo.orgadmin)
  const first = await createPerson(page, `bulk.a.${id}`, { first: 'Ada', last: `Bulk${id}` })
  const second = await createPerson(page, `bulk.b.${id}`, { first: 'Bea', last: `Bulk${id}` })
  const group = await createGroup(page, `Night shift ${id}`)

  await page.goto(`/users?q=Bulk${id}`)
  const users = page.getByRole('grid', { name: 'Users' })
  await expect(users.getByRole('row').filter({ hasText: `Bulk${id}` })).toHaveCount(2)
  await expect(users).toBeFocused()
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await page.keyboard.press('Shift+J')
  await expect(bar(page)).toContainText('2 selected')
  const add = bar(page).getByRole('button', { name: 'Add to group…' })
  // The bar's actions in order: invite, disable, enable, offboard, delete, then this.
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab')
  await expect(add).toBeFocused()
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: 'Add 2 users to a group' })
  const which = dialog.getByRole('combobox', { name: 'Group' })
  await expect(which).toBeFocused()
  // No group yet: refused in words, nothing sent.
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Pick at least one group.')).toBeVisible()
  await pick(page, `Night shift ${id}`, `Night shift ${id}`)
  await expect(which).toHaveValue(`Night shift ${id}`)
  const until = dialog.getByRole('group', { name: 'Valid until' })
  await until.getByLabel('Date').fill('2031-12-31')
  await until.getByLabel('Time').fill('18:00')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Night shift ${id}: 2 added, 0 with new dates.`)).toBeVisible()
  // The selection is done with.
  await expect(bar(page)).toHaveCount(0)
  expect((await memberEmails(page, group.group_id)).sort()).toEqual(
    [first.email, second.email].sort(),
  )

  await page.goto(`/groups/view/${group.group_id}`)
  const members = page.getByRole('grid', { name: `Members of Night shift ${id}` })
  await expect(members.getByRole('row').filter({ hasText: `Bulk${id}` })).toHaveCount(2)
  for (const row of await members
    .getByRole('row')
    .filter({ hasText: `Bulk${id}` })
    .all()) {
    await expect(row).toContainText('2031')
    await expect(row).not.toContainText('No end')
  }
})

test('the palette: "add <name>" and "remove from <name>" ask for the group, by keyboard', async ({
  page,
}) => {
  const id = stamp()
  await signInByKeyboard(page, demo.orgadmin)
  const person = await createPerson(page, `verb.${id}`, { first: 'Vera', last: `Verb${id}` })
  const group = await createGroup(page, `Cleaning ${id}`)

  await openPalette(page, `add Verb${id}`)
  const adding = palette(page).getByRole('group', { name: 'Add to group…' })
  await expect(adding.getByRole('option', { name: new RegExp(`Vera Verb${id}`) })).toBeVisible()
  await expect(selected(page)).toContainText(`Vera Verb${id}`)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: `Add Vera Verb${id} to a group` })
  await expect(dialog.getByRole('combobox', { name: 'Group' })).toBeFocused()
  await pick(page, `Cleaning ${id}`, `Cleaning ${id}`)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Cleaning ${id}: 1 added, 0 with new dates.`)).toBeVisible()
  expect(await memberEmails(page, group.group_id)).toEqual([person.email])

  await openPalette(page, `remove from Verb${id}`)
  const removing = palette(page).getByRole('group', { name: 'Remove from group…' })
  await expect(removing.getByRole('option', { name: new RegExp(`Vera Verb${id}`) })).toBeVisible()
  await page.keyboard.press('Enter')
  const out = page.getByRole('dialog', { name: `Remove Vera Verb${id} from a group` })
  await expect(out.getByRole('combobox', { name: 'Group' })).toBeFocused()
  await pick(page, `Cleaning ${id}`, `Cleaning ${id}`)
  await page.keyboard.press('Enter')
  await expect(out).toBeHidden()
  await expect(page.getByText(`Vera Verb${id} removed from Cleaning ${id}.`)).toBeVisible()
  expect(await memberEmails(page, group.group_id)).toEqual([])

  // "&" alone browses the groups; Enter on one opens its page.
  await openPalette(page, `&Cleaning ${id}`)
  await expect(selected(page)).toContainText(`Cleaning ${id}`)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/groups/view/${group.group_id}$`))
})

test('a group that access rules still name is not deleted, and the dialog says why', async ({
  page,
}) => {
  await signIn(page, demo.orgadmin, { at: '/groups?q=Reception team' })
  const groups = page.getByRole('grid', { name: 'Groups' })
  await groups.getByRole('button', { name: 'Delete Reception team' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Reception team?' })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  const refused = page.waitForResponse(
    (r) => /\/access\/v1\/groups\/\d+$/.test(r.url()) && r.request().method() === 'DELETE',
  )
  await dialog.getByRole('button', { name: 'Delete' }).click()
  expect((await refused).status()).toBe(409)
  await expect(
    dialog.getByText('1 access rule still names this group. Take it out of them first.'),
  ).toBeFocused()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(groups.getByRole('link', { name: 'Reception team' })).toBeVisible()
})

test('the time zone: an organization’s by typing a city, a location’s own or its organization’s', async ({
  page,
}) => {
  // Globex, so that no other test's Acme changes its clock meanwhile.
  await signIn(page, demo.admin)
  const organizations = page.getByRole('grid', { name: 'Organizations' })
  await page.goto('/organizations?q=Globex')
  await organizations.getByRole('link', { name: 'Globex', exact: true }).click()
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  await expect(zone).toHaveValue('Europe/Berlin')
  await zone.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await pick(page, 'lisbon', /^Europe\/Lisbon/)
  await expect(zone).toHaveValue('Europe/Lisbon')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByText('Organization “Globex” saved.')).toBeVisible()
  await organizations.getByRole('link', { name: 'Globex', exact: true }).click()
  await expect(zone).toHaveValue('Europe/Lisbon')
  // Text that names no zone is not taken: leaving the field puts the chosen one back.
  await zone.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Mars/Olympus')
  await page.keyboard.press('Tab')
  await expect(zone).toHaveValue('Europe/Lisbon')
  await zone.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await pick(page, 'berlin', /^Europe\/Berlin/)
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByText('Organization “Globex” saved.')).toBeVisible()

  // A location follows its organization unless it has a zone of its own.
  const name = `Lisbon office ${stamp()}`
  await page.goto('/locations/create')
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  const own = page.getByRole('combobox', { name: 'Time zone' })
  await expect(own).toHaveValue('')
  await expect(own).toHaveAttribute('placeholder', 'Organization’s (Europe/Berlin)')
  await own.focus()
  // The first choice is the organization's clock; typing finds a zone of its own.
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('option').first()).toHaveText('Organization’s (Europe/Berlin)')
  await page.keyboard.press('Escape')
  await pick(page, 'lisbon', /^Europe\/Lisbon/)
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByText(`Location “${name}” created.`)).toBeVisible()
  const response = await page.request.get(`/sbm/v1/locations?search=${encodeURIComponent(name)}`, {
    headers: await api(page),
  })
  const body = (await response.json()) as { data: { name: string; time_zone: string | null }[] }
  expect(body.data.find((location) => location.name === name)?.time_zone).toBe('Europe/Lisbon')
})

const words = {
  en: {
    groups: 'Groups',
    add: 'Add members…',
    members: 'Members of Reception team',
    bar: 'Actions on the selected rows',
    zone: 'Time zone',
  },
  de: {
    groups: 'Gruppen',
    add: 'Mitglieder hinzufügen…',
    members: 'Mitglieder von Reception team',
    bar: 'Aktionen für die ausgewählten Zeilen',
    zone: 'Zeitzone',
  },
} as const

for (const language of ['en', 'de'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe (${language}, ${theme}): the groups, a group's members and its dialog, the time zone`, async ({
      page,
    }) => {
      allowAxeTime()
      const say = words[language]
      await signIn(page, demo.orgadmin)
      // The theme is switched through the English account menu, then the console speaks German.
      if (theme === 'dark') await useDarkTheme(page)
      if (language === 'de') await page.evaluate(() => localStorage.setItem('lng', 'de'))
      await page.goto('/groups')
      const groups = page.getByRole('grid', { name: say.groups })
      await expect(groups.getByRole('link', { name: 'Reception team' })).toBeVisible()
      await expectNoSeriousA11yViolations(page)

      await groups.getByRole('link', { name: 'Reception team' }).click()
      const members = page.getByRole('grid', { name: say.members })
      await expect(members.getByRole('row').filter({ hasText: 'Clara' })).toBeVisible()
      await members.focus()
      await page.keyboard.press('j')
      await page.keyboard.press('x')
      await expect(bar(page, say.bar)).toBeVisible()
      await expectNoSeriousA11yViolations(page)

      await page.getByRole('button', { name: say.add }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('combobox')).toBeFocused()
      await page.keyboard.type('a')
      await expect(dialog.getByRole('option').first()).toBeVisible()
      await expectNoSeriousA11yViolations(page)
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      await page.goto('/organizations')
      await page.getByRole('grid').getByRole('link', { name: 'Acme' }).click()
      await expect(page.getByRole('combobox', { name: say.zone })).toHaveValue('Europe/Berlin')
      await expectNoSeriousA11yViolations(page)
    })
  }
}
