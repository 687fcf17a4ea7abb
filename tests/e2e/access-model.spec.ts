import type { Locator, Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { setClock, takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import { api, pick, tabTo } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signInByKeyboard,
  useDarkTheme,
} from './helpers/session'

// Issue 64's done-when, in the console: as orgadmin@demo.local, by keyboard alone, Pia gets her own
// PIN (shown once) and joins the group "Front desk"; a schedule "Business hours" (Mon–Fri
// 07:00–19:00 with the calendar "Holidays 2027", DE-BE 2027) and a rule give the group Acme HQ's
// ground floor (the steps of schedules-rules.spec.ts). With the server's clock moved, Pia's PIN at "Try a PIN" on the reception door's
// keypad opens on a weekday at 10:00, not at 20:00 nor on Christmas Day, each with its reason on
// screen and in the audit log; "Who can open" the door names her through the group; once she is
// out of the group her PIN is refused and "Who could open" the moment before still names her.
//
// On a server of its own (helpers/expiry-server.ts, clockPort): it moves every access decision.
test.use({
  baseURL: `http://127.0.0.1:${clockPort(Number(process.env.E2E_PORT ?? 8181))}`,
  locale: 'en-US',
  timezoneId: 'Europe/Berlin',
})
takeTurnsOnTheClock()

// Wednesday 22 December 2027 (CET, UTC+1) at 10:00 and 20:00, and Christmas Day at 10:00.
const WEEKDAY_10 = '2027-12-22T09:00:00.000Z'
const WEEKDAY_20 = '2027-12-22T19:00:00.000Z'
const CHRISTMAS_10 = '2027-12-25T09:00:00.000Z'

const KEYPAD = 'Keypad – Ground floor Reception door'
const DOOR = 'Ground floor Reception door'

interface Place {
  location: number
  floor: number
  device: number
}

/** Acme HQ's ground floor and the keypad on its reception door, as the seed made them. */
async function seededPlace(page: Page): Promise<Place> {
  const locations = await api<{ data: { location_id: number; name: string }[] }>(
    page,
    'GET',
    '/sbm/v1/locations?search=Acme%20HQ&length=10',
  )
  const hq = locations.data.find((l) => l.name === 'Acme HQ')
  if (!hq) throw new Error('the seed has no Acme HQ')
  const deep = await api<{ floors: { floor_id: number; name: string }[] }>(
    page,
    'GET',
    `/sbm/v1/locations/${hq.location_id}?deep=true`,
  )
  const floor = deep.floors.find((f) => f.name === 'Ground floor')
  const devices = await api<{ data: { device_id: number; name: string }[] }>(
    page,
    'GET',
    `/sbm/v1/devices?search=${encodeURIComponent(KEYPAD)}&length=10`,
  )
  const device = devices.data.find((d) => d.name === KEYPAD)
  if (!floor || !device) throw new Error('the seed has no keypad on the reception door')
  return { location: hq.location_id, floor: floor.floor_id, device: device.device_id }
}

const idIn = (page: Page, kind: string) =>
  Number(new RegExp(`/${kind}/view/(\\d+)$`).exec(page.url())?.[1])

/**
 * By keyboard: the schedule "Business hours" (typed hours), the calendar "Holidays 2027" with
 * Berlin's public holidays of 2027 attached to it, and the rule giving the group Acme HQ's ground
 * floor in those hours. The cleanup deletes them, so a retry on the same server starts afresh.
 */
async function makeModel(page: Page) {
  await page.goto('/schedules/create')
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type('Business hours')
  await tabTo(page, page.getByRole('textbox', { name: 'Hours as text' }))
  await page.keyboard.type('mo-fr 7-19')
  await page.keyboard.press('Enter')
  await expect(page.getByText('In words: Mon–Fri 07:00–19:00')).toBeVisible()
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page).toHaveURL(/\/schedules\/view\/\d+$/)
  const schedule = idIn(page, 'schedules')

  await page.goto('/calendars/create')
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type('Holidays 2027')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/calendars\/view\/\d+$/)
  const calendar = idIn(page, 'calendars')
  await tabTo(page, page.getByRole('button', { name: 'Add public holidays…' }))
  await page.keyboard.press('Enter')
  const holidays = page.getByRole('dialog', { name: 'Add public holidays' })
  await expect(holidays.getByRole('combobox', { name: 'Region' })).toBeFocused()
  await pick(page, 'berlin', /DE-BE/)
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('2027')
  await page.keyboard.press('Enter')
  await expect(holidays).toBeHidden()
  await expect(
    page.getByRole('table', { name: 'Exceptions of Holidays 2027' }).getByRole('row'),
  ).not.toHaveCount(1)

  await page.goto(`/schedules/view/${schedule}`)
  await tabTo(page, page.getByRole('combobox', { name: 'Add a calendar' }))
  await pick(page, 'Holidays 2027', 'Holidays 2027')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Calendar “Holidays 2027” attached.')).toBeVisible()

  await page.goto('/rules/create')
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type('Business hours front desk')
  await page.keyboard.press('Tab')
  await pick(page, 'Front desk', /^Front desk/)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Building' })).toBeFocused()
  await pick(page, 'Acme HQ', 'Acme HQ')
  const tree = page.getByRole('tree', { name: 'Places in Acme HQ' })
  await expect(tree).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.type('Ground')
  const ground = tree.getByRole('treeitem', { name: 'Floor: Ground floor', exact: true })
  await expect(ground).toBeFocused()
  await page.keyboard.press('Space')
  await expect(ground).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, page.getByRole('combobox', { name: 'On a schedule' }))
  await pick(page, 'Business hours', 'Business hours')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page).toHaveURL(/\/rules\/view\/\d+$/)
  const rule = idIn(page, 'rules')

  // The journal keeps the real time while the clock moves the decisions: "who could open" the
  // moment before Pia left the group is asked about a real moment, which a second calendar opens
  // whatever the hour the test runs (the days of the real today and tomorrow in Berlin).
  const berlinDay = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(ms)
  const today = [berlinDay(Date.now()), berlinDay(Date.now() + 86_400_000)]
  expect(today.some((day) => day.startsWith('2027-12-2'))).toBe(false)
  const running = await api<{ calendar_id: number }>(page, 'POST', '/access/v1/calendars', {
    name: 'Test runs',
    exceptions: today.map((date) => ({ name: 'Test run', date, effect: 'open' })),
  })
  await api(page, 'PUT', `/access/v1/schedules/${schedule}`, {
    calendar_ids: [calendar, running.calendar_id],
  })
  return async () => {
    await api(page, 'DELETE', `/access/v1/rules/${rule}`)
    await api(page, 'DELETE', `/access/v1/schedules/${schedule}`)
    await api(page, 'DELETE', `/access/v1/calendars/${calendar}`)
    await api(page, 'DELETE', `/access/v1/calendars/${running.calendar_id}`)
  }
}

