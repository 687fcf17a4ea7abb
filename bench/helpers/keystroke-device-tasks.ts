import { expect } from '@playwright/test'
import type { Keys, Mouse } from './inputs'
import { ask, clickRowLink, goTo, selectedOption, tabTo, task, type Api } from './keystroke-task'

// Devices and locations: commands, the audit log of one device, a room deleted, a plan peeked.

const RECEPTION = 'Smart lock – Ground floor Reception door'
const devicesGrid = (page: import('@playwright/test').Page) =>
  page.getByRole('grid', { name: 'Devices' })

/** Devices, then the device's row: on the first screen, else searched for by `text`. */
async function openDevice(mouse: Mouse, name: string, text: string) {
  await goTo(mouse, 'Devices')
  const box = mouse.page.getByRole('searchbox', { name: /^Search devices/ })
  await clickRowLink(mouse, devicesGrid(mouse.page), name, { box, text })
}

/** The selected palette row's title, without its subtitle. */
async function selectedTitle(page: import('@playwright/test').Page) {
  const label = selectedOption(page).locator('mark').first()
  return (await label.evaluate((mark) => mark.parentElement?.textContent ?? '')).trim()
}

/** ↓ through the palette's rows until `name` is chosen, as the eye finds it (at most 8). */
async function downTo(keys: Keys, name: string) {
  for (let row = 0; row < 8 && (await selectedTitle(keys.page)) !== name; row += 1)
    await keys.press('ArrowDown')
  expect(await selectedTitle(keys.page)).toBe(name)
}

export const unlockDoor = task({
  id: 'unlock',
  name: 'unlock a named door (reception)',
  prepare: () => RECEPTION,
  keyboard: async (keys, name) => {
    await ask(keys, 'unl gr rec')
    await downTo(keys, name)
    await keys.press('Enter')
    await expect(keys.page.getByRole('dialog', { name: `Unlock: ${name}?` })).toBeVisible()
    await keys.press('Enter')
    await expect(keys.page.getByText(`Unlock sent to ${name}: done.`)).toBeVisible()
  },
  mouse: async (mouse, name) => {
    await openDevice(mouse, name, 'rec')
    await mouse.click(mouse.page.getByRole('button', { name: 'Unlock', exact: true }))
    const dialog = mouse.page.getByRole('dialog', { name: `Unlock: ${name}?` })
    await mouse.click(dialog.getByRole('button', { name: 'Send Unlock' }))
    await expect(mouse.page.getByText(`Unlock sent to ${name}: done.`)).toBeVisible()
  },
})

