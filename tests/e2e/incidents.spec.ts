import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { GROUPS_PATH } from '../../src/contract/access-model'
import { ALERT_RULES_PATH } from '../../src/contract/alerts'
import { setClock, takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import { api, tabTo } from './helpers/keyboard'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  signInByKeyboard,
  useDarkTheme,
} from './helpers/session'

// Issue 68's console (decision 082): a door held open past its rule's 60 s opens one incident;
// the bell counts it, repeats raise its count, and the desk acknowledges (a) and resolves (r) it
// by keyboard, journaled; axe on the list and the resolve dialog in both themes and languages.

// On the server whose clock the specs move: the threshold waits on the server's clock.
test.use({ baseURL: `http://127.0.0.1:${clockPort(Number(process.env.E2E_PORT ?? 8181))}` })
test.describe.configure({ mode: 'serial' })

// Thursday 10 June 2027 at 10:00 in Berlin (CEST, UTC+2), and 61 s later.
const HELD_AT = '2027-06-10T08:00:00.000Z'
const PAST_THRESHOLD = '2027-06-10T08:01:01.000Z'

const RULE = 'Reception door held open'
const DOOR = 'Ground floor Reception door'
const SENSOR = 'Door sensor – Ground floor Reception door'

async function idOf(page: Page, path: string, name: string, key: string): Promise<number> {
  const found = await api<{ data: Record<string, unknown>[] }>(
    page,
    'GET',
    `${path}?search=${encodeURIComponent(name)}&length=10`,
  )
  const row = found.data.find((candidate) => candidate.name === name)
  if (!row) throw new Error(`the seed has no ${name}`)
  return Number(row[key])
}

const holdOpen = (page: Page, sensor: number) =>
  api(page, 'POST', `/sbm/v1/devices/${sensor}/simulate`, { event: 'door_held_open' })

const bell = (page: Page) => page.getByTestId('incident-bell')

takeTurnsOnTheClock()