/** Types the PIN at "Try a PIN" with the keyboard and presses Enter; the answer's paragraph. */
async function tryPin(page: Page, pin: string) {
  const section = page.getByTestId('try-pin')
  const field = section.getByLabel('PIN', { exact: true })
  // Forward through the page's whole tab cycle if need be: the field is reached from wherever
  // focus is (a page's top, or a section further down that the palette focused).
  await tabTo(page, field, 'Tab', 90)
  await page.keyboard.type(pin)
  await page.keyboard.press('Enter')
  await expect(field).toHaveValue('')
  const answer = page.getByTestId('pin-answer')
  await expect(answer).toHaveAttribute('aria-busy', 'false')
  await expect(answer).not.toBeEmpty()
  return answer
}

/** The audit row the answer links to, opened by keyboard: its detail in the audit log. */
async function auditRowOf(page: Page, answer: Locator) {
  const link = answer.getByRole('link', { name: /^Audit log entry \d+$/ })
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/audits\?/)
  const row = page.getByRole('grid').locator('[data-active="true"]')
  await expect(row).toBeVisible()
  return row
}

test('Pia’s own PIN opens the reception door through “Front desk” in business hours only', async ({
  page,
}) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.orgadmin)
  const place = await seededPlace(page)
  const username = `pia.${Date.now()}`
  let cleanUp: (() => Promise<void>) | null = null
  let groupId: number | null = null
  try {
    // Pia, by keyboard: the form's fields in order, Ctrl+Enter saves.
    await page.goto('/users/create')
    await expect(page.getByLabel('Title')).toBeFocused()
    await tabTo(page, page.getByLabel('First name'))
    await page.keyboard.type('Pia')
    await tabTo(page, page.getByLabel('Last name'))
    await page.keyboard.type('Neumann')
    await tabTo(page, page.getByLabel('Username'))
    await page.keyboard.type(username)
    await tabTo(page, page.getByLabel('E-mail'))
    await page.keyboard.type(`${username}@acme.example`)
    await tabTo(page, page.getByLabel('Role', { exact: true }))
    await page.keyboard.type('Staff')
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('staff')
    await page.keyboard.press('Control+Enter')
    await expect(page).toHaveURL(/\/users\?row=\d+$/)
    const pia = Number(new URL(page.url()).searchParams.get('row'))

    // Her page: "Make PIN" asks, then shows the PIN once.
    await page.goto(`/users/view/${pia}`)
    const panel = page.getByTestId('person-pin')
    await expect(panel).toContainText('No personal PIN yet.')
    await tabTo(page, panel.getByRole('button', { name: 'Make PIN' }))
    await page.keyboard.press('Enter')
    const ask = page.getByRole('dialog', { name: 'Make a PIN for Pia Neumann?' })
    await expect(ask.getByRole('button', { name: 'Make PIN' })).toBeFocused()
    await page.keyboard.press('Enter')
    const shown = page.getByRole('dialog', { name: 'The new PIN of Pia Neumann' })
    await expect(shown.getByRole('button', { name: 'Copy PIN' })).toBeFocused()
    const pin = (
      (await shown.getByTestId('shown-once').locator('[aria-hidden]').textContent()) ?? ''
    ).replace(/\s/g, '')
    expect(pin).toMatch(/^\d{6,8}$/)
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(shown).toBeHidden()
    await expect(panel).toContainText(`Has a PIN of ${pin.length} digits, changed on`)
    await expect(panel.getByRole('button', { name: 'Change PIN' })).toBeFocused()
    await expect(page.getByText(pin)).toHaveCount(0)

    // The group "Front desk" with Pia, by keyboard.
    await page.goto('/groups/create')
    await expect(page.getByLabel('Name')).toBeFocused()
    await page.keyboard.type('Front desk')
    await page.keyboard.press('Control+Enter')
    await expect(page).toHaveURL(/\/groups\/view\/\d+$/)
    groupId = Number(/\/groups\/view\/(\d+)/.exec(page.url())?.[1])
    await tabTo(page, page.getByRole('button', { name: 'Add members…' }))
    await page.keyboard.press('Enter')
    const add = page.getByRole('dialog', { name: 'Add members to Front desk' })
    await expect(add.getByRole('combobox', { name: 'Person' })).toBeFocused()
    await page.keyboard.type(username)
    await expect(add.getByRole('option', { name: new RegExp(username) })).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(add.getByText(`${username}@acme.example`)).toBeVisible()
    await page.keyboard.press('Control+Enter')
    await expect(add).toBeHidden()
    const members = page.getByRole('grid', { name: /Members of Front desk/ })
    await expect(members).toContainText(`${username}@acme.example`)

    cleanUp = await makeModel(page)

    // A weekday at 10:00 in Berlin: granted, with the rule, the group and the interval.
    await setClock(page, WEEKDAY_10)
    await page.goto(`/devices/view/${place.device}`)
    await expect(page.getByRole('heading', { name: 'Try a PIN' })).toBeVisible()
    let answer = await tryPin(page, pin)
    await expect(answer).toContainText(
      'Granted: Pia Neumann through Front desk, rule Business hours front desk, Mon–Fri 07:00–19:00',
    )
    await expect(answer).toContainText('Europe/Berlin')
    await expectNoSeriousA11yViolations(page)
    let row = await auditRowOf(page, answer)
    await expect(row).toContainText(
      `Access granted to ${username}@acme.example: rule “Business hours front desk” through the group “Front desk”.`,
    )

    // "Who can open" the reception door names Pia through the group.
    await page.goto(`/devices/view/${place.device}`)
    const who = page.getByTestId('who-can-open')
    const piaLine = who.getByRole('listitem').filter({ hasText: `${username}@acme.example` })
    await expect(piaLine).toContainText(
      'rule Business hours front desk through the group Front desk',
    )
    await expect(piaLine).toContainText('Business hours: Mon–Fri 07:00–19:00')
    await expect(piaLine.getByRole('link', { name: 'Front desk', exact: true })).toHaveAttribute(
      'href',
      `/groups/view/${groupId}`,
    )
    // And the door itself, picked in its building's tree.
    await page.goto(`/locations/view/${place.location}`)
    const tree = page.getByRole('tree')
    // The floors start open: the room, then its door.
    // A door's row also names its mode once the tree's modes arrive ("… door Locked").
    await tree.getByRole('treeitem', { name: 'room Ground floor Reception', exact: true }).click()
    await tree
      .getByRole('treeitem', { name: new RegExp(`^door ${DOOR}( Locked| Unlocked)?$`) })
      .click()
    const doorWho = page
      .getByTestId('who-can-open')
      .filter({ has: page.getByRole('heading', { name: `Who can open Door ${DOOR}?` }) })
    await expect(
      doorWho.getByRole('listitem').filter({ hasText: `${username}@acme.example` }),
    ).toContainText(
      'via the floor Ground floor · rule Business hours front desk through the group Front desk',
    )
    await page.goto(`/devices/view/${place.device}`)

    // 20:00: outside the schedule.
    await setClock(page, WEEKDAY_20)
    answer = await tryPin(page, pin)
    await expect(answer).toContainText('Denied: outside the schedule')
    row = await auditRowOf(page, answer)
    await expect(row).toContainText(
      `Access denied to ${username}@acme.example: outside the schedule.`,
    )

    // Christmas Day: closed for the holiday, named.
    await setClock(page, CHRISTMAS_10)
    await page.goto(`/devices/view/${place.device}`)
    answer = await tryPin(page, pin)
    await expect(answer).toContainText('Denied: closed for a holiday (Christmas Day)')
    row = await auditRowOf(page, answer)
    await expect(row).toContainText(
      `Access denied to ${username}@acme.example: closed for a holiday.`,
    )

    // Out of the group: her next PIN is refused; the journal has the removal; the moment before
    // (a real one: see makeModel) she could open the door.
    await setClock(page, WEEKDAY_10)
    await page.waitForTimeout(1_100)
    const before = new Date()
    await page.waitForTimeout(1_100)
    await page.goto(`/groups/view/${groupId}`)
    const member = members.getByRole('row').filter({ hasText: `${username}@acme.example` })
    await member.click()
    await page.keyboard.press('Delete')
    const remove = page.getByRole('alertdialog').or(page.getByRole('dialog'))
    await expect(remove).toContainText('Front desk')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await expect(members).not.toContainText(`${username}@acme.example`)

    await page.goto(`/devices/view/${place.device}`)
    answer = await tryPin(page, pin)
    await expect(answer).toContainText('Denied: no rule for the person’s groups covers this door')

    await page.goto('/journal?type=group_member')
    const newest = page
      .getByRole('grid', { name: 'Admin journal' })
      .locator('[data-row-index]:not([aria-busy])')
      .first()
    await expect(newest).toContainText(`${username}@acme.example`)
    await expect(newest).toContainText('Deleted')

    await page.goto(`/devices/view/${place.device}`)
    await expect(who.getByText(`${username}@acme.example`)).toHaveCount(0)
    const moment = who.getByLabel('Moment')
    await moment.focus()
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      dateStyle: 'short',
      timeStyle: 'medium',
    })
      .format(before)
      .replace(' ', 'T')
    await moment.fill(local)
    await expect(who.getByText(/as it was then/)).toBeVisible()
    await expect(
      who.getByRole('listitem').filter({ hasText: `${username}@acme.example` }),
    ).toContainText('through the group Front desk')
    await useDarkTheme(page)
    await expectNoSeriousA11yViolations(page)
  } finally {
    await setClock(page, null)
    await cleanUp?.()
    if (groupId !== null) await api(page, 'DELETE', `/access/v1/groups/${groupId}`)
  }
})

const paletteDialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

/** Types `text` into the palette, waits for the server's results, and runs the selected row. */
async function paletteRun(page: Page, text: string, section: string) {
  await page.keyboard.press('ControlOrMeta+k')
  await expect(paletteDialog(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type(text)
  await expect(paletteDialog(page).getByText('Searching…')).toBeHidden()
  const group = paletteDialog(page).getByRole('group', { name: section })
  await expect(group.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(paletteDialog(page)).toBeHidden()
}

test('the palette’s verbs land on the sections; axe in both themes, in English and German; a keypad’s 429 and its new secret', async ({
  page,
}) => {
  allowAxeTime()
  await signInByKeyboard(page, demo.orgadmin)
  const place = await seededPlace(page)

  // "where can clara go": her page, with focus on where she may go (the seed's rule and group).
  await paletteRun(page, 'where can clara', 'Where can … go')
  await expect(page).toHaveURL(/\/users\/view\/\d+$/)
  const where = page.getByTestId('user-access')
  await expect(where.getByRole('heading', { name: 'Where Clara can go' })).toBeFocused()
  await expect(where.getByRole('heading', { name: 'Acme HQ', level: 3 })).toBeVisible()
  const floor = where.getByRole('listitem').filter({ hasText: 'Floor Ground floor' }).first()
  await expect(floor).toContainText('times in Europe/Berlin')
  await expect(floor).toContainText(
    'rule Reception team — ground floor through the group Reception team · Office hours: Mon–Fri 07:00–19:00',
  )
  await expect(floor).toContainText(/· (open|closed) now/)
  await expect(page.getByTestId('person-pin')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const clara = page.url()

  // "who can open keypad": the keypad's page, with focus on who can open it.
  await paletteRun(page, `who can open ${KEYPAD}`, 'Who can open …')
  await expect(page).toHaveURL(`/devices/view/${place.device}`)
  await expect(
    page.getByTestId('who-can-open').getByRole('heading', { name: 'Who can open this?' }),
  ).toBeFocused()
  let answer = await tryPin(page, '0000')
  await expect(answer).toContainText('Denied: the PIN is nobody’s')
  await expectNoSeriousA11yViolations(page)

  // "New keypad secret…": asks first on Cancel (the keypad must be given the new one), shows it once.
  await tabTo(page, page.getByRole('button', { name: 'New keypad secret…' }), 'Shift+Tab')
  await page.keyboard.press('Enter')
  const ask = page.getByRole('dialog', { name: `Make a new secret for ${KEYPAD}?` })
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  const secret = page.getByRole('dialog', { name: `The secret of ${KEYPAD}` })
  await expect(secret.getByRole('button', { name: 'Copy secret' })).toBeFocused()
  await expect(secret.getByTestId('shown-once')).toHaveText(/^[\w-]{43}$/)
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'New keypad secret…' })).toBeFocused()

  await useDarkTheme(page)
  await expectNoSeriousA11yViolations(page)
  await page.goto(clara)
  await expect(where.getByRole('heading', { name: 'Acme HQ', level: 3 })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // In German, still dark, then light.
  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(where.getByRole('heading', { name: 'Wohin Clara gehen darf' })).toBeVisible()
  await expect(where).toContainText(
    'über die Gruppe Reception team · Office hours: Mo–Fr 07:00–19:00',
  )
  await expect(page.getByTestId('person-pin')).toContainText('Persönliche PIN')
  await expectNoSeriousA11yViolations(page)
  await page.goto(`/devices/view/${place.device}`)
  await expect(page.getByRole('heading', { name: 'PIN ausprobieren' })).toBeVisible()
  answer = await tryPin(page, '0000')
  await expect(answer).toContainText('Abgelehnt: die PIN gehört niemandem')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /Kontomenü/ }).click()
  await page.getByRole('menuitem', { name: 'Zum hellen Design wechseln' }).click()
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'light')
  await expectNoSeriousA11yViolations(page)

  // Wrong PINs, five in a minute with the two above: the keypad answers 429 and says how long.
  for (let tries = 0; tries < 3; tries += 1) await tryPin(page, '0000')
  answer = await tryPin(page, '0000')
  await expect(answer).toContainText(/^Zu viele falsche PINs: Versuchen Sie es in \d+ s wieder$/)
  await page.goto(clara)
  await expectNoSeriousA11yViolations(page)
})
