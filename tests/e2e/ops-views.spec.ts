import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { parse } from 'csv-parse/sync'
import { MAIL_QUEUE_PATH, WEBHOOKS_PATH } from '../../src/contract/api-paths'
import type { MailMessage } from '../../src/contract/mail-queue'
import { api, tabTo } from './helpers/keyboard'
import {
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  storedTokens,
  useDarkTheme,
} from './helpers/session'

// The operator's views issue 68 still lacked: an endpoint's delivery log narrowed by outcome and by
// one message, kept in the URL and downloaded as CSV as narrowed; the mail queue for global
// administrators with "Send again", its CSV and its go-to key by keyboard. Both in German, axe in
// both themes.

const mainPort = Number(process.env.E2E_PORT ?? 8181)
test.describe.configure({ mode: 'serial' })

// Beside webhooks.spec.ts's receiver (E2E_PORT + 5), so both may run at once.
const RECEIVER_PORT = mainPort + 6
const URL_TO = `http://127.0.0.1:${RECEIVER_PORT}/ops`

/** A receiver that refuses (500) the messages in `refused` and takes the others. */
async function receiver() {
  const refused = new Set<string>()
  let refuseAll = true
  const server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const id = String(request.headers['webhook-id'])
      const refuse = refuseAll || refused.has(id)
      response
        .writeHead(refuse ? 500 : 200, { 'content-type': 'text/plain' })
        .end(refuse ? 'no' : 'ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', resolve))
  return {
    refuse: (id: string) => refused.add(id),
    takeOthers: () => (refuseAll = false),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

interface Attempt {
  message_id: string
  outcome: string
}

/** Waits until the log holds an attempt of `messageId` that ended `outcome`. */
async function attemptOf(page: Page, id: number, messageId: string, outcome: string) {
  await expect
    .poll(async () => {
      const log = await api<{ data: Attempt[] }>(
        page,
        'GET',
        `${WEBHOOKS_PATH}/${id}/deliveries?message_id=${messageId}&length=50`,
      )
      return log.data.some((attempt) => attempt.outcome === outcome)
    })
    .toBe(true)
}

test('the delivery log narrowed by outcome and by one message, in the URL, and as CSV', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const hook = await receiver()
  let webhookId: number | null = null
  try {
    await signIn(page, demo.orgadmin, { at: '/webhooks' })
    const made = await api<{ webhook_id: number }>(page, 'POST', WEBHOOKS_PATH, {
      url: URL_TO,
      event_types: ['door.forced_open'],
    })
    webhookId = made.webhook_id
    const test = () =>
      api<{ message_id: string }>(page, 'POST', `${WEBHOOKS_PATH}/${made.webhook_id}/test`)
    const refused = (await test()).message_id
    hook.refuse(refused)
    await attemptOf(page, made.webhook_id, refused, 'http_error')
    hook.takeOthers()
    const taken = (await test()).message_id
    await attemptOf(page, made.webhook_id, taken, 'delivered')

    await page.goto(`/webhooks/view/${made.webhook_id}`)
    const log = page.getByTestId('webhook-deliveries')
    await expect(log.getByRole('listitem').filter({ hasText: taken })).toHaveCount(1)

    // By outcome: only the refused message's attempts, and the URL says so.
    await page.getByLabel('Outcome').selectOption({ label: 'Refused by the receiver' })
    await expect(page).toHaveURL(/[?&]outcome=http_error/)
    await expect(log.getByRole('listitem').filter({ hasText: taken })).toHaveCount(0)
    await expect(log.getByRole('listitem').first()).toContainText(refused)
    // A reload (a bookmark) shows the same narrowed log.
    await page.reload()
    await expect(page.getByLabel('Outcome')).toHaveValue('http_error')
    await expect(log.getByRole('listitem').first()).toContainText(refused)

    // The download is the log as narrowed: its header, and the refused message's rows only.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export delivery log as CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^webhook-${made.webhook_id}-deliveries-\\d{8}-\\d{6}\\.csv$`),
    )
    const file: string[][] = parse(await readFile(await download.path()), { bom: true })
    const [header, ...rows] = file
    expect(header?.slice(0, 6)).toEqual([
      'Attempt ID',
      'When',
      'webhook-id',
      'Event type',
      'Event ID',
      'Outcome',
    ])
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows)
      expect([row[2], row[5], row[6]]).toEqual([refused, 'Refused by the receiver', '500'])

    // One message, chosen from its row by keyboard; a malformed webhook-id is named, kept, not sent.
    await tabTo(page, page.getByRole('button', { name: 'Show all attempts' }))
    await page.keyboard.press('Enter')
    await expect(page).not.toHaveURL(/outcome=/)
    await tabTo(page, page.getByRole('button', { name: `Show only message ${taken}` }), 'Tab', 80)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`[?&]message=${taken}`))
    await expect(log.getByRole('listitem')).toHaveCount(1)
    await expect(page.getByLabel('Only the message (webhook-id)')).toHaveValue(taken)
    const field = page.getByLabel('Only the message (webhook-id)')
    await field.fill('msg_not-an-id')
    await field.press('Enter')
    await expect(page.getByText('A webhook-id is msg_ followed by 32 hex digits')).toBeVisible()
    await expect(field).toHaveValue('msg_not-an-id')
    await expect(page).toHaveURL(new RegExp(`[?&]message=${taken}`))
    await expectNoSeriousA11yViolations(page)
    await useDarkTheme(page)
    await expectNoSeriousA11yViolations(page)

    // In German: the filters, their words and what a narrowing that matches nothing says.
    await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
    await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByLabel('Nur die Nachricht (webhook-id)')).toBeVisible()
    await page.getByLabel('Ergebnis').selectOption({ label: 'Vom Empfänger abgelehnt' })
    await expect(page).toHaveURL(/[?&]outcome=http_error/)
    await expect(page.getByText('Kein Versuch passt zu diesen Filtern.')).toBeVisible()
    await page.getByRole('button', { name: 'Alle Versuche zeigen' }).click()
    // A refused message is tried again, so it may have more than one attempt by now.
    await expect(
      page.getByRole('button', { name: `Nur Nachricht ${refused} zeigen` }).first(),
    ).toBeVisible()
    await expect(log.getByRole('listitem').filter({ hasText: refused }).first()).toContainText(
      'Vom Empfänger abgelehnt',
    )
    await expectNoSeriousA11yViolations(page)
  } finally {
    await hook.stop()
    if (webhookId !== null) await api(page, 'DELETE', `${WEBHOOKS_PATH}/${webhookId}`)
  }
})

