import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { DEV_CLOCK_PATH } from '../../src/contract/dev-clock'
import { takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import { api } from './helpers/keyboard'
import { demo, signIn } from './helpers/session'

// Issue 65, first person in (decision 069): Main entrance keeps "Office hours" with first person in
// from "Reception team". In those hours it stays locked until Clara's PIN is granted at the
// reception keypad of the same building; then the mode job unlocks it, and its audit row says
// who opened the day. On the clock server, whose specs take turns.

test.use({
  baseURL: `http://127.0.0.1:${clockPort(Number(process.env.E2E_PORT ?? 8181))}`,
  locale: 'en-US',
  timezoneId: 'Europe/Berlin',
})
takeTurnsOnTheClock()

// Friday 11 June 2027 at 08:30 in Berlin (CEST), inside Office hours (Mon–Fri 07:00–19:00); no
// other spec's override covers that day.
const FRIDAY_0830 = '2027-06-11T06:30:00.000Z'
const ENTRANCE = 'Main entrance'
const ENTRANCE_LOCK = 'Lock – Main entrance'
const KEYPAD = 'Keypad – Ground floor Reception door'

type Named = { name: string }
async function find<T extends Named>(page: Page, path: string, name: string): Promise<T> {
  const found = await api<{ data: T[] }>(page, 'GET', path)
  const row = found.data.find((item) => item.name === name)
  if (!row) throw new Error(`the seed has no ${name}`)
  return row
}

type Device = Named & { device_id: number; current_status: { lock_state: string | null } }

test('first person in: Main entrance waits in Office hours until Clara’s PIN opens the day, and the audit row names her', async ({
  page,
}) => {
  test.slow()
  const moved = await page.request.post(DEV_CLOCK_PATH, { data: { at: FRIDAY_0830 } })
  expect(moved.ok()).toBe(true)
  await signIn(page, demo.orgadmin)
  const door = await find<Named & { door_id: number }>(
    page,
    `/sbm/v1/doors?search=${encodeURIComponent(ENTRANCE)}&length=10`,
    ENTRANCE,
  )
  const device = (name: string) =>
    find<Device>(page, `/sbm/v1/devices?search=${encodeURIComponent(name)}&length=10`, name)
  const [lock, keypad] = [await device(ENTRANCE_LOCK), await device(KEYPAD)]
  const schedule = await find<Named & { schedule_id: number }>(
    page,
    '/access/v1/schedules?search=Office%20hours&length=10',
    'Office hours',
  )
  const group = await find<Named & { group_id: number }>(
    page,
    '/access/v1/groups?search=Reception%20team&length=10',
    'Reception team',
  )
  const users = await api<{ data: { user_id: number; first_name: string; email: string }[] }>(
    page,
    'GET',
    '/org/v1/users?search=Clara&length=10',
  )
  const clara = users.data.find((user) => user.first_name === 'Clara')
  if (!clara) throw new Error('the seed has no Clara')

  await api(page, 'PUT', `/sbm/v1/doors/${door.door_id}/mode`, {
    schedule_id: schedule.schedule_id,
    first_person_in_group_id: group.group_id,
  })
  try {
    // In its hours, before anyone of the team came in: locked, and the panel says why.
    await page.goto(`/devices/view/${lock.device_id}`)
    const panel = page.getByTestId('door-mode')
    await expect(panel.getByRole('heading', { name: `Why is ${ENTRANCE} locked?` })).toBeVisible()
    await expect(panel.getByTestId('door-mode-layer')).toHaveText(
      'Unlock schedule Office hours: waiting for the first person in from Reception team',
    )
    expect((await device(ENTRANCE_LOCK)).current_status.lock_state).toBe('locked')

    // Clara's own PIN, granted at the reception keypad ("Try a PIN" asks the server as it would).
    const { pin } = await api<{ pin: string }>(
      page,
      'POST',
      `/access/v1/users/${clara.user_id}/pin`,
    )
    await page.goto(`/devices/view/${keypad.device_id}`)
    const field = page.getByTestId('try-pin').getByLabel('PIN', { exact: true })
    await field.focus()
    await page.keyboard.type(pin)
    await page.keyboard.press('Enter')
    const answer = page.getByTestId('pin-answer')
    await expect(answer).toHaveAttribute('aria-busy', 'false')
    await expect(answer).toContainText('Granted')

    // The job unlocks the entrance for the rest of its hours; the panel names who opened the day.
    await expect
      .poll(async () => (await device(ENTRANCE_LOCK)).current_status.lock_state, {
        timeout: 60_000,
      })
      .toBe('unlocked')
    await page.goto(`/devices/view/${lock.device_id}`)
    await expect(panel.getByRole('heading', { name: `Why is ${ENTRANCE} unlocked?` })).toBeVisible()
    await expect(panel.getByTestId('door-mode-layer')).toContainText(clara.email)

    // The lock's audit log: the job's unlock, naming her.
    await page.goto(`/audits?q=${encodeURIComponent(ENTRANCE_LOCK)}`)
    const rows = page
      .getByRole('grid', { name: 'Device audit log' })
      .locator('[data-row-index]:not([aria-busy])')
    await expect(
      rows.filter({ hasText: `the day opened by ${clara.email}` }).filter({ hasText: 'Unlock' }),
    ).not.toHaveCount(0)
  } finally {
    await api(page, 'DELETE', `/sbm/v1/doors/${door.door_id}/mode`)
  }
})
