import { expect, test } from './helpers/test'
import { ACCESS_PATH } from '../../src/contract/access'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  useDarkTheme,
} from './helpers/session'
import { api } from './helpers/keyboard'

// Issue 47's walk-through: Jonas's credential schedule is changed in the console; his page's
// History shows it, the Journal about the door shows it, and "Who can open this?" on the door (picked
// in its building's tree) and on the lock lists Jonas at a moment before the change and not after it.

// The browser in UTC, the demo's buildings on Berlin time: the answer is on the building's clock
// (decision 067).
test.use({ locale: 'en-US', timezoneId: 'UTC' })

const jonas = 'jonas.wolf@acme.example'
const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

interface Row {
  credential_id: number
  user_id: number
  assignment_type: string
  assignment_id: number
}

test('a changed schedule: in the History, the Journal about the door, and who could open it then', async ({
  page,
}) => {
  allowAxeTime()
  await signIn(page, demo.admin)
  const credentials = await api<{ data: Row[] }>(
    page,
    'GET',
    `/access/v1/credentials?search=${encodeURIComponent(jonas)}&length=5`,
  )
  const credential = credentials.data.find((c) => c.assignment_type === 'device')
  if (!credential) throw new Error('Jonas has no device credential')
  const device = await api<{
    device_id: number
    name: string
    assignment_type: string
    assignment_id: number
    location_id: number
    place: { floor: string | null; room: string | null; door: string | null }
  }>(page, 'GET', `/sbm/v1/devices/${credential.assignment_id}`)
  // The seeded lock hangs on a door: the walk-through asks that door too.
  expect(device.assignment_type).toBe('door')
  // Known before: open all of today and tomorrow, no repetition.
  const now = Date.now()
  await api(page, 'PUT', `/access/v1/credentials/${credential.credential_id}`, {
    start_datetime: new Date(now - 3_600_000).toISOString(),
    end_datetime: new Date(now + 2 * 86_400_000).toISOString(),
    permanent: false,
    repetition: null,
  })
  await page.waitForTimeout(1_100)
  const before = new Date()
  await page.waitForTimeout(1_100)

  // The change, in the console: weekly, on a day that is not today.
  await page.goto(`/credentials/edit/${credential.credential_id}`)
  await page.getByLabel('Repeats').selectOption('weekly')
  const otherDay = weekdayNames[(new Date().getUTCDay() + 2) % 7] ?? 'Monday'
  await page.getByRole('button', { name: otherDay }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/credentials(\?|$)/)

  // Jonas's page: the credential's change in his History.
  await page.goto(`/users/view/${credential.user_id}`)
  const history = page.getByTestId('journal-history')
  const newest = history.getByRole('listitem').first()
  await expect(newest).toContainText(`Changed by ${demo.admin}`)
  await expect(newest).toContainText(`Credential ${jonas} → ${device.name}`)
  await expect(newest).toContainText(`Repetition: ${otherDay.slice(0, 3)}`)

  // The Journal about the lock's door shows the same change.
  await page.goto(`/journal?about=door%3A${device.assignment_id}`)
  const grid = page.getByRole('grid', { name: 'Admin journal' })
  await expect(grid.locator('[data-row-index]:not([aria-busy])').first()).toContainText(
    `Credential ${jonas} → ${device.name}`,
  )

  // The door, picked in its building's tree: Jonas could open it before the change.
  const { floor, room, door } = device.place
  if (floor === null || room === null || door === null) throw new Error('the lock has no door')
  await page.goto(`/locations/view/${device.location_id}`)
  const tree = page.getByRole('tree')
  const node = (name: string) => tree.getByRole('treeitem', { name: new RegExp(escaped(name)) })
  await node(floor).first().click()
  await node(room).first().click()
  await node(door).first().click()
  await expect(node(door).first()).toBeFocused()
  const doorWho = page
    .getByTestId('who-can-open')
    .filter({ has: page.getByRole('heading', { name: `Who can open Door ${door}?` }) })
  await expect(doorWho.getByText(/^Now, in Europe\/Berlin/)).toBeVisible()
  await expect(doorWho.getByText(jonas)).toHaveCount(0)
  await doorWho.getByLabel('Moment').fill(before.toISOString().slice(0, 19))
  await expect(doorWho.getByText(/as it was then/)).toBeVisible()
  await expect(
    doorWho
      .getByRole('listitem')
      .filter({ hasText: jonas })
      .getByRole('link', { name: /^via the device/ }),
  ).toHaveText(new RegExp(`^via the device ${escaped(device.name)} · Once · `))
  await expectNoSeriousA11yViolations(page)

  // Who can open the lock: not Jonas now (not his day), Jonas at the moment before the change.
  await page.goto(`/devices/view/${device.device_id}`)
  const who = page.getByTestId('who-can-open')
  await expect(who.getByRole('heading', { name: 'Who can open this?' })).toBeVisible()
  await expect(who.getByText(/^Now, in Europe\/Berlin/)).toBeVisible()
  await expect(who.getByText(jonas)).toHaveCount(0)
  const moment = who.getByLabel('Moment')
  await moment.focus()
  await moment.fill(before.toISOString().slice(0, 19))
  await expect(who.getByText(/as it was then/)).toBeVisible()
  await expect(who.getByText(jonas)).toBeVisible()
  const grant = who
    .getByRole('listitem')
    .filter({ hasText: jonas })
    .getByRole('link', { name: /^via the device/ })
  await expect(grant).toHaveText(new RegExp(`^via the device ${device.name} · Once · `))
  await expect(grant).toHaveAttribute('href', `/credentials/edit/${credential.credential_id}`)
  // The door's section was checked in the light theme; the device's in the dark one.
  await useDarkTheme(page)
  await expectNoSeriousA11yViolations(page)
  const nowButton = who.getByRole('button', { name: 'Now' })
  await nowButton.press('Enter')
  await expect(who.getByText(/^Now, in Europe\/Berlin/)).toBeVisible()
  // Back at now, focus stays on the button that did it, not on the page's body.
  await expect(nowButton).toBeFocused()
  await expect(who.getByText(jonas)).toHaveCount(0)

  // The server says the same, and a moment before the journal began is refused with its reason.
  const answer = await api<{ people: { email: string }[] }>(
    page,
    'GET',
    `${ACCESS_PATH}?device_id=${device.device_id}&at=${encodeURIComponent(before.toISOString())}`,
  )
  expect(answer.people.map((p) => p.email)).toContain(jonas)
  await moment.fill('2001-01-01T00:00:00')
  await expect(
    who.getByText('The journal does not reach back that far: pick a later moment.'),
  ).toBeVisible()
})

