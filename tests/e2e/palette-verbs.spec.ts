import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signInByKeyboard,
  storedTokens,
} from './helpers/session'
import { api } from './helpers/keyboard'

// The palette as an access-control admin uses it (issue 46, decision 048): a screen's name
// reaches the screen, a person before their credential, a prefix alone browses its kind, Enter
// never puts a PIN on screen, and single-key shortcuts can be turned off. Keyboard only.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const paletteInput = (page: Page) => palette(page).getByRole('combobox')
const selected = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]')

/** The selected row's title (its highlighted text's label), without what follows it. */
async function selectedTitle(page: Page) {
  const label = selected(page).locator('mark').first()
  return (await label.evaluate((mark) => mark.parentElement?.textContent ?? '')).trim()
}

async function openPalette(page: Page) {
  await page.keyboard.press('ControlOrMeta+k')
  await expect(paletteInput(page)).toBeFocused()
}

async function search(page: Page, text: string) {
  await openPalette(page)
  await page.keyboard.type(text)
  // The server's results have arrived when the palette stops saying it searches.
  await expect(palette(page).getByText('Searching…')).toBeHidden()
}

test('"audit" Enter opens the audit log, not a credential of auditor@', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, 'audit')
  await expect(selected(page)).toContainText('Go to Audits')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/audits$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('"clara" lists Clara before her credentials', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, 'clara')
  await expect(selected(page)).toContainText(/Clara/)
  // A credential reads "user → door"; the person comes first.
  await expect(selected(page)).not.toContainText('→')
})

test('"$" alone browses credentials, and "$smart" finds them by what they open', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, '$')
  const options = palette(page).getByRole('option')
  await expect(options.first()).toContainText('→')
  expect(await options.count()).toBeGreaterThan(1)
  await page.keyboard.type('smart')
  await expect(palette(page).getByText('Searching…')).toBeHidden()
  await expect(options.first()).toContainText('Smart lock')
  for (const text of await options.allTextContents()) expect(text).toContain('Smart lock')
})

test('Enter on a credential opens its form and never shows its PIN', async ({ page }) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, '$jonas')
  await expect(selected(page)).toContainText('jonas')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/credentials\/edit\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The form offers "Offline code" as a button; no dialog and no code is on screen.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText(/Offline code \d/)).toHaveCount(0)
})

test('single-key shortcuts turned off: g o and ? do nothing, Ctrl+K works, it survives a reload', async ({
  page,
}) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.admin)
  await search(page, 'single-key shortcuts off')
  await expect(selected(page)).toContainText('Turn single-key shortcuts off')
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()

  const nothingHappens = async () => {
    await page.keyboard.press('g')
    await page.keyboard.press('o')
    await page.keyboard.press('?')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
  await nothingHappens()
  await page.reload()
  await expect(page.getByTestId('content')).toBeVisible()
  await nothingHappens()

  // The palette still opens, and the Settings dialog shows the choice, axe clean in both themes.
  await search(page, 'open settings')
  await page.keyboard.press('Enter')
  const settings = page.getByRole('dialog', { name: 'Settings' })
  const group = settings.getByRole('group', { name: 'Single-key shortcuts' })
  await expect(group.getByRole('radio', { name: 'Off' })).toBeChecked()
  await expectNoSeriousA11yViolations(page)
  await settings.getByRole('radio', { name: 'Dark' }).focus()
  await page.keyboard.press('Space')
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')

  // The ? sheet, reached through the palette, says single-key shortcuts are off.
  await search(page, 'keyboard shortcuts')
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet.getByText(/Single-key shortcuts are off/)).toBeVisible()
  await expect(sheet.getByText('g o', { exact: true })).toHaveCount(0)
  await page.keyboard.press('Escape')

  // Back on: g o goes to organizations again.
  await search(page, 'single-key shortcuts on')
  await expect(selected(page)).toContainText('Turn single-key shortcuts on')
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()
  // The palette runs a chosen command once focus is back on the page: it is on when the palette
  // offers to turn it off again.
  await search(page, 'single-key shortcuts off')
  await expect(selected(page)).toContainText('Turn single-key shortcuts off')
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()
  await page.keyboard.press('g')
  await page.keyboard.press('o')
  await expect(page).toHaveURL(/\/organizations$/)
})

