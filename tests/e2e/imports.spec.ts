import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { parse } from 'csv-parse/sync'
import { readFile } from 'node:fs/promises'
import { importPort } from './helpers/expiry-server'
import {
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  storedTokens,
  useDarkTheme,
} from './helpers/session'

// On a server of its own (helpers/expiry-server.ts, importPort): its imports would hold up and
// fill the lists of the specs running beside it.
test.use({ baseURL: `http://127.0.0.1:${importPort(Number(process.env.E2E_PORT ?? 8181))}` })

// Import users and credentials from CSV by keyboard against the real server: the dry run names the
// bad rows with their lines and reasons, the valid rows are imported, and the same file a second
// time changes nothing. The file chooser is opened with Space on the focused input, as a person
// would.

const header = 'username,email,first_name,last_name,roles,permissions'

/** 1,000 rows, three of them bad: an e-mail (line 101), a repeated username (501), a permission (901). */
function thousandRows(prefix: string): string {
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const line = i + 2
    const name = `${prefix}.${line}`
    if (line === 101) return `${name},not-an-email,Imp,Bad,staff,users:read:org`
    if (line === 501) return `${prefix}.2,${name}@acme.example,Imp,Twice,staff,users:read:org`
    if (line === 901) return `${name},${name}@acme.example,Imp,Grabby,staff,doors:teleport:all`
    return `${name},${name}@acme.example,Imp,"Row, ${line}",staff,users:read:org`
  })
  return [header, ...rows].join('\r\n')
}

const dialog = (page: Page) =>
  page.getByRole('dialog', {
    name: /Import users|Benutzer importieren|Import credentials|Zugangsberechtigungen importieren/,
  })

/**
 * Opens the import from the palette (`command`, "Import users…"), or with Enter on the list's
 * button (the German walk: its palette would also match the users named "Imp…" the first test
 * created), and chooses `csv` with Space on the focused file input.
 */
