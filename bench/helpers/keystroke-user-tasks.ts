import { expect, type Page } from '@playwright/test'
import type { Mouse } from './inputs'
import {
  ask,
  clickInList,
  goTo,
  selectedOption,
  stamp,
  tabTo,
  task,
  type Api,
  type Mode,
} from './keystroke-task'

// People, credentials, organizations and the shell: invitations, disabling one and three users,
// an offline code, a credential for next week, an organization's description, the language.

const usersGrid = (page: Page) => page.getByRole('grid', { name: 'Users' })
const usersSearch = (page: Page) => page.getByRole('searchbox', { name: /Search users/ })

interface Person {
  first: string
  last: string
  username: string
  /** The e-mail's domain, acme.example unless given. */
  domain?: string
}

/** Staff users made in Acme through the API, with the role's permissions. */
async function createPeople(api: Api, people: Person[]) {
  const orgs = (await api('GET', '/org/v1/organizations?search=Acme')) as {
    data: { organization_id: number; name: string }[]
  }
  const acme = orgs.data.find((o) => o.name === 'Acme')?.organization_id
  const roles = (await api('GET', '/org/v1/users/roles/permissions')) as {
    data: { role: string; permissions: string[] }[]
  }
  for (const person of people)
    await api('POST', '/org/v1/users', {
      username: person.username,
      email: `${person.username}@${person.domain ?? 'acme.example'}`,
      first_name: person.first,
      last_name: person.last,
      organization_id: acme,
      roles: ['staff'],
      permissions: roles.data.find((r) => r.role === 'staff')?.permissions,
    })
  return people
}

/** One person per run, named so that the keyboard types as much as the mouse's field holds. */
const onePerson = async (api: Api, mode: Mode, names: [string, string], last: string) => {
  const first = mode === 'keyboard' ? names[0] : names[1]
  const [person] = await createPeople(api, [
    { first, last, username: `${first}.${last}.${stamp()}`.toLowerCase() },
  ])
  return person
}

/** Opens the user's page by mouse: Users, their row on the first screen or searched for by name. */
async function openUser(mouse: Mouse, person: Person) {
  await goTo(mouse, 'Users')
  const name = `${person.first} ${person.last}`
  const link = usersGrid(mouse.page).getByRole('link', { name: new RegExp(name) })
  await clickInList(mouse, usersGrid(mouse.page), link, {
    box: usersSearch(mouse.page),
    text: person.first.toLowerCase(),
  })
  await expect(mouse.page).toHaveURL(/\/users\/view\/\d+$/)
}

export const inviteUser = task({
  id: 'invite',
  name: 'invite a user',
  prepare: (api, mode) => onePerson(api, mode, ['Kira', 'Mara'], 'Invitee'),
  keyboard: async (keys, person) => {
    await ask(keys, `inv ${person.first.toLowerCase()}`)
    await expect(selectedOption(keys.page)).toContainText(person.first)
    // Choosing the invitation is the ask: the user's page sends it, as its button does.
    await keys.press('Enter')
    await expect(
      keys.page.getByText(`Invitation sent to ${person.username}@acme.example.`),
    ).toBeVisible()
  },
  mouse: async (mouse, person) => {
    await openUser(mouse, person)
    await mouse.click(mouse.page.getByRole('button', { name: 'Invite by e-mail' }))
    await expect(
      mouse.page.getByText(`Invitation sent to ${person.username}@acme.example.`),
    ).toBeVisible()
  },
})

export const disableUser = task({
  id: 'disable',
  name: 'disable a user',
  prepare: (api, mode) => onePerson(api, mode, ['Dora', 'Nora'], 'Leaver'),
  keyboard: async (keys, person) => {
    const name = `${person.first} ${person.last}`
    await ask(keys, `dis ${person.first.toLowerCase()}`)
    await expect(selectedOption(keys.page)).toContainText(name)
    await keys.press('Enter')
    const dialog = keys.page.getByRole('dialog', { name: `Disable ${name}?` })
    await expect(dialog).toBeVisible()
    await tabTo(keys, dialog.getByRole('button', { name: 'Disable' }))
    await keys.press('Enter')
    // The dialog asked where the person is; its notice is the outcome they see.
    await expect(keys.page.getByText(`User “${name}” disabled.`)).toBeVisible()
  },
  mouse: async (mouse, person) => {
    const name = `${person.first} ${person.last}`
    await openUser(mouse, person)
    await mouse.click(mouse.page.getByRole('button', { name: 'Disable' }))
    const dialog = mouse.page.getByRole('dialog', { name: `Disable ${name}?` })
    await mouse.click(dialog.getByRole('button', { name: 'Disable' }))
    await expect(mouse.page.getByText(`User “${name}” disabled.`)).toBeVisible()
    await expect(mouse.page.getByRole('button', { name: 'Enable' })).toBeVisible()
  },
})