test('staff see who can open a lock now, without the journal’s moments', async ({ page }) => {
  await signIn(page, demo.staff)
  const devices = await api<{ data: { device_id: number }[] }>(
    page,
    'GET',
    '/sbm/v1/devices?length=1',
  )
  const first = devices.data[0]
  if (!first) throw new Error('no device')
  await page.goto(`/devices/view/${first.device_id}`)
  const who = page.getByTestId('who-can-open')
  await expect(who.getByText(/^Now, in Europe\/Berlin/)).toBeVisible()
  await expect(who.getByLabel('Moment')).toHaveCount(0)
})

test('a person with many credentials on a lock: the first five, and how many more', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  const devices = await api<{ data: { device_id: number; organization_id: number }[] }>(
    page,
    'GET',
    '/sbm/v1/devices?length=50',
  )
  const device = devices.data.at(-1)
  if (!device) throw new Error('no device')
  const stamp = Date.now()
  const user = await api<{ user_id: number; email: string }>(page, 'POST', '/org/v1/users', {
    organization_id: device.organization_id,
    username: `many.${stamp}`,
    email: `many.${stamp}@acme.example`,
    first_name: 'Many',
    last_name: 'Keys',
    roles: ['staff'],
    permissions: ['users:read:org'],
    client_ids: ['acme-web'],
  })
  for (let n = 0; n < 7; n += 1)
    await api(page, 'POST', '/access/v1/credentials', {
      user_id: user.user_id,
      assignment_type: 'device',
      assignment_id: device.device_id,
      start_datetime: new Date(stamp - 3_600_000).toISOString(),
      end_datetime: new Date(stamp + 86_400_000 + n).toISOString(),
    })
  await page.goto(`/devices/view/${device.device_id}`)
  const person = page
    .getByTestId('who-can-open')
    .getByRole('listitem')
    .filter({ hasText: user.email })
  await expect(person.getByRole('link', { name: /^via the device/ })).toHaveCount(5)
  await expect(person.getByText('and 2 more credentials')).toBeVisible()
})
