import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  sidebar,
  signIn,
  signInByKeyboard,
  storedTokens,
} from './helpers/session'

// The admin journal in the console (issue 47, docs/journal.md): a change made through the UI shows
// in its entity's History and in the Journal with its diff; an org admin sees only their
// organization's rows; staff have no Journal; `g j` reaches it and axe finds nothing serious.

test.use({ locale: 'en-US', timezoneId: 'UTC' })
// One change, then what each reader sees of it: in order, on one server.
test.describe.configure({ mode: 'serial' })

const grid = (page: Page) => page.getByRole('grid', { name: 'Admin journal' })
const loadedRows = (page: Page) => grid(page).locator('[data-row-index]:not([aria-busy])')
const history = (page: Page) => page.getByTestId('journal-history')

// A seeded Globex user no other spec touches: the change is the admin's, and the org admin of
// Acme must not see it.
const paul = 'paul.meyer@globex.example'

async function userId(page: Page, email: string): Promise<number> {
  const { access } = await storedTokens(page)
  const response = await page.request.get(`/org/v1/users?search=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${access}` },
  })
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { data: { user_id: number; email: string }[] }
  const user = body.data.find((u) => u.email === email)
  if (!user) throw new Error(`no user ${email}`)
  return user.user_id
}

let paulId = 0

test('a changed name shows in the user’s History, in the Journal and in its row view', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  paulId = await userId(page, paul)
  await page.goto(`/users/edit/${paulId}`)
  await page.getByLabel('Last name').fill('Meyer-Lang')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('User “Paul Meyer-Lang” saved.')).toBeVisible()

  await page.goto(`/users/view/${paulId}`)
  await expect(history(page).getByRole('heading', { name: 'History' })).toBeVisible()
  const newest = history(page).getByRole('listitem').first()
  await expect(newest).toContainText(`Changed by ${demo.admin}`)
  await expect(newest).toContainText('Last name: Meyer → Meyer-Lang')

  await history(page).getByRole('link', { name: 'Show all in the journal' }).click()
  await expect(page).toHaveURL(new RegExp(`/journal\\?about=user%3A${paulId}$`))
  await expect(page.getByRole('heading', { name: 'Journal', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('button', { name: `Only User ${paulId} and its credentials` }),
  ).toBeVisible()
  const row = loadedRows(page).first()
  await expect(row).toContainText('Changed')
  await expect(row).toContainText(`User ${paul}`)
  await expect(row).toContainText(demo.admin)
  await expect(row).toContainText('Globex')

  await row.dblclick()
  const drawer = page.getByRole('dialog', { name: 'Journal entry' })
  await expect(drawer).toBeVisible()
  const changes = drawer.getByRole('table', { name: 'Changes' })
  await expect(changes.getByRole('row', { name: 'Last name Meyer Meyer-Lang' })).toBeVisible()
  await expect(drawer.getByRole('link', { name: demo.admin })).toHaveAttribute(
    'href',
    /\/users\/view\/\d+$/,
  )
  await expect(drawer.getByRole('link', { name: `User ${paul}` })).toHaveAttribute(
    'href',
    `/users/view/${paulId}`,
  )
  // Focus stays in the row view until Escape hands it back to the list.
  await page.keyboard.press('Tab')
  await expect(drawer.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
})

test('a credential’s schedule changed through its form shows in its History and the Journal', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  const { access } = await storedTokens(page)
  const answer = await page.request.get(
    '/access/v1/credentials?start=0&length=100&order_by=credential_id&order_direction=desc',
    { headers: { Authorization: `Bearer ${access}` } },
  )
  type Row = { credential_id: number; permanent: boolean; end_datetime: string | null }
  const credential = ((await answer.json()) as { data: Row[] }).data.find(
    (row) => !row.permanent && row.end_datetime !== null,
  )
  if (!credential) throw new Error('no credential with an end')
  await page.goto(`/credentials/edit/${credential.credential_id}`)
  const ends = page.getByRole('group', { name: 'Ends' })
  const time = ends.getByLabel('Time')
  const next = (await time.inputValue()) === '23:45' ? '22:15' : '23:45'
  // As en-US writes it in UTC: History in short, the row view with seconds.
  const shown = new RegExp(`${next === '23:45' ? '11:45' : '10:15'}(:00)? PM`)
  await time.fill(next)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/credentials\?/)

  await page.goto(`/credentials/edit/${credential.credential_id}`)
  const newest = history(page).getByRole('listitem').first()
  await expect(newest).toContainText(`Changed by ${demo.admin}`)
  await expect(newest).toContainText(/End: .+ → /)
  await expect(newest).toContainText(shown)
  await history(page).getByRole('link', { name: 'Show all in the journal' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/journal\\?type=credential&target=${credential.credential_id}$`),
  )
  await loadedRows(page).first().dblclick()
  const changes = page
    .getByRole('dialog', { name: 'Journal entry' })
    .getByRole('table', { name: 'Changes' })
  await expect(changes.getByRole('row', { name: /^End / })).toContainText(shown)
})

test('a floor renamed in the tree shows in its own History on the location page; Show history in the palette', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  const { access } = await storedTokens(page)
  const answer = await page.request.get('/sbm/v1/locations?search=Globex%20Tower', {
    headers: { Authorization: `Bearer ${access}` },
  })
  const tower = ((await answer.json()) as { data: { location_id: number; name: string }[] }).data[0]
  if (!tower) throw new Error('no Globex Tower')
  await page.goto(`/locations/view/${tower.location_id}`)
  await expect(history(page).first()).toContainText('History')
  // The floor itself, not its rooms (the floors start open, and the rooms carry its name).
  const floor = page.getByRole('tree').getByRole('treeitem', { name: /^floor .*Executive floor/ })
  await floor.click()
  const part = history(page).filter({ hasText: 'History of floor Executive floor' })
  await expect(part).toContainText('No changes recorded yet.')

  await page.keyboard.press('F2')
  const form = page.getByRole('dialog', { name: 'Edit floor Executive floor' })
  await form.getByLabel('Name').fill('Board floor')
  await page.keyboard.press('Enter')
  await expect(form).toBeHidden()
  const renamed = history(page).filter({ hasText: 'History of floor Board floor' })
  await expect(renamed.getByRole('listitem').first()).toContainText(
    'Name: Executive floor → Board floor',
  )

  // The palette offers the location's own history while the page shows it.
  await page.keyboard.press('Control+k')
  await page.keyboard.type('Show history')
  await expect(
    page.getByRole('option', { name: 'Show history of floor Board floor' }),
  ).toBeVisible()
  await expect(page.getByRole('option', { name: /^Show history G then H/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/journal\\?type=location&target=${tower.location_id}$`))
})