export const offboardUser = task({
  id: 'offboard',
  name: 'offboard a user',
  prepare: (api, mode) => onePerson(api, mode, ['Vera', 'Wera'], 'Leaver'),
  keyboard: async (keys, person) => {
    const name = `${person.first} ${person.last}`
    await ask(keys, `offb ${person.first.toLowerCase()}`)
    await expect(selectedOption(keys.page)).toContainText(name)
    await keys.press('Enter')
    // It takes access away: the confirmation starts on Cancel, Offboard is a Tab away.
    const dialog = keys.page.getByRole('dialog', { name: `Offboard ${name}?` })
    await expect(dialog).toBeVisible()
    await tabTo(keys, dialog.getByRole('button', { name: 'Offboard' }))
    await keys.press('Enter')
    await expect(keys.page.getByRole('dialog', { name: `${name} offboarded` })).toBeVisible()
  },
  mouse: async (mouse, person) => {
    const name = `${person.first} ${person.last}`
    await openUser(mouse, person)
    await mouse.click(mouse.page.getByRole('button', { name: 'Offboard…' }))
    const dialog = mouse.page.getByRole('dialog', { name: `Offboard ${name}?` })
    await mouse.click(dialog.getByRole('button', { name: 'Offboard' }))
    await expect(mouse.page.getByRole('dialog', { name: `${name} offboarded` })).toBeVisible()
  },
})

export const bulkDisable = task({
  id: 'bulk',
  name: 'bulk-disable three users',
  prepare: async (api, mode) => {
    const prefix = `${mode === 'keyboard' ? 'kb' : 'ms'}${stamp()}`
    await createPeople(
      api,
      ['Ann', 'Bo', 'Cy'].map((first) => ({ first, last: 'Bulk', username: `${prefix}.${first}` })),
    )
    return prefix
  },
  keyboard: async (keys, prefix) => {
    const page = keys.page
    await keys.press('g')
    await keys.press('u')
    await expect(usersSearch(page)).toBeVisible()
    await keys.press('/')
    await keys.type(prefix)
    await expect(usersGrid(page).locator('[data-row-index]:not([aria-busy])')).toHaveCount(3)
    await keys.press('ArrowDown')
    await expect(usersGrid(page)).toBeFocused()
    await keys.press('x')
    await keys.press('Shift+J', 2)
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
    await expect(bar).toContainText('3 selected')
    await keys.press('Tab', 2)
    await expect(bar.getByRole('button', { name: 'Disable' })).toBeFocused()
    await keys.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Disable 3 users?' })
    await expect(dialog).toBeVisible()
    await tabTo(keys, dialog.getByRole('button', { name: 'Disable 3 users' }))
    await keys.press('Enter')
    await expect(dialog.getByRole('status')).toHaveText('3 succeeded, 0 failed.')
  },
  mouse: async (mouse, prefix) => {
    const page = mouse.page
    await goTo(mouse, 'Users')
    await mouse.fill(usersSearch(page), prefix)
    const rows = usersGrid(page).locator('[data-row-index]:not([aria-busy])')
    await expect(rows).toHaveCount(3)
    for (let row = 0; row < 3; row += 1) await mouse.click(rows.nth(row).getByRole('checkbox'))
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
    await expect(bar).toContainText('3 selected')
    await mouse.click(bar.getByRole('button', { name: 'Disable' }))
    const dialog = page.getByRole('dialog', { name: 'Disable 3 users?' })
    await mouse.click(dialog.getByRole('button', { name: 'Disable 3 users' }))
    await expect(dialog.getByRole('status')).toHaveText('3 succeeded, 0 failed.')
  },
})

