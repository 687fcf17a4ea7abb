import type { FileChooser, Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations as expectNoSeriousViolations,
  signIn,
  storedTokens,
} from './helpers/session'

// Locations end to end against the real server: the list with its counts, the form, the right
// drawer (peek, j/k, URL, Escape), org scope, keyboard and axe.

const grid = (page: Page) => page.getByRole('grid', { name: 'Locations' })
const firstRow = (page: Page) => grid(page).locator('[data-row-index="0"]:not([aria-busy])')
const drawer = (page: Page) => page.getByRole('dialog')

async function useDarkTheme(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
}

test('admin creates a location by keyboard; the form keeps validation messages and input', async ({
  page,
}) => {
  const name = `Depot ${Date.now()}`
  await signIn(page, demo.admin, { at: '/locations' })
  await expect(firstRow(page)).toBeVisible()
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('c')
  await expect(page).toHaveURL(/\/locations\/create$/)
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText('Name is required.')).toBeVisible()
  await expect(page.getByLabel('Name')).toBeFocused()

  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Hauptstraße')
  await page.keyboard.press('Tab')
  await page.keyboard.type('5a')
  await page.keyboard.press('Tab')
  await page.keyboard.type('10115')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Berlin')
  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/\/locations\?row=\d+$/)
  await expect(page.getByText(`Location “${name}” created.`)).toBeVisible()
  await expect(grid(page)).toBeFocused()
  const row = grid(page).locator('[data-active="true"]')
  await expect(row).toContainText(name)
  await expect(row).toContainText('Hauptstraße 5a, 10115 Berlin')

  // Edit: a too long number is refused by the form, and the input stays.
  await page.keyboard.press('e')
  await expect(page).toHaveURL(/\/locations\/edit\/\d+$/)
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await page.getByLabel('Number').fill('1'.repeat(21))
  await page.keyboard.press('Control+Enter')
  await expect(page.getByLabel('Number')).toBeFocused()
  await expect(page.getByLabel('Number')).toHaveValue('1'.repeat(21))
  await expect(page).toHaveURL(/\/locations\/edit\/\d+$/)
})

const tree = (page: Page) => page.getByRole('tree')
const item = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name })

test('the view: floors, rooms and doors added, renamed and deleted by keyboard alone', async ({
  page,
}) => {
  const name = `Annex ${Date.now()}`
  await signIn(page, demo.admin, { at: '/locations/create' })
  await expect(page.getByLabel('Name')).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/\/locations\?row=\d+$/)
  await expect(grid(page).locator('[data-active="true"]')).toContainText(name)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/locations\/view\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('No floors yet. Add the first one.')).toBeVisible()

  await page.getByRole('button', { name: 'Add floor' }).focus()
  await page.keyboard.press('Enter')
  const floorForm = page.getByRole('dialog', { name: 'New floor' })
  await expect(floorForm.getByLabel('Name')).toBeFocused()
  await expect(floorForm.getByLabel('Position')).toHaveValue('0')
  await page.keyboard.type('Ground')
  await page.keyboard.press('Enter')
  await expect(item(page, /Ground/)).toBeFocused()

  await page.keyboard.press('+')
  await expect(page.getByLabel('Name of the new room')).toBeFocused()
  await page.keyboard.type('Hall')
  await page.keyboard.press('Enter')
  await expect(item(page, /Hall/)).toBeFocused()
  await expect(item(page, /Hall/)).toHaveAttribute('aria-level', '2')
  await expect(item(page, /Hall/)).toHaveAttribute('aria-posinset', '1')
  await expect(item(page, /Hall/)).toHaveAttribute('aria-setsize', '1')

  await page.keyboard.press('+')
  await page.keyboard.type('Main door')
  await page.keyboard.press('Enter')
  await expect(item(page, /Main door/)).toBeFocused()
  await expect(item(page, /Main door/)).toHaveAttribute('aria-level', '3')

  await page.keyboard.press('F2')
  await expect(page.getByLabel('New name for Main door')).toBeFocused()
  await page.keyboard.press('Control+a')
  await page.keyboard.type('Front door')
  await page.keyboard.press('Enter')
  await expect(item(page, /Front door/)).toBeFocused()

  // Arrows and type-ahead: Home goes to the floor, Left on a closed parent climbs, letters find.
  await page.keyboard.press('Home')
  await expect(item(page, /Ground/)).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(item(page, /Ground/)).toHaveAttribute('aria-expanded', 'false')
  await expect(item(page, /Hall/)).toHaveCount(0)
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('h')
  await expect(item(page, /Hall/)).toBeFocused()
  await page.keyboard.press('End')
  await expect(item(page, /Front door/)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await expect(item(page, /Ground/)).toBeFocused()

  await page.keyboard.press('Delete')
  const ask = page.getByRole('dialog', { name: 'Delete Ground?' })
  await expect(ask).toContainText('Ground still holds 1 room, 1 door and 0 devices.')
  await ask.getByRole('button', { name: 'Delete' }).click()
  await expect(ask).toBeHidden()
  await expect(page.getByText('No floors yet. Add the first one.')).toBeVisible()
  await expect(tree(page).getByRole('treeitem')).toHaveCount(0)
})