async function openAndChoose(
  page: Page,
  csv: string,
  via: { palette: string } | { button: string } = { palette: 'Import users…' },
) {
  // Listening before any key is pressed turns file-chooser interception on in time.
  const chooser = page.waitForEvent('filechooser')
  if ('palette' in via) {
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type(via.palette.replace('…', ''))
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    await expect(palette.getByRole('option', { name: via.palette })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  } else {
    await page.getByRole('button', { name: via.button }).focus()
  }
  await page.keyboard.press('Enter')
  const input = dialog(page).getByLabel(/CSV file|CSV-Datei/)
  await expect(input).toBeFocused()
  // The file input says what the server takes: each import its own limits.
  await expect(input).toHaveAccessibleDescription(limitsSaid[kindOf(via)])
  await page.keyboard.press('Space')
  await (
    await chooser
  ).setFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
}

const limitsSaid = {
  users: /At most 10,000 rows and 2 MB\.$/,
  benutzer: /Höchstens 10\.000 Zeilen und 2 MB\.$/,
  credentials: /At most 5,000 rows and 1 MB\.$/,
}
const kindOf = (via: { palette: string } | { button: string }): keyof typeof limitsSaid =>
  'button' in via ? 'benutzer' : via.palette.includes('credentials') ? 'credentials' : 'users'

/** Tabs forward until the button named `name` has focus, then presses Enter. */
async function tabToAndPress(page: Page, name: string) {
  const button = dialog(page).getByRole('button', { name })
  for (let i = 0; i < 20 && !(await button.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
}

async function goToUsers(page: Page) {
  await page.keyboard.press('g')
  await page.keyboard.press('u')
  await expect(page).toHaveURL(/\/users/)
  await expect(page.getByRole('button', { name: 'Import users…' })).toBeVisible()
}

test('1,000 rows with 3 bad ones: the dry run names them, the valid 997 are imported, twice changes nothing', async ({
  page,
}) => {
  // Four requests of 1,000 rows, each ≈ 20 ms a row on the embedded database (docs/csv.md), and
  // axe twice: far more than a test's usual minute on a shared 2-core machine.
  test.setTimeout(480_000)
  const prefix = `imp${Date.now()}`
  const csv = thousandRows(prefix)
  await signInByKeyboard(page, demo.admin)
  await goToUsers(page)

  await openAndChoose(page, csv)
  const review = dialog(page).getByRole('heading', { name: 'What the import would do' })
  await expect(review).toBeFocused({ timeout: 90_000 })
  await expect(dialog(page).getByTestId('import-summary')).toHaveText(
    '997 would be created, 0 updated, 0 unchanged, 3 errors.',
  )
  const errors = dialog(page).getByTestId('import-errors').locator('tbody tr')
  await expect(errors).toHaveText([
    /^101\s*E-mail\s*Please enter valid email address\.$/,
    /^501\s*Username\s*Same Username as line 2\.$/,
    /^901\s*Permissions\s*Choose known permissions\.$/,
  ])
  // All or nothing would write nothing while a row is refused: offered, but not to be pressed.
  await expect(dialog(page).getByRole('button', { name: 'Import all rows' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  await tabToAndPress(page, 'Import the 997 valid rows')
  const done = dialog(page).getByRole('heading', { name: 'Import finished' })
  await expect(done).toBeFocused({ timeout: 120_000 })
  await expect(dialog(page).getByTestId('import-result')).toHaveText(
    '997 created, 0 updated, 0 unchanged, 3 errors.',
  )
  const downloading = page.waitForEvent('download')
  await tabToAndPress(page, 'Download results (CSV)')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^users-import-results-\d{8}-\d{6}\.csv$/)
  const records: string[][] = parse(await readFile(await download.path()), { bom: true })
  expect(records).toHaveLength(1001)
  expect(records[0]).toEqual(['Line', 'Outcome', 'User ID', 'Changes', 'Column', 'Problem'])
  expect(records[100]?.slice(0, 2)).toEqual(['101', 'error'])
  expect(records[1]?.[1]).toBe('created')
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()

  await page.goto(`/users?q=${prefix}`)
  await expect(page.getByText('997 matches')).toBeVisible()

  // The same file again: nothing to create, every valid row unchanged.
  await openAndChoose(page, csv)
  await expect(review).toBeFocused({ timeout: 90_000 })
  await expect(dialog(page).getByTestId('import-summary')).toHaveText(
    '0 would be created, 0 updated, 997 unchanged, 3 errors.',
  )
  await tabToAndPress(page, 'Import the 997 valid rows')
  await expect(done).toBeFocused({ timeout: 120_000 })
  await expect(dialog(page).getByTestId('import-result')).toHaveText(
    '0 created, 0 updated, 997 unchanged, 3 errors.',
  )
  await page.keyboard.press('Escape')
  await expect(page.getByText('997 matches')).toBeVisible()
})

test('in German, with invitations; a failed request keeps the chosen file', async ({ page }) => {
  const prefix = `einl${Date.now()}`
  const csv = [
    header,
    `${prefix}.a,${prefix}.a@acme.example,Anna,Import,staff,users:read:org`,
    `${prefix}.b,kaputt,Bernd,Import,staff,users:read:org`,
  ].join('\r\n')
  await signIn(page, demo.admin, { at: '/users?lng=de' })
  await expect(page.getByRole('button', { name: 'Benutzer importieren…' })).toBeVisible()

  // The first dry run fails on the way: the error shows and the file stays chosen.
  let refused = false
  await page.route('**/org/v1/users/import?*', async (route) => {
    if (refused) return route.fallback()
    refused = true
    return route.abort('connectionreset')
  })
  await openAndChoose(page, csv, { button: 'Benutzer importieren…' })
  await expect(dialog(page).getByRole('alert')).toContainText('Die Datei bleibt gewählt')
  await expect(dialog(page).getByText('Gewählt: people.csv')).toBeVisible()
  await tabToAndPress(page, 'Datei prüfen')

  await expect(dialog(page).getByRole('heading', { name: 'Was der Import täte' })).toBeFocused()
  await expect(dialog(page).getByTestId('import-summary')).toHaveText(
    '1 würden angelegt, 0 geändert, 0 unverändert, 1 Fehler.',
  )
  await expect(dialog(page).getByTestId('import-errors').locator('tbody tr')).toHaveText([
    /^3\s*E-Mail\s*Bitte geben Sie eine gültige E-Mail-Adresse ein\.$/,
  ])
  const invite = dialog(page).getByLabel('Einladungen an die neuen Benutzer senden')
  await invite.focus()
  await page.keyboard.press('Space')
  await expect(invite).toBeChecked()
  await tabToAndPress(page, 'Die 1 gültigen Zeile importieren')
  await expect(dialog(page).getByRole('heading', { name: 'Import abgeschlossen' })).toBeFocused()
  await expect(dialog(page).getByTestId('import-result')).toHaveText(
    '1 angelegt, 0 geändert, 0 unverändert, 1 Fehler.',
  )
  await expect(dialog(page).getByTestId('import-follow-up')).toHaveText(
    '1 Einladung gesendet, 0 abgelehnt.',
  )
  await expectNoSeriousA11yViolations(page)
  const outbox = (await (await page.request.get('/dev/outbox')).json()) as {
    data: { recipient: string }[]
  }
  expect(outbox.data.some((m) => m.recipient === `${prefix}.a@acme.example`)).toBe(true)
})

test('credentials: the dry run names the bad row, the valid ones are created once, by keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signInByKeyboard(page, demo.admin)
  const { access } = await storedTokens(page)
  const api = async <T>(path: string) => {
    const response = await page.request.get(path, {
      headers: { Authorization: `Bearer ${access}` },
    })
    expect(response.ok(), path).toBe(true)
    return (await response.json()) as T
  }
  // A door of staff's and auditor's organization (Acme): the admin sees every organization's.
  const staff = (
    await api<{ data: { organization_id: number }[] }>('/org/v1/users?search=staff@demo.local')
  ).data[0]
  const doors = await api<{ data: { door_id: number; organization_id: number }[] }>(
    '/sbm/v1/doors?length=100',
  )
  const door = doors.data.find((d) => d.organization_id === staff?.organization_id)
  if (!door) throw new Error('the demo data has a door at Acme')
  const count = async () =>
    (await api<{ recordsTotal: number }>('/access/v1/credentials?length=1')).recordsTotal
  // A week of a year no other test uses, so a second run on the same database finds its own rows.
  const day = 1 + (Date.now() % 27)
  const at = (month: number, hour: number) =>
    `2033-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`
  const csv = [
    'user_email,assignment_type,assignment_id,start_datetime,end_datetime,exclusive,repetition',
    `staff@demo.local,door,${door.door_id},${at(1, 8)},${at(2, 8)},no,weekly: mon; wed`,
    `auditor@demo.local,door,${door.door_id},${at(1, 8)},${at(2, 8)},no,daily`,
    `staff@demo.local,door,${door.door_id},${at(3, 8)},${at(1, 8)},no,`,
  ].join('\r\n')
  const before = await count()
  await page.goto('/credentials')
  await expect(page.getByRole('button', { name: 'Import credentials…' })).toBeVisible()

  await openAndChoose(page, csv, { palette: 'Import credentials…' })
  const review = dialog(page).getByRole('heading', { name: 'What the import would do' })
  await expect(review).toBeFocused({ timeout: 60_000 })
  await expect(dialog(page).getByTestId('import-summary')).toHaveText(
    '2 would be created, 0 updated, 0 unchanged, 1 error.',
  )
  await expect(dialog(page).getByTestId('import-errors').locator('tbody tr')).toHaveText([
    /^4\s*Ends\s*The end must be after the start\.$/,
  ])
  await expect(dialog(page).getByRole('button', { name: 'Import all rows' })).toBeDisabled()
  // The users import's invitations are no step of this one.
  await expect(dialog(page).getByRole('checkbox')).toHaveCount(0)
  expect(await count()).toBe(before)
  await expectNoSeriousA11yViolations(page)

  await tabToAndPress(page, 'Import the 2 valid rows')
  const done = dialog(page).getByRole('heading', { name: 'Import finished' })
  await expect(done).toBeFocused({ timeout: 60_000 })
  await expect(dialog(page).getByTestId('import-result')).toHaveText(
    '2 created, 0 updated, 0 unchanged, 1 error.',
  )
  const downloading = page.waitForEvent('download')
  await tabToAndPress(page, 'Download results (CSV)')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^credentials-import-results-\d{8}-\d{6}\.csv$/)
  const records: string[][] = parse(await readFile(await download.path()), { bom: true })
  expect(records.map((r) => r.slice(0, 2))).toEqual([
    ['Line', 'Outcome'],
    ['2', 'created'],
    ['3', 'created'],
    ['4', 'error'],
  ])
  expect(records[0]?.[2]).toBe('Credential ID')
  expect(records[1]?.[2]).toMatch(/^\d+$/)
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  // Closed, focus is back on the page, never on <body>.
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY')
  expect(await count()).toBe(before + 2)

  // The same file again, in the dark theme: both credentials exist with that user, door and window.
  await useDarkTheme(page)
  await openAndChoose(page, csv, { palette: 'Import credentials…' })
  await expect(review).toBeFocused({ timeout: 60_000 })
  await expect(dialog(page).getByTestId('import-summary')).toHaveText(
    '0 would be created, 0 updated, 2 unchanged, 1 error.',
  )
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  expect(await count()).toBe(before + 2)

  await page.goto('/credentials?lng=de')
  await expect(
    page.getByRole('button', { name: 'Zugangsberechtigungen importieren…' }),
  ).toBeVisible()
})