/** Six contractors of one firm, found by its name (their e-mail's domain); a firm per run. */
export const bulkFound = task({
  id: 'found',
  name: 'bulk-disable users found by a search',
  prepare: async (api, mode) => {
    const firm = mode === 'keyboard' ? 'brightwork' : 'clearwater'
    const run = stamp()
    await createPeople(
      api,
      ['Ivo', 'Jo', 'Kai', 'Lu', 'Max', 'Ole'].map((first) => ({
        first,
        last: 'Contractor',
        username: `${first}.${run}`.toLowerCase(),
        domain: `${firm}.example`,
      })),
    )
    return firm
  },
  keyboard: async (keys, firm) => {
    const page = keys.page
    await keys.press('g')
    await keys.press('u')
    await expect(usersSearch(page)).toBeVisible()
    await keys.press('/')
    await keys.type(firm)
    await expect(usersGrid(page).locator('[data-row-index]:not([aria-busy])')).toHaveCount(6)
    await keys.press('ArrowDown')
    await expect(usersGrid(page)).toBeFocused()
    // x selects the first, Shift+X on the last selects the range between.
    await keys.press('x')
    await keys.press('End')
    await keys.press('Shift+X')
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
    await expect(bar).toContainText('6 selected')
    await keys.press('Tab', 2)
    await expect(bar.getByRole('button', { name: 'Disable' })).toBeFocused()
    await keys.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Disable 6 users?' })
    await expect(dialog).toBeVisible()
    await tabTo(keys, dialog.getByRole('button', { name: 'Disable 6 users' }))
    await keys.press('Enter')
    await expect(dialog.getByRole('status')).toHaveText('6 succeeded, 0 failed.')
  },
  mouse: async (mouse, firm) => {
    const page = mouse.page
    await goTo(mouse, 'Users')
    await mouse.fill(usersSearch(page), firm)
    const rows = usersGrid(page).locator('[data-row-index]:not([aria-busy])')
    await expect(rows).toHaveCount(6)
    // The first row's box, then Shift and the last row's: the range between.
    await mouse.click(rows.first().getByRole('checkbox'))
    await mouse.click(rows.last().getByRole('checkbox'), { shift: true })
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' })
    await expect(bar).toContainText('6 selected')
    await mouse.click(bar.getByRole('button', { name: 'Disable' }))
    const dialog = page.getByRole('dialog', { name: 'Disable 6 users?' })
    await mouse.click(dialog.getByRole('button', { name: 'Disable 6 users' }))
    await expect(dialog.getByRole('status')).toHaveText('6 succeeded, 0 failed.')
  },
})

/** A credential without a PIN, a different person's per run (seeded: Clara's and Lea's). */
const codeless = async (api: Api, mode: Mode) => {
  const all = (await api('GET', '/access/v1/credentials?length=100')) as {
    data: {
      credential_id: number
      user_email: string
      meta_data: { command_output: { pin: string | null } }
    }[]
  }
  const user = mode === 'keyboard' ? 'clara' : 'lea'
  const found = all.data.find(
    (c) => c.user_email.startsWith(user) && c.meta_data.command_output.pin === null,
  )
  if (!found) throw new Error(`the seed has a credential without a PIN for ${user}`)
  return { id: found.credential_id, user }
}

async function expectCode(page: Page) {
  const shown = page.getByRole('dialog', { name: 'Offline code' })
  await expect(shown.getByText('Please take a photo after use.')).toBeVisible()
  await expect(shown.getByLabel(/^PIN:/)).toHaveText(/^\d{3} \d{3}$/)
}

export const offlineCode = task({
  id: 'code',
  name: 'offline code for a user’s credential',
  prepare: codeless,
  keyboard: async (keys, { id, user }) => {
    await ask(keys, `gen ${user}`)
    await expect(selectedOption(keys.page)).toHaveAttribute(
      'data-value',
      `verb:credentials:${id}:credential.generate-code`,
    )
    await keys.press('Enter')
    const generate = keys.page.getByRole('dialog', { name: 'Generate offline code' })
    await expect(generate.getByRole('button', { name: 'Generate code' })).toBeFocused()
    await keys.press('Enter')
    await expectCode(keys.page)
  },
  mouse: async (mouse, { id, user }) => {
    const page = mouse.page
    await goTo(mouse, 'Credentials')
    const grid = page.getByRole('grid', { name: 'Credentials' })
    await clickInList(
      mouse,
      grid,
      grid.getByRole('button', { name: `Offline code for credential ${id}` }),
      { box: page.getByRole('searchbox', { name: /Search credentials/ }), text: user },
    )
    const generate = page.getByRole('dialog', { name: 'Generate offline code' })
    await mouse.click(generate.getByRole('button', { name: 'Generate code' }))
    await expectCode(page)
  },
})