test('the mail queue: global admins only; a failed message sent again by keyboard', async ({
  page,
}) => {
  test.setTimeout(60_000)
  // An organization's admin has no entry and is refused.
  await signIn(page, demo.orgadmin)
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Mail queue' })).toHaveCount(0)
  const { access } = await storedTokens(page)
  const refused = await page.request.get(MAIL_QUEUE_PATH, {
    headers: { Authorization: `Bearer ${access}` },
  })
  expect(refused.status()).toBe(403)

  // A real reset mail in the queue (demo mode: kept in the demo mailbox).
  const reset = await page.request.post('/notify', {
    data: { workflow: 'reset_password_email', email: demo.staff },
  })
  expect(reset.status()).toBe(202)

  // Demo mode never fails a mail (every message is the demo mailbox's), so the browser is shown
  // the newest reset as failed, and "Send again" answered as the server answers a failed one;
  // the server's own behaviour is tests/server/mail-queue.test.ts's.
  let failedId: number | null = null
  let resent = false
  await page.route(`**${MAIL_QUEUE_PATH}?*`, async (route) => {
    const answer = await route.fetch()
    const body = (await answer.json()) as { data: MailMessage[] }
    const newest = body.data.find((m) => m.recipient === demo.staff)
    if (newest && failedId === null) failedId = newest.message_id
    body.data = body.data.map((m) =>
      m.message_id === failedId && !resent
        ? {
            ...m,
            state: 'failed',
            resendable: true,
            attempts: 10,
            last_error: '421 4.7.0 Try again later',
            settled_at: m.created_at,
          }
        : m,
    )
    await route.fulfill({ response: answer, json: body })
  })
  await page.route(`**${MAIL_QUEUE_PATH}/*/resend`, async (route) => {
    resent = true
    const [message] = (
      await api<{ data: MailMessage[] }>(
        page,
        'GET',
        `${MAIL_QUEUE_PATH}?search=${encodeURIComponent(demo.staff)}&length=1`,
      )
    ).data
    await route.fulfill({
      status: 202,
      json: { ...message, state: 'pending', attempts: 0, next_attempt_at: message?.created_at },
    })
  })

  await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click()
  await signInByKeyboard(page, demo.admin)
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Mail queue' })).toBeVisible()
  // g m goes to the mail queue, as g w goes to the webhooks.
  await page.keyboard.press('g')
  await page.keyboard.press('m')
  await expect(page.getByRole('heading', { level: 1, name: 'Mail queue' })).toBeVisible()
  const grid = page.getByRole('grid', { name: 'Mail queue' })
  const row = grid
    .getByRole('row')
    .filter({ hasText: 'Password reset' })
    .filter({ hasText: demo.staff })
    .filter({ hasText: '421 4.7.0 Try again later' })
  await expect(row.first()).toBeVisible()
  await expect(grid).not.toContainText('token=')

  // The grid is one tab stop: j picks its newest row, the failed reset, Enter opens it in the
  // drawer, where Tab reaches "Send again".
  await tabTo(page, grid)
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Message' })
  await expect(drawer.getByTestId('mail-entry')).toContainText('421 4.7.0 Try again later')
  await expectNoSeriousA11yViolations(page)
  const again = drawer.getByRole('button', { name: /^Send “Reset your password” to .* again$/ })
  await tabTo(page, again)
  await page.keyboard.press('Enter')
  const outcome = drawer.getByTestId('mail-outcome')
  await expect(outcome).toBeFocused()
  await expect(outcome).toContainText(
    `“Reset your password” to ${demo.staff} waits to be sent again.`,
  )
  await expect(drawer.getByRole('button', { name: /^Send “/ })).toHaveCount(0)
  await page.keyboard.press('Escape')

  // The queue as a file, by keyboard: the server's own rows, never a link.
  const downloading = page.waitForEvent('download')
  await tabTo(page, page.getByRole('button', { name: 'Export mail queue as CSV' }), 'Shift+Tab')
  await page.keyboard.press('Enter')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^mail-queue-\d{8}-\d{6}\.csv$/)
  const file = await readFile(await download.path(), 'utf8')
  expect(file.split('\r\n')[0]).toContain('Why,Channel,Recipient,Subject,State,Attempts')
  expect(file).toContain(`Password reset,E-mail,${demo.staff},`)
  expect(file).not.toContain('token=')

  await useDarkTheme(page)
  await expectNoSeriousA11yViolations(page)
  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { level: 1, name: 'Mail-Warteschlange' })).toBeVisible()
  await expect(grid.or(page.getByRole('grid', { name: 'Mail-Warteschlange' }))).toContainText(
    'Passwort zurücksetzen',
  )
  await expectNoSeriousA11yViolations(page)
})