export const forceUnlock = task({
  id: 'force',
  name: 'force-unlock a door',
  prepare: () => RECEPTION,
  keyboard: async (keys, name) => {
    const page = keys.page
    await ask(keys, 'for gr rec')
    await downTo(keys, name)
    await keys.press('Enter')
    const first = page.getByRole('dialog', { name: `Force unlock: ${name}?` })
    await expect(first.getByRole('button', { name: 'I understand, continue' })).toBeFocused()
    await keys.press('Enter')
    // Enter on the second step cancels: Cancel has focus, the command is a deliberate Tab away.
    const second = page.getByRole('dialog', { name: `Force unlock ${name} now?` })
    await expect(second.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await keys.press('Shift+Tab')
    await expect(second.getByRole('button', { name: 'Force unlock now' })).toBeFocused()
    await keys.press('Enter')
    await expect(page.getByText(`Force unlock sent to ${name}: done.`)).toBeVisible()
  },
  mouse: async (mouse, name) => {
    const page = mouse.page
    await openDevice(mouse, name, 'rec')
    await mouse.click(page.getByRole('button', { name: 'Force unlock', exact: true }))
    const first = page.getByRole('dialog', { name: `Force unlock: ${name}?` })
    await mouse.click(first.getByRole('button', { name: 'I understand, continue' }))
    const second = page.getByRole('dialog', { name: `Force unlock ${name} now?` })
    await mouse.click(second.getByRole('button', { name: 'Force unlock now' }))
    await expect(page.getByText(`Force unlock sent to ${name}: done.`)).toBeVisible()
  },
})

// A lock the seeded log has rows of, and what a person types to find it: words of its name, as
// few as leave it among the first rows; on a site with a meeting room on every floor, the floor.
const LOGGED = {
  device: 'Smart lock – First floor Meeting room door',
  typed: ['mee lock', 'first floor m'],
}
const FIRST_ROWS = 5

/** The shortest of LOGGED's texts that finds at most FIRST_ROWS devices. */
async function typedFor(api: Api) {
  for (const typed of LOGGED.typed) {
    const found = (await api(
      'GET',
      `/sbm/v1/devices?length=1&search=${encodeURIComponent(typed)}`,
    )) as { recordsFiltered: number }
    if (found.recordsFiltered <= FIRST_ROWS) return typed
  }
  throw new Error(`No text finds ${LOGGED.device} among the first ${FIRST_ROWS} devices`)
}

/** The audit log searched for the device's name, showing only that device's rows. */
async function expectAuditOf(page: import('@playwright/test').Page) {
  await expect(page).toHaveURL(/\/audits\?q=/)
  expect(new URL(page.url()).searchParams.get('q')).toBe(LOGGED.device)
  const rows = page
    .getByRole('grid', { name: 'Device audit log' })
    .locator('[data-row-index]:not([aria-busy])')
  await expect(rows.first()).toContainText(LOGGED.device)
  for (const text of await rows.allTextContents()) expect(text).toContain(LOGGED.device)
}

export const auditOfDevice = task({
  id: 'audit',
  name: 'open a device’s audit log',
  prepare: async (api: Api) => ({ device: LOGGED.device, typed: await typedFor(api) }),
  keyboard: async (keys, { device, typed }) => {
    await ask(keys, `aud ${typed}`)
    // Other meeting rooms' locks match too: ↓ to this one, as the eye finds it.
    await downTo(keys, device)
    await keys.press('Enter')
    await expectAuditOf(keys.page)
  },
  mouse: async (mouse, { device, typed }) => {
    await openDevice(mouse, device, typed)
    await mouse.click(mouse.page.getByRole('link', { name: 'All audit entries of this device' }))
    await expectAuditOf(mouse.page)
  },
})

const tree = (page: import('@playwright/test').Page) => page.getByRole('tree')

export const deleteRoom = task({
  id: 'room',
  name: 'delete a room',
  prepare: async (api: Api, mode) => {
    const name = `${mode === 'keyboard' ? 'Kiln' : 'Mill'} room`
    // Acme Warehouse's one floor, Hall.
    const locations = (await api('GET', '/sbm/v1/locations?search=Warehouse')) as {
      data: { floors: { floor_id: number }[] }[]
    }
    const floor = locations.data[0]?.floors[0]?.floor_id
    await api('POST', '/sbm/v1/rooms', { floor_id: floor, name })
    return name
  },
  keyboard: async (keys, name) => {
    const page = keys.page
    await ask(keys, '~ware')
    await keys.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Warehouse' })).toBeVisible()
    // The building lands in its tree, the floors open: a letter finds the room by its name.
    await expect(tree(page).getByRole('treeitem').first()).toBeFocused()
    await keys.type(name.slice(0, 1).toLowerCase())
    await expect(tree(page).getByRole('treeitem', { name: new RegExp(name) })).toBeFocused()
    await keys.press('Delete')
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` })
    await expect(dialog).toBeVisible()
    await tabTo(keys, dialog.getByRole('button', { name: 'Delete' }))
    await keys.press('Enter')
    await expect(tree(page).getByRole('treeitem', { name: new RegExp(name) })).toHaveCount(0)
  },
  mouse: async (mouse, name) => {
    const page = mouse.page
    await goTo(mouse, 'Locations')
    await clickRowLink(mouse, page.getByRole('grid', { name: 'Locations' }), 'Acme Warehouse')
    // The floors start open: the room is there to click.
    await mouse.click(tree(page).getByRole('treeitem', { name: new RegExp(name) }))
    await mouse.click(page.getByRole('button', { name: `Delete ${name}` }))
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` })
    await mouse.click(dialog.getByRole('button', { name: 'Delete' }))
    await expect(tree(page).getByRole('treeitem', { name: new RegExp(name) })).toHaveCount(0)
  },
})

/** The drawer shows the location with its plan. */
async function expectPlan(page: import('@playwright/test').Page) {
  await expect(page).toHaveURL(/\/locations\?.*peek=\d+/)
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('heading', { name: 'Acme HQ' })).toBeVisible()
  await expect(drawer.getByRole('img', { name: 'Plan of Ground floor' })).toBeVisible()
}

export const peekPlan = task({
  id: 'peek',
  name: 'peek a location’s floor plan',
  prepare: () => undefined,
  keyboard: async (keys) => {
    // A verb is taken from its first three letters (decision 051): "pee" is "Peek in the drawer".
    await ask(keys, 'pee hq')
    await expect(selectedOption(keys.page)).toContainText('Acme HQ')
    await keys.press('Enter')
    await expectPlan(keys.page)
  },
  mouse: async (mouse) => {
    await goTo(mouse, 'Locations')
    await mouse.click(mouse.page.getByRole('button', { name: 'Peek at Acme HQ' }))
    await expectPlan(mouse.page)
  },
})