test('for those who click: the selected item’s buttons add, rename and delete a room', async ({
  page,
}) => {
  const name = `Mouse annex ${Date.now()}`
  await signIn(page, demo.admin, { at: '/locations/create' })
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/locations\?row=\d+$/)
  await grid(page).getByRole('link', { name }).click()
  await page.getByRole('button', { name: 'Add floor' }).click()
  const floorForm = page.getByRole('dialog', { name: 'New floor' })
  await floorForm.getByLabel('Name').fill('Ground')
  await floorForm.getByRole('button', { name: 'Create' }).click()
  await expect(item(page, /Ground/)).toBeVisible()

  await item(page, /Ground/).click()
  await page.getByRole('button', { name: 'Add a room in Ground' }).click()
  await page.getByLabel('Name of the new room').fill('Hall')
  await page.getByLabel('Name of the new room').press('Enter')
  await expect(item(page, /Hall/)).toHaveAttribute('aria-level', '2')

  await item(page, /Hall/).click()
  await page.getByRole('button', { name: 'Rename Hall' }).click()
  await page.getByLabel('New name for Hall').fill('Lobby')
  await page.getByLabel('New name for Hall').press('Enter')
  await expect(item(page, /Lobby/)).toBeVisible()

  await item(page, /Lobby/).click()
  await page.getByRole('button', { name: 'Delete Lobby' }).click()
  const ask = page.getByRole('dialog', { name: 'Delete Lobby?' })
  await ask.getByRole('button', { name: 'Delete' }).click()
  await expect(ask).toBeHidden()
  await expect(item(page, /Lobby/)).toHaveCount(0)
  await expect(item(page, /Ground/)).toBeVisible()
})

test('the palette finds a location on ~ and peeks at it in the drawer', async ({ page }) => {
  await signIn(page, demo.admin)
  await page.keyboard.press('ControlOrMeta+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette.getByRole('combobox')).toBeFocused()
  await page.keyboard.type('~Warehouse')
  await expect(palette.getByRole('option', { name: /Acme Warehouse/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Tab')
  await expect(palette.getByRole('option', { name: 'Open location' })).toBeVisible()
  await expect(palette.getByRole('option', { name: 'Edit location' })).toBeVisible()
  await palette.getByRole('option', { name: 'Peek in the drawer' }).click()
  await expect(page).toHaveURL(/\/locations\?.*peek=\d+/)
  await expect(drawer(page).getByRole('heading', { name: 'Acme Warehouse' })).toBeVisible()
})

test('the palette opens a location with focus in its tree, the floors open', async ({ page }) => {
  await signIn(page, demo.admin)
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type('~Acme HQ')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette.getByRole('option', { name: /Acme HQ/ }).first()).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/locations\/view\/\d+$/)
  const tree = page.getByRole('tree')
  const first = tree.getByRole('treeitem').first()
  // No Tab to reach it: the tree is the page's target, its first floor open on its rooms.
  await expect(first).toBeFocused()
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(tree.getByRole('treeitem', { level: 2 }).first()).toBeFocused()
})

test('the list shows address and floors, rooms, doors and devices counts', async ({ page }) => {
  await signIn(page, demo.admin, { at: '/locations?q=Acme%20HQ' })
  const row = firstRow(page)
  await expect(row).toContainText('Acme HQ')
  await expect(row).toContainText('Friedrichstraße 68, 10117 Berlin')
  const cells = row.getByRole('gridcell')
  // Floors: the seed gives Acme HQ three.
  await expect(cells.nth(3)).toHaveText('3')
  for (const index of [4, 5, 6]) await expect(cells.nth(index)).toHaveText(/^\d+$/)
})

test('the drawer: p peeks, j/k follow the list, reload and back keep it, Escape returns', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/locations?sort=name&dir=asc' })
  await expect(firstRow(page)).toBeVisible()
  await page.keyboard.press('j')
  const first = (await grid(page).locator('[data-row-index="0"] a').first().textContent()) ?? ''
  const second = (await grid(page).locator('[data-row-index="1"] a').first().textContent()) ?? ''
  await page.keyboard.press('p')
  await expect(drawer(page).getByRole('heading', { name: first })).toBeVisible()
  await expect(page).toHaveURL(/peek=\d+/)
  await expect(drawer(page).getByRole('combobox', { name: 'Floor' })).toBeVisible()

  await page.keyboard.press('j')
  await expect(drawer(page).getByRole('heading', { name: second })).toBeVisible()
  // Behind the modal drawer the list is hidden from the accessibility tree, so not found by role.
  await expect(page.getByTestId('data-table').locator('[data-row-index="1"]')).toHaveAttribute(
    'data-active',
    'true',
  )
  const peeked = new URL(page.url()).searchParams.get('peek')

  await page.reload()
  await expect(drawer(page).getByRole('heading', { name: second })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('peek')).toBe(peeked)

  await page.keyboard.press('k')
  await expect(drawer(page).getByRole('heading', { name: first })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer(page)).toBeHidden()
  await expect(page).not.toHaveURL(/peek=/)
  await expect(grid(page)).toBeFocused()
  await page.goBack()
  await expect(drawer(page).getByRole('heading', { name: first })).toBeVisible()
})

test('the drawer shows the floor picker with a plan and the devices at the location', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/locations?q=Acme%20HQ' })
  await firstRow(page).getByRole('button', { name: 'Peek at Acme HQ' }).click()
  const peek = drawer(page)
  await expect(peek.getByRole('heading', { name: 'Acme HQ' })).toBeVisible()
  await expect(peek.getByText('Friedrichstraße 68, 10117 Berlin')).toBeVisible()
  const floor = peek.getByRole('combobox', { name: 'Floor' })
  await expect(floor).toHaveValue(/\d+/)
  await expect(peek.getByRole('img', { name: 'Plan of Ground floor' })).toBeVisible()
  await floor.selectOption({ label: 'First floor' })
  await expect(peek.getByRole('img', { name: 'Plan of First floor' })).toBeVisible()
  await expect(peek.getByRole('heading', { name: 'Your devices here' })).toBeVisible()
})

