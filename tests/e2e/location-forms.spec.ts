import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { demo, signIn, storedTokens } from './helpers/session'

// The location form's organization and image URL, floors with their position, and refusals that
// say what holds a location, floor, room or door — against the real server.

const tree = (page: Page) => page.getByRole('tree')
const item = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name })
const organization = (page: Page) =>
  page.getByRole('combobox', { name: 'Organization', exact: true })
const fixedOrganization = (page: Page) => page.getByLabel('Organization', { exact: true })

/** Picks `name` in the organization combobox by mouse. */
async function pickOrganization(page: Page, name: string) {
  await organization(page).fill(name)
  await page.getByRole('option', { name, exact: true }).click()
  await expect(organization(page)).toHaveValue(name)
}

async function api<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const { access } = await storedTokens(page)
  const reply = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${access}` },
    ...(data === undefined ? {} : { data }),
  })
  expect(reply.ok(), `${method} ${path}: ${reply.status()}`).toBe(true)
  return (await reply.json()) as T
}

test('admin creates a location in Globex by keyboard; a bad image URL is refused, input kept', async ({
  page,
}) => {
  const name = `Globex depot ${Date.now()}`
  await signIn(page, demo.admin, { at: '/locations/create' })
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.keyboard.type(name)
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab')
  await expect(organization(page)).toBeFocused()
  await expect(organization(page)).toHaveValue('Acme')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Globex')
  const globex = page.getByRole('option', { name: 'Globex', exact: true })
  await expect(globex).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(globex).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(organization(page)).toHaveValue('Globex')
  await page.keyboard.press('Tab')
  await page.keyboard.type('depot.jpg')
  await page.keyboard.press('Control+Enter')
  const image = page.getByLabel('Image URL')
  await expect(image).toBeFocused()
  await expect(
    page.getByText('Enter the image’s web address, starting with https:// or http://.'),
  ).toBeVisible()
  await expect(image).toHaveValue('depot.jpg')
  await image.fill('https://example.com/depot.jpg')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText(`Location “${name}” created.`)).toBeVisible()

  await page.keyboard.press('e')
  await expect(page).toHaveURL(/\/locations\/edit\/\d+$/)
  await expect(organization(page)).toHaveValue('Globex')
  await expect(page.getByLabel('Image URL')).toHaveValue('https://example.com/depot.jpg')
})

test('admin creates a location in Globex by mouse; Globex’s admin finds it', async ({ page }) => {
  const name = `Globex annex ${Date.now()}`
  await signIn(page, demo.admin, { at: '/locations' })
  await page.getByRole('link', { name: 'New location' }).click()
  await page.getByLabel('Name').fill(name)
  await pickOrganization(page, 'Globex')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText(`Location “${name}” created.`)).toBeVisible()

  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await signIn(page, 'globexadmin@demo.local', { at: `/locations?q=${encodeURIComponent(name)}` })
  await expect(page.getByRole('grid', { name: 'Locations' })).toContainText(name)
})

test('an org admin sees their organization fixed on the location form', async ({ page }) => {
  await signIn(page, demo.orgadmin, { at: '/locations/create' })
  await expect(fixedOrganization(page)).toHaveValue('Acme')
  await expect(fixedOrganization(page)).not.toBeEditable()
  await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveCount(0)
  await expect(page.getByText('Your locations belong to your organization.')).toBeVisible()
})

test('floors have a position: below ground, ordered by it, and "Position is required."', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  const house = await api<{ location_id: number }>(page, 'POST', '/sbm/v1/locations', {
    name: `Storeys ${Date.now()}`,
  })
  await api(page, 'POST', '/sbm/v1/floors', {
    location_id: house.location_id,
    name: 'Ground',
    position: 0,
  })
  await page.goto(`/locations/view/${house.location_id}`)
  await expect(item(page, /Ground/)).toContainText('floor 0')

  await page.getByRole('button', { name: 'Add floor' }).click()
  const form = page.getByRole('dialog', { name: 'New floor' })
  await expect(form.getByLabel('Name')).toBeFocused()
  await expect(form.getByLabel('Position')).toHaveValue('1')
  await page.keyboard.type('Basement')
  await form.getByLabel('Position').fill('')
  await page.keyboard.press('Enter')
  await expect(form.getByText('Position is required.')).toBeVisible()
  await expect(form.getByLabel('Position')).toBeFocused()
  await expect(form.getByLabel('Name')).toHaveValue('Basement')
  await page.keyboard.type('-1')
  await page.keyboard.press('Enter')
  await expect(form).toBeHidden()
  await expect(item(page, /Basement/)).toBeFocused()
  await expect(item(page, /Basement/)).toContainText('floor -1')
  // Ordered by position: the basement comes before the ground floor.
  await expect(tree(page).getByRole('treeitem').first()).toContainText('Basement')

  // F2 opens a floor's form: moved up to the roof, it goes to the end.
  await page.keyboard.press('F2')
  const edit = page.getByRole('dialog', { name: 'Edit floor Basement' })
  await expect(edit.getByLabel('Position')).toHaveValue('-1')
  await edit.getByLabel('Name').fill('Roof')
  await edit.getByLabel('Position').fill('5')
  await page.keyboard.press('Control+Enter')
  await expect(edit).toBeHidden()
  await expect(item(page, /Roof/)).toBeFocused()
  await expect(tree(page).getByRole('treeitem').last()).toContainText('Roof')
})

/** A building whose door holds a lock and a credential, and whose floor holds a sensor. */
async function heldBuilding(page: Page) {
  const stamp = Date.now()
  const post = <T>(path: string, data: unknown) => api<T>(page, 'POST', path, data)
  const name = `Held house ${stamp}`
  const { location_id } = await post<{ location_id: number }>('/sbm/v1/locations', { name })
  const { floor_id } = await post<{ floor_id: number }>('/sbm/v1/floors', {
    location_id,
    name: 'Ground',
    position: 0,
  })
  const { room_id } = await post<{ room_id: number }>('/sbm/v1/rooms', { floor_id, name: 'Hall' })
  const { door_id } = await post<{ door_id: number }>('/sbm/v1/doors', { room_id, name: 'Gate' })
  const device = (serial: string, assignment_type: string, assignment_id: number) =>
    post('/sbm/v1/devices', {
      name: `Device ${serial}`,
      description: 'Test device',
      device_type_id: 'lock',
      manufacturer_id: 1,
      device_id_manufacturer: `HELD-${stamp}-${serial}`,
      assignment_type,
      assignment_id,
    })
  await device('door', 'door', door_id)
  await device('floor', 'floor', floor_id)
  const me = await api<{ user_id: number }>(page, 'GET', '/org/v1/users/me')
  await post('/access/v1/credentials', {
    user_id: me.user_id,
    assignment_type: 'door',
    assignment_id: door_id,
    start_datetime: new Date().toISOString(),
    permanent: true,
  })
  return { name, id: location_id }
}

test('a refused delete of a floor, room or door says what it still holds', async ({ page }) => {
  await signIn(page, demo.admin)
  const house = await heldBuilding(page)
  await page.goto(`/locations/view/${house.id}`)
  const refused = async (row: RegExp, title: string, reason: string) => {
    await item(page, row).click()
    await page.keyboard.press('Delete')
    const ask = page.getByRole('dialog', { name: title })
    await ask.getByRole('button', { name: 'Delete' }).click()
    await expect(ask.getByText(reason)).toBeFocused()
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await expect(ask).toBeHidden()
  }
  // The floors start open; the click on the room also opens it, so its door shows for the next.
  await refused(/Hall/, 'Delete Hall?', 'This room still holds 1 device and 1 credential.')
  await refused(/Gate/, 'Delete Gate?', 'This door still holds 1 device and 1 credential.')
  await expect(item(page, /Gate/)).toBeVisible()
  await refused(
    /Ground/,
    'Delete Ground?',
    'This floor still holds 2 devices and 1 credential. Nothing was deleted: move or delete them first.',
  )
})

test('a refused location delete and move say what the location still holds', async ({ page }) => {
  await signIn(page, demo.admin)
  const house = await heldBuilding(page)
  await page.goto(`/locations/edit/${house.id}`)
  await page.getByRole('button', { name: 'Delete' }).click()
  const ask = page.getByRole('dialog', { name: `Delete ${house.name}?` })
  await ask.getByRole('button', { name: 'Delete' }).click()
  await expect(
    ask.getByText(
      'This location still holds 2 devices and 1 credential. Nothing was deleted: move or delete them first.',
    ),
  ).toBeFocused()
  await ask.getByRole('button', { name: 'Cancel' }).click()

  await pickOrganization(page, 'Globex')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(organization(page)).toBeFocused()
  await expect(
    page.getByText(
      'This location still holds 2 devices and 1 credential. It moves to another organization only without them',
    ),
  ).toBeVisible()
})