test('"unlock recep" Enter Enter unlocks a reception door: confirmation, then the receipt', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, 'unlock recep')
  const group = palette(page).getByRole('group', { name: 'Unlock' })
  await expect(group.getByRole('option').first()).toBeVisible()
  // Devices that cannot unlock are not offered; one that is offline is offered with its reason.
  for (const text of await group.getByRole('option').allTextContents())
    expect(text).toMatch(/Reception/)
  const name = await selectedTitle(page)
  expect(name).toMatch(/Reception/)
  await page.keyboard.press('Enter')
  // The action's own confirmation, where the person is (the action host), on its send button.
  const confirm = page.getByRole('dialog', { name: `Unlock: ${name}?` })
  await expect(confirm.getByRole('button', { name: 'Send Unlock' })).toBeFocused()
  await expect(page).toHaveURL(/\/$/)
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Unlock sent to ${name}: done.`)).toBeVisible()
})

test('"audit log of recep" Enter opens the audit log searched for that device', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, 'audit log of recep')
  const group = palette(page).getByRole('group', { name: 'Audit log of' })
  await expect(group.getByRole('option').first()).toBeVisible()
  const name = await selectedTitle(page)
  expect(name).toMatch(/Reception/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/audits\?/)
  expect(new URL(page.url()).searchParams.get('q')).toBe(name)
  await expect(page.getByRole('searchbox').first()).toHaveValue(name)
})

test('"audit log of" a door Enter opens the audit log of the devices on that door', async ({
  page,
}) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.admin)
  interface Placed {
    device_id: number
    name: string
    assignment_type: string
    assignment_id: number
    capabilities: string[]
    current_status: { connected: boolean }
  }
  const devices = await api<{ data: Placed[] }>(page, 'GET', '/sbm/v1/devices?length=500')
  // A door whose name no other door has: the palette's row shows the name, and other tests on
  // this server make doors of their own.
  const doors = await api<{ data: { door_id: number; name: string }[] }>(
    page,
    'GET',
    '/sbm/v1/doors?length=500',
  )
  const named = (name: string) => doors.data.filter((d) => d.name === name).length
  const doorOf = (lockOn: Placed) => doors.data.find((d) => d.door_id === lockOn.assignment_id)
  const lock = devices.data.find((d) => {
    const on = d.assignment_type === 'door' ? doorOf(d) : undefined
    return (
      on !== undefined &&
      named(on.name) === 1 &&
      d.capabilities.includes('remotely_lock') &&
      d.current_status.connected
    )
  })
  const door = lock && doorOf(lock)
  if (!lock || !door) throw new Error('the demo has no connected lock on a door of its own name')
  // The door's newest entry is this lock's.
  const { access } = await storedTokens(page)
  const sent = await page.request.post(`/access/v1/devices/${lock.device_id}/control/lock`, {
    headers: { Authorization: `Bearer ${access}`, 'Idempotency-Key': `door-log-${Date.now()}` },
  })
  expect(sent.ok()).toBe(true)
  await search(page, `audit log of ${door.name}`)
  // Devices and doors both answer the verb; move down to the door itself.
  for (let presses = 0; presses < 20 && (await selectedTitle(page)) !== door.name; presses += 1)
    await page.keyboard.press('ArrowDown')
  expect(await selectedTitle(page)).toBe(door.name)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/audits\\?door=${door.door_id}$`))
  await expect(page.getByTestId('audit-door-filter')).toContainText(door.name)
  const rows = page
    .getByRole('grid', { name: 'Device audit log' })
    .locator('[data-row-index]:not([aria-busy])')
  await expect(rows.first()).toContainText(lock.name)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Show every entry' }).press('Enter')
  await expect(page).toHaveURL(/\/audits$/)
})