test('org admin sees only Acme’s locations', async ({ page }) => {
  await signIn(page, demo.orgadmin, { at: '/locations' })
  await expect(firstRow(page)).toBeVisible()
  await expect(grid(page)).toContainText('Acme HQ')
  await expect(grid(page)).not.toContainText('Globex Tower')
  await page.goto('/locations?q=Globex')
  await expect(page.getByText('Nothing matches “Globex”.')).toBeVisible()
})

test('staff reads locations and their tree but cannot create, edit or delete', async ({ page }) => {
  await signIn(page, demo.staff, { at: '/locations?q=Acme%20HQ' })
  await expect(firstRow(page)).toContainText('Acme HQ')
  await expect(page.getByRole('link', { name: 'New location' })).toHaveCount(0)
  await expect(grid(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(tree(page)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add floor' })).toHaveCount(0)
  await page.goto('/locations/create')
  await expect(page.getByText("Sorry, you can't view this page.")).toBeVisible()
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe on the list, the drawer, the view and the form (${theme})`, async ({ page }) => {
    allowAxeTime()
    await signIn(page, demo.admin, { at: '/locations' })
    await expect(firstRow(page)).toBeVisible()
    if (theme === 'dark') await useDarkTheme(page)
    await expectNoSeriousViolations(page)
    await grid(page).focus()
    await page.goto('/locations?q=Acme%20HQ')
    await expect(firstRow(page)).toBeVisible()
    await page.keyboard.press('j')
    await page.keyboard.press('p')
    await expect(drawer(page).getByRole('combobox', { name: 'Floor' })).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await expect(drawer(page)).toBeHidden()
    await page.keyboard.press('Enter')
    await expect(tree(page)).toBeVisible()
    await tree(page).getByRole('treeitem').first().focus()
    await page.keyboard.press('ArrowRight')
    await expectNoSeriousViolations(page)
    await page.goto('/locations')
    await page.getByRole('link', { name: 'New location' }).click()
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByText('Name is required.')).toBeVisible()
    await expectNoSeriousViolations(page)
  })
}

// Floor plans: a location of the test's own with one floor, made through the API, so uploads never
// change what other tests read.
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

async function locationWithFloor(page: Page, floor = 'Ground') {
  const name = `Plan house ${Date.now()}`
  const location = await api<{ location_id: number }>(page, 'POST', '/sbm/v1/locations', { name })
  const made = await api<{ floor_id: number }>(page, 'POST', '/sbm/v1/floors', {
    location_id: location.location_id,
    name: floor,
    position: 0,
  })
  return { name, id: location.location_id, floorId: made.floor_id }
}

/** A PNG drawn by the browser itself: a real image, made by the test. */
async function drawnPng(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 120
    canvas.height = 80
    const context = canvas.getContext('2d')
    if (context) {
      context.fillStyle = '#2563eb'
      context.fillRect(10, 10, 100, 60)
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? ''
  })
  return Buffer.from(data, 'base64')
}

const chooseButton = (page: Page, floor: string) =>
  drawer(page).getByRole('button', { name: `Choose a plan image for ${floor}…` })

test('Space peeks; a plan is chosen, previewed and uploaded by keyboard and shown in the drawer', async ({
  page,
}) => {
  // Listening from the start turns file-chooser interception on before any key is pressed.
  const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve))
  await signIn(page, demo.admin)
  const house = await locationWithFloor(page)
  const png = await drawnPng(page)
  await page.goto(`/locations?q=${encodeURIComponent(house.name)}`)
  await expect(firstRow(page)).toContainText(house.name)
  await grid(page).focus()
  await page.keyboard.press('j')
  await page.keyboard.press('Space')
  await expect(drawer(page).getByRole('heading', { name: house.name })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`peek=${house.id}`))
  await expect(drawer(page).getByTestId('placeholder-plan')).toBeVisible()

  await chooseButton(page, 'Ground').focus()
  await page.keyboard.press('Enter')
  await (await chooser).setFiles({ name: 'ground.png', mimeType: 'image/png', buffer: png })
  await expect(
    drawer(page).getByRole('img', { name: 'New plan for Ground (preview)' }),
  ).toBeVisible()
  await expect(drawer(page).getByText(/^ground\.png, /)).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(drawer(page).getByRole('button', { name: 'Upload plan' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Plan for Ground uploaded.')).toBeVisible()
  await expect(chooseButton(page, 'Ground')).toBeFocused()
  const plan = drawer(page).getByRole('img', { name: 'Plan of Ground' })
  await expect(plan).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{24}\.png$/)
  await expect(drawer(page).getByTestId('placeholder-plan')).toHaveCount(0)

  // Served as the bytes say, never sniffed, sandboxed.
  const served = await page.request.get((await plan.getAttribute('src')) ?? '')
  expect(served.headers()['content-type']).toBe('image/png')
  expect(served.headers()['x-content-type-options']).toBe('nosniff')
  expect(served.headers()['content-security-policy']).toContain('sandbox')
})

test('hostile uploads are refused with a clear reason and the plan stays', async ({ page }) => {
  await signIn(page, demo.admin)
  const house = await locationWithFloor(page, 'Basement')
  const { access } = await storedTokens(page)
  await page.goto(`/locations?peek=${house.id}&row=${house.id}`)
  await expect(chooseButton(page, 'Basement')).toBeVisible()
  const input = drawer(page).getByTestId('plan-file')
  const refusal = drawer(page).getByRole('alert')

  // An HTML page renamed .png passes the browser's check; the server reads its bytes and refuses.
  const html = Buffer.from('<!doctype html><script>alert(1)</script>')
  await input.setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: html })
  await drawer(page).getByRole('button', { name: 'Upload plan' }).click()
  await expect(refusal).toContainText(
    'The server refused evil.png: its bytes are not a PNG, JPEG, GIF or WebP image',
  )
  await expect(refusal).toContainText('Nothing was changed: the current plan stays.')
  await expect(refusal).toBeFocused()

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
  await input.setInputFiles({ name: 'plan.svg', mimeType: 'image/svg+xml', buffer: svg })
  await expect(refusal).toContainText('plan.svg is an SVG image, which can carry script')
  await expect(drawer(page).getByRole('button', { name: 'Upload plan' })).toHaveCount(0)

  const huge = Buffer.alloc(20 * 1024 * 1024)
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge })
  await expect(refusal).toContainText('huge.png is larger than 5 MB.')
  await expect(drawer(page).getByRole('button', { name: 'Upload plan' })).toHaveCount(0)

  // Nothing lost: the floor still has no plan, and the placeholder is still drawn.
  await expect(drawer(page).getByTestId('placeholder-plan')).toBeVisible()
  const deep = await api<{ floors: { plan_image_url: string | null }[] }>(
    page,
    'GET',
    `/sbm/v1/locations/${house.id}?deep=true`,
  )
  expect(deep.floors[0]?.plan_image_url).toBeNull()

  // The server refuses the SVG and the 20 MB file too when a client skips the browser's check.
  for (const [name, mimeType, buffer, status] of [
    ['x.svg', 'image/svg+xml', svg, 415],
    ['huge.png', 'image/png', huge, 413],
  ] as const) {
    const reply = await page.request.post('/upload', {
      headers: { Authorization: `Bearer ${access}` },
      multipart: { [`image_${Date.now()}_${name}`]: { name, mimeType, buffer } },
    })
    expect(reply.status()).toBe(status)
  }
})

test('a plan can be dropped on the drop zone', async ({ page }) => {
  await signIn(page, demo.admin)
  const house = await locationWithFloor(page, 'Loft')
  const png = (await drawnPng(page)).toString('base64')
  await page.goto(`/locations?peek=${house.id}&row=${house.id}`)
  await expect(chooseButton(page, 'Loft')).toBeVisible()
  const transfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const data = new DataTransfer()
    data.items.add(new File([bytes], 'loft.png', { type: 'image/png' }))
    return data
  }, png)
  const zone = drawer(page).getByTestId('plan-drop-zone')
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer })
  await expect(zone).toContainText('Drop it to use this image.')
  await zone.dispatchEvent('drop', { dataTransfer: transfer })
  await expect(drawer(page).getByRole('img', { name: 'New plan for Loft (preview)' })).toBeVisible()
  await drawer(page).getByRole('button', { name: 'Upload plan' }).click()
  await expect(drawer(page).getByRole('img', { name: 'Plan of Loft' })).toHaveAttribute(
    'src',
    /^\/uploads\//,
  )
})

test('the palette adds a floor and uploads a plan where the person is', async ({ page }) => {
  await signIn(page, demo.admin)
  const house = await locationWithFloor(page, 'Street level')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  const actionsOf = async (action: string) => {
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type(`~${house.name}`)
    await expect(palette.getByRole('option', { name: new RegExp(house.name) })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.keyboard.press('Tab')
    await palette.getByRole('option', { name: action }).click()
  }

  const where = page.url()
  await actionsOf('Add a floor')
  await expect(page.getByRole('dialog', { name: 'New floor' }).getByLabel('Name')).toBeFocused()
  await page.keyboard.type('Roof')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Floor “Roof” saved.')).toBeVisible()
  expect(page.url()).toBe(where)
  await page.goto(`/locations/view/${house.id}`)
  await expect(item(page, /Roof/)).toBeVisible()

  await actionsOf('Upload a plan')
  const plans = page.getByRole('dialog', { name: `Plans of ${house.name}` })
  await expect(
    plans.getByRole('button', { name: 'Choose a plan image for Street level…' }),
  ).toBeFocused()
  expect(page.url()).toMatch(new RegExp(`/locations/view/${house.id}$`))
  await expectNoSeriousViolations(page)
})

test('Enter on a device in the tree opens the device', async ({ page }) => {
  await signIn(page, demo.admin, { at: '/locations?q=Acme%20HQ' })
  await expect(firstRow(page)).toContainText('Acme HQ')
  await grid(page).focus()
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(tree(page)).toBeVisible()
  const closed = tree(page).locator('[role="treeitem"][aria-expanded="false"]')
  while ((await closed.count()) > 0) await closed.first().click()
  const device = tree(page)
    .getByRole('treeitem', { name: /^device/ })
    .first()
  await device.click()
  await expect(device).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/devices\/view\/\d+$/)
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe on the plan upload with a preview and a refusal (${theme})`, async ({ page }) => {
    allowAxeTime()
    await signIn(page, demo.admin)
    const house = await locationWithFloor(page, 'Mezzanine')
    const png = await drawnPng(page)
    await page.goto(`/locations?peek=${house.id}&row=${house.id}`)
    await expect(chooseButton(page, 'Mezzanine')).toBeVisible()
    if (theme === 'dark') {
      await page.keyboard.press('Escape')
      await useDarkTheme(page)
      await page.goto(`/locations?peek=${house.id}&row=${house.id}`)
      await expect(chooseButton(page, 'Mezzanine')).toBeVisible()
    }
    const input = drawer(page).getByTestId('plan-file')
    await input.setInputFiles({
      name: 'm.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg/>'),
    })
    await expect(drawer(page).getByRole('alert')).toBeVisible()
    await expectNoSeriousViolations(page)
    await input.setInputFiles({ name: 'm.png', mimeType: 'image/png', buffer: png })
    await expect(drawer(page).getByRole('img', { name: /preview/ })).toBeVisible()
    await expectNoSeriousViolations(page)
  })
}