test('a door held open past 60 s rings the bell once; repeats count; a and r handle it, journaled', async ({
  page,
}) => {
  allowAxeTime()
  await setClock(page, HELD_AT)
  await signInByKeyboard(page, demo.orgadmin)
  const hq = await idOf(page, '/sbm/v1/locations', 'Acme HQ', 'location_id')
  const team = await idOf(page, GROUPS_PATH, 'Reception team', 'group_id')
  const sensor = await idOf(page, '/sbm/v1/devices', SENSOR, 'device_id')
  const rule = await api<{ rule_id: number }>(page, 'POST', ALERT_RULES_PATH, {
    name: RULE,
    event_types: ['door.held_open'],
    scope: { kind: 'location', id: hq },
    threshold_s: 60,
    severity: 'warning',
    instructions: 'Walk to the reception door and close it.',
    recipients: { user_ids: [], group_ids: [team] },
    channels: ['console'],
  })

  try {
    // Held open, but not yet for 60 s on the server's clock: nothing to handle.
    await holdOpen(page, sensor)
    await page.reload()
    await expect(bell(page)).toHaveAccessibleName('Incidents: none open')

    // Past the threshold the alert job opens it; the bell counts it (asked again on load).
    await setClock(page, PAST_THRESHOLD)
    await expect(async () => {
      await page.reload()
      await expect(bell(page)).toHaveAccessibleName('Incidents: 1 open', { timeout: 2_000 })
    }).toPass({ timeout: 15_000 })
    await expect(page.getByTestId('incident-bell-count')).toHaveText('1')

    // Two more reports while it is open: the same incident, counted 3.
    await holdOpen(page, sensor)
    await holdOpen(page, sensor)

    await page.keyboard.press('g')
    await page.keyboard.press('i')
    await expect(page).toHaveURL(/\/incidents$/)
    const grid = page.getByRole('grid', { name: 'Incidents' })
    const row = grid.getByRole('row').filter({ hasText: RULE })
    await expect(row).toContainText('Warning')
    await expect(row).toContainText(`${DOOR} in Acme HQ`)
    await expect(row.getByRole('gridcell').nth(3)).toHaveText('3')
    // 10:00 on the place's clock, Berlin time, although the server speaks UTC.
    await expect(row).toContainText('2027-06-10 10:00 (Berlin)')
    await expect(row).toContainText('Open')
    await expectNoSeriousA11yViolations(page)

    // The dashboard's Needs attention leads with it, its severity shown.
    await page.keyboard.press('g')
    await page.keyboard.press('d')
    const attention = page.getByTestId('attention-incidents')
    await expect(attention).toContainText(`Warning ${RULE}`)
    await expect(attention).toContainText(`${DOOR} · 3 times`)
    await page.keyboard.press('g')
    await page.keyboard.press('i')

    // The palette offers the verbs on incidents, as on any other thing.
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type('acknowledge reception')
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    await expect(palette.getByText('Searching…')).toBeHidden()
    const verb = palette.getByRole('group', { name: 'Acknowledge incident' })
    await expect(verb.getByRole('option').first()).toContainText(RULE)
    await page.keyboard.press('Escape')

    // Acknowledged by its key: no question, the row says who. The `?` sheet lists the keys.
    await tabTo(page, grid)
    await page.keyboard.press('j')
    await page.keyboard.press('?')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(sheet.getByText('Acknowledge incident')).toBeVisible()
    await expect(sheet.getByText('Resolve incident')).toBeVisible()
    await expect(sheet.getByText('Go to Incidents')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(grid).toBeFocused()
    await page.keyboard.press('a')
    await expect(page.getByText(`Incident “${RULE}” at ${DOOR} acknowledged.`)).toBeVisible()
    await expect(grid).toBeFocused()
    await expect(row).toContainText(`Acknowledged · Acknowledged by ${demo.orgadmin}`)
    await expect(bell(page)).toHaveAccessibleName('Incidents: 1 open')

    // Resolved by its key: the note has focus, Ctrl+Enter resolves.
    await page.keyboard.press('r')
    const dialog = page.getByRole('dialog', { name: `Resolve “${RULE}” at ${DOOR}?` })
    await expect(dialog.getByLabel('Note')).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.type('Closed it; the wedge is gone.')
    await page.keyboard.press('ControlOrMeta+Enter')
    await expect(dialog).toBeHidden()
    // The dialog gives focus back to the row's list, where the next key works.
    await expect(grid).toBeFocused()
    await expect(page.getByText(`Incident “${RULE}” at ${DOOR} resolved.`)).toBeVisible()
    await expect(row).toContainText(`Resolved · Resolved by ${demo.orgadmin}`)
    await expect(bell(page)).toHaveAccessibleName('Incidents: none open')

    // Resolved is final: a second `a` says so and sends nothing.
    await page.keyboard.press('a')
    await expect(page.getByText('This incident is resolved already.')).toBeVisible()

    // Its page keeps the note, and its history the journal's rows.
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: RULE })).toBeVisible()
    await expect(page.getByTestId('incident-details')).toContainText(
      'Closed it; the wedge is gone.',
    )
    const history = page.getByTestId('journal-history')
    await expect(history.getByRole('listitem')).toHaveCount(3)
    await expect(history).toContainText(demo.orgadmin)
    // `g h` opens those rows in the journal itself.
    await page.keyboard.press('g')
    await page.keyboard.press('h')
    await expect(page).toHaveURL(/\/journal\?/)
    const journal = page.getByRole('grid', { name: 'Admin journal' })
    await expect(journal.getByRole('row').filter({ hasText: demo.orgadmin })).toHaveCount(2)
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: RULE })).toBeVisible()

    await useDarkTheme(page)
    await expectNoSeriousA11yViolations(page)
    await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
    await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('incident-details')).toContainText('Erledigt')
    await expect(bell(page)).toHaveAccessibleName('Vorfälle: keiner offen')
    await expectNoSeriousA11yViolations(page)
  } finally {
    await api(page, 'DELETE', `${ALERT_RULES_PATH}/${rule.rule_id}`)
  }
})