test('a link with a filter the journal does not know says so instead of failing', async ({
  page,
}) => {
  await signIn(page, demo.admin, { at: '/journal?action=explode&target=abc' })
  await expect(
    page.getByText('The link’s Action “explode” is not a value the journal knows'),
  ).toBeVisible()
  await expect(
    page.getByText('The link’s Target id “abc” is not a value the journal knows'),
  ).toBeVisible()
  await expect(loadedRows(page).first()).toBeVisible()
})

test('an org admin sees only their organization’s rows', async ({ page }) => {
  await signIn(page, demo.orgadmin, { at: '/journal' })
  await expect(loadedRows(page).first()).toBeVisible()
  const organizations = await grid(page)
    .locator('[data-row-index]:not([aria-busy]) [role="gridcell"]:nth-child(5)')
    .allInnerTexts()
  expect(organizations.length).toBeGreaterThan(0)
  expect(new Set(organizations)).toEqual(new Set(['Acme']))
  // The Globex user's change is not theirs to see, even asked for by its id.
  await page.goto(`/journal?type=user&target=${paulId}`)
  await expect(grid(page).getByText('Nothing matches these filters.')).toBeVisible()
})

test('staff have no Journal: not in the sidebar, refused by URL, no History', async ({ page }) => {
  await signIn(page, demo.staff)
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible()
  await expect(sidebar(page).getByRole('link', { name: 'Journal' })).toHaveCount(0)
  await page.goto('/journal')
  await expect(page.getByText("Sorry, you can't view this page.")).toBeVisible()
  // A user of their own organization: the page shows, without a History.
  await page.goto(`/users/view/${await userId(page, 'finn.braun@acme.example')}`)
  await expect(page.getByRole('heading', { name: /Finn Braun/, level: 1 })).toBeVisible()
  await expect(history(page)).toHaveCount(0)
})

test('g j opens the Journal by keyboard, and axe finds nothing serious', async ({ page }) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.admin)
  await page.keyboard.press('g')
  await page.keyboard.press('j')
  await expect(page).toHaveURL(/\/journal$/)
  await expect(loadedRows(page).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  // The list has focus: j picks the newest row, Enter opens its row view (axe clean too), j walks
  // the journal behind it, Escape returns to the list.
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Journal entry' })
  await expect(drawer).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const entry = drawer.getByTestId('journal-entry')
  const first = await entry.innerText()
  await page.keyboard.press('j')
  await expect(entry).not.toHaveText(first)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(grid(page)).toBeFocused()
})

test('axe finds nothing serious on the Journal and its row view in the dark theme', async ({
  page,
}) => {
  allowAxeTime()
  await signIn(page, demo.admin, { at: '/journal' })
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.colorScheme))
    .toBe('dark')
  await expect(loadedRows(page).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await grid(page).focus()
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Journal entry' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