test('"disable" alone lists the people it applies to; "disable clara" Enter asks to disable Clara', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, 'disable')
  const group = palette(page).getByRole('group', { name: 'Disable user' })
  await expect(group.getByRole('option').first()).toBeVisible()
  await page.keyboard.type(' clara')
  await expect(palette(page).getByText('Searching…')).toBeHidden()
  await expect(selected(page)).toContainText('Clara')
  await page.keyboard.press('Enter')
  // The action's own dialog, where the person is: no trip to Clara's page.
  await expect(page.getByRole('dialog', { name: /Disable Clara .*\?/ })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('on a person’s page the empty palette starts with their actions; a device opened a moment ago is offered; sign-out forgets it', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  // Open a device by the palette, then Clara.
  await search(page, '#lock')
  const device = await selectedTitle(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: device })).toBeVisible()
  await search(page, '@clara')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/users\/view\/\d+/)
  const clara = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
  expect(clara).toMatch(/Clara/)

  await openPalette(page)
  const groups = palette(page).getByRole('group')
  await expect(groups.first()).toHaveAccessibleName(`On this page: ${clara}`)
  await expect(groups.first().getByRole('option').first()).toHaveText('Edit user')
  await expect(selected(page)).toHaveText('Edit user')
  const opened = palette(page).getByRole('group', { name: 'Recently opened' })
  await expect(opened.getByRole('option').first()).toContainText(device)
  await page.keyboard.press('Escape')

  // Signed out and in again, the browser has forgotten what was opened.
  await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signInByKeyboard(page, demo.admin)
  await openPalette(page)
  await expect(palette(page).getByRole('group', { name: 'Recently opened' })).toHaveCount(0)
})

test('a prefix alone lists its kind’s recently opened first, and not again below them', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  await search(page, '#lock')
  const device = await selectedTitle(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: device })).toBeVisible()
  // Away from its page, where it would be the page's own subject rather than a recent one.
  await search(page, 'go to dashboard')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$|\/$/)

  await search(page, '#')
  const groups = palette(page).getByRole('group')
  await expect(groups.first()).toHaveAccessibleName('Recently opened')
  await expect(groups.first().getByRole('option')).toHaveCount(1)
  await expect(groups.first().getByRole('option')).toContainText(device)
  const devices = palette(page).getByRole('group', { name: 'Devices' }).getByRole('option')
  await expect(palette(page).getByText('Searching…')).toBeHidden()
  // The seed's devices fit the first window; walking past one is in users-keyboard.spec.ts (@ alone).
  expect(await devices.count()).toBeGreaterThanOrEqual(7)
  await expect(devices.filter({ hasText: device })).toHaveCount(0)
})

test('"delete organization" and "delete location" ask where the person is, on Cancel, and delete', async ({
  page,
}) => {
  await signInByKeyboard(page, demo.admin)
  const stamp = Date.now().toString(36)
  const org = await api<{ organization_id: number; name: string }>(
    page,
    'POST',
    '/org/v1/organizations',
    { name: `Palette Org ${stamp}`, description: '', client_ids: [`palette-${stamp}`] },
  )
  const place = await api<{ location_id: number; name: string }>(
    page,
    'POST',
    '/sbm/v1/locations',
    {
      name: `Palette Place ${stamp}`,
    },
  )
  await page.goto('/devices')
  const where = page.url()

  for (const [verb, name, notice] of [
    ['delete organization', org.name, `Organization “${org.name}” deleted.`],
    ['delete location', place.name, `Location “${place.name}” deleted.`],
  ] as const) {
    await search(page, `${verb} ${name}`)
    expect(await selectedTitle(page)).toBe(name)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` })
    // Deleting cannot be taken back: the confirmation starts on Cancel, so Enter alone keeps it.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText(notice)).toBeVisible()
    expect(page.url()).toBe(where)
  }
  const gone = await page.request.get(`/org/v1/organizations/${org.organization_id}`, {
    headers: { Authorization: `Bearer ${(await storedTokens(page)).access}` },
  })
  expect(gone.status()).toBe(404)
})
