import { expect, test, type Page } from '@playwright/test'
import {
  demo,
  expectNoSeriousA11yViolations as expectNoSeriousViolations,
  signIn,
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

test('admin creates a location by keyboard; the form keeps SPEC 5 messages and input', async ({
  page,
}) => {
  const name = `Depot ${Date.now()}`
  await signIn(page, demo.admin)
  await page.goto('/locations')
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
  await signIn(page, demo.admin)
  await page.goto('/locations/create')
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
  await expect(page.getByLabel('Name of the new floor')).toBeFocused()
  await page.keyboard.type('Ground')
  await page.keyboard.press('Enter')
  await expect(item(page, /Ground/)).toBeFocused()

  await page.keyboard.press('+')
  await expect(page.getByLabel('Name of the new room')).toBeFocused()
  await page.keyboard.type('Hall')
  await page.keyboard.press('Enter')
  await expect(item(page, /Hall/)).toBeFocused()
  await expect(item(page, /Hall/)).toHaveAttribute('aria-level', '2')

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

test('the list shows address and floors, rooms, doors and devices counts', async ({ page }) => {
  await signIn(page, demo.admin)
  await page.goto('/locations?q=Acme%20HQ')
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
  await signIn(page, demo.admin)
  await page.goto('/locations?sort=name&dir=asc')
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
  await signIn(page, demo.admin)
  await page.goto('/locations?q=Acme%20HQ')
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
  await signIn(page, demo.orgadmin)
  await page.goto('/locations')
  await expect(firstRow(page)).toBeVisible()
  await expect(grid(page)).toContainText('Acme HQ')
  await expect(grid(page)).not.toContainText('Globex Tower')
  await page.goto('/locations?q=Globex')
  await expect(page.getByText('Nothing matches “Globex”.')).toBeVisible()
})

test('staff reads locations and their tree but cannot create, edit or delete', async ({ page }) => {
  await signIn(page, demo.staff)
  await page.goto('/locations?q=Acme%20HQ')
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
    await signIn(page, demo.admin)
    await page.goto('/locations')
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
