import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { Webhook as Verifier } from 'standardwebhooks'
import { WEBHOOKS_PATH } from '../../src/contract/api-paths'
import { setClock, takeTurnsOnTheClock } from './helpers/clock-turn'
import { clockPort } from './helpers/expiry-server'
import { api, tabTo } from './helpers/keyboard'
import {
  demo,
  expectNoSeriousA11yViolations,
  signIn,
  signInByKeyboard,
  signOut,
  useDarkTheme,
} from './helpers/session'

// Issue 68's webhooks console (decision 083), keyboard only: an org admin makes an endpoint to a
// receiver this spec runs, copies the secret shown once, and the receiver checks every delivery's
// signature with it (the `standardwebhooks` library). A held-open door while the receiver is down
// fails once; back up, and with the server's clock past the 5 s retry, it arrives exactly once
// (one webhook-id, once). The log shows the failure and the success; "Send again" sends the same
// webhook-id; a rotated secret is shown once and both secrets verify. axe in both themes and
// languages.

const mainPort = Number(process.env.E2E_PORT ?? 8181)
// The clock's server: the retry waits on the server's clock, which this spec moves.
test.use({
  baseURL: `http://127.0.0.1:${clockPort(mainPort)}`,
  permissions: ['clipboard-read', 'clipboard-write'],
})
test.describe.configure({ mode: 'serial' })
takeTurnsOnTheClock()

// The receiver listens beside the four test servers (E2E_PORT+5; 9716 for E2E_PORT 9711).
const RECEIVER_PORT = mainPort + 5
const URL_TO = `http://127.0.0.1:${RECEIVER_PORT}/hooks`
const SENSOR = 'Door sensor – Ground floor Reception door'
// Markup in the answer is shown as text.
const ANSWER = '{"ok":true,"note":"<b>taken</b>"}'

interface Received {
  id: string
  type: string
  headers: IncomingHttpHeaders
  body: string
}

/** A receiver as a customer writes one: it keeps what came and answers 200. */
function receiver() {
  const received: Received[] = []
  let server: Server | null = null
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((request, response) => {
        let body = ''
        request.setEncoding('utf8')
        request.on('data', (chunk: string) => (body += chunk))
        request.on('end', () => {
          const parsed = JSON.parse(body) as { type: string }
          received.push({
            id: String(request.headers['webhook-id']),
            type: parsed.type,
            headers: request.headers,
            body,
          })
          response.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER)
        })
      })
      server.listen(RECEIVER_PORT, '127.0.0.1', resolve)
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve()
      server.closeAllConnections()
      server.close(() => resolve())
      server = null
    })
  return { received, start, stop }
}

/** What the library's verify says of a delivery with `secret`: its payload, or it throws. */
const verify = (secret: string, delivery: Received) =>
  new Verifier(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  })

async function sensorId(page: Page): Promise<number> {
  const found = await api<{ data: { device_id: number; name: string }[] }>(
    page,
    'GET',
    `/sbm/v1/devices?search=${encodeURIComponent(SENSOR)}&length=10`,
  )
  const sensor = found.data.find((device) => device.name === SENSOR)
  if (!sensor) throw new Error(`the seed has no ${SENSOR}`)
  return sensor.device_id
}

/** The secret the shown-once dialog holds, copied by its focused Copy button (Enter). */
async function copyShownSecret(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByRole('button', { name: 'Copy secret' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Secret copied.')).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  await expect(dialog.getByTestId('shown-once')).toHaveText(copied)
  expect(copied).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
  return copied
}

test('an endpoint to a local receiver: signed, retried past a stop, delivered once', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const hook = receiver()
  await hook.start()
  let webhookId: number | null = null
  try {
    await signInByKeyboard(page, demo.orgadmin)
    await page.keyboard.press('g')
    await page.keyboard.press('w')
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
    await expect(page.getByRole('grid', { name: 'Webhook endpoints' })).toContainText(
      'There are no webhook endpoints yet.',
    )
    await tabTo(page, page.getByRole('link', { name: 'New endpoint' }))
    await page.keyboard.press('Enter')

    // An address inside a network is refused at the URL, in words, and nothing typed is lost.
    const url = page.getByRole('textbox', { name: 'URL' })
    await expect(url).toBeFocused()
    await page.keyboard.type('http://10.0.0.5/hooks')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('checkbox', { name: 'Door held open' })).toBeFocused()
    await page.keyboard.press('Space')
    await page.keyboard.press('ControlOrMeta+Enter')
    await expect(url).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(/This address is inside a network/)).toBeVisible()
    await expect(url).toBeFocused()
    await expect(page.getByRole('checkbox', { name: 'Door held open' })).toBeChecked()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(URL_TO)
    await page.keyboard.press('ControlOrMeta+Enter')

    // The secret, once: Copy has focus, the words say it will not be shown again.
    const title = `The signing secret of ${URL_TO}`
    await expect(page.getByRole('dialog', { name: title })).toContainText(
      'it will not be shown again',
    )
    const secret = await copyShownSecret(page, title)
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('heading', { level: 1, name: URL_TO })).toBeVisible()
    await expect(page).toHaveURL(/\/webhooks\/view\/\d+$/)
    webhookId = Number(/(\d+)$/.exec(page.url())?.[1])

    // "Send test": its outcome in the polite live region; the receiver verifies the ping.
    await tabTo(page, page.getByRole('button', { name: 'Send test' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText(`Test ping sent to ${URL_TO}.`)).toBeVisible()
    await expect(page.getByTestId('webhook-test-outcome')).toHaveText(
      new RegExp(`^Test ping to ${URL_TO} delivered: HTTP 200 in \\d+ ms\\.$`),
    )
    await expect(page.getByTestId('webhook-test-outcome')).toHaveAttribute('role', 'status')
    expect(hook.received.map((delivery) => delivery.type)).toEqual(['ping'])
    const [ping] = hook.received
    if (!ping) throw new Error('no ping')
    expect(verify(secret, ping)).toMatchObject({ type: 'ping' })
    expect(() => verify(`whsec_${'A'.repeat(32)}`, ping)).toThrow()

    // The palette offers the verbs on endpoints by name, as on any other thing.
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.type('send test to 127.0.0.1')
    const palette = page.getByRole('dialog', { name: 'Command palette' })
    await expect(palette.getByText('Searching…')).toBeHidden()
    const verb = palette.getByRole('group', { name: 'Send test to endpoint' })
    await expect(verb.getByRole('option').first()).toContainText(URL_TO)
    await page.keyboard.press('Escape')

    // The receiver stops; a door held open fails to arrive, and waits for its retry.
    await hook.stop()
    await api(page, 'POST', `/sbm/v1/devices/${await sensorId(page)}/simulate`, {
      event: 'door_held_open',
    })
    const log = page.getByTestId('webhook-deliveries')
    const failed = log.getByRole('listitem', { name: /^Door held open, No connection,/ })
    await expect(failed).toBeVisible()
    await expect(failed).toContainText(/Waiting, next attempt \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(/)
    await expect(page.getByTestId('webhook-details')).toContainText('On, failing since')

    // Back up, and past the first retry (about 5 s) on the server's clock: delivered, once.
    await hook.start()
    await setClock(page, new Date(Date.now() + 30_000).toISOString())
    const delivered = log.getByRole('listitem', { name: /^Door held open, Delivered,/ })
    await expect(delivered).toBeVisible()
    await expect(delivered).toContainText('HTTP 200')
    // The answer is shown as text: its markup is not markup.
    await expect(
      delivered.getByRole('figure', { name: 'Answer (first 1 KB)' }).locator('pre'),
    ).toHaveText(ANSWER)
    const heldOpen = hook.received.filter((delivery) => delivery.type === 'door.held_open')
    expect(heldOpen).toHaveLength(1)
    const [event] = heldOpen
    if (!event) throw new Error('no event')
    expect(verify(secret, event)).toMatchObject({ type: 'door.held_open' })
    // The failed attempt and the success carry the one webhook-id the receiver got.
    await expect(failed).toContainText(event.id)
    await expect(delivered).toContainText(event.id)
    expect(new Set(hook.received.map((delivery) => delivery.id)).size).toBe(hook.received.length)
    await expect(page.getByTestId('webhook-details')).toContainText('Delivered (HTTP 200)')

    // "Send again": the same message, the same webhook-id, on purpose.
    await tabTo(page, delivered.getByRole('button', { name: `Send message ${event.id} again` }))
    await page.keyboard.press('Enter')
    await expect(page.getByText(`Message ${event.id} sent again.`)).toBeVisible()
    await expect
      .poll(() => hook.received.filter((delivery) => delivery.id === event.id).length)
      .toBe(2)

    // Rotating asks first (starting on Rotate: receivers keep the old secret for 24 hours), then
    // shows the new one once; both sign the next message.
    await tabTo(page, page.getByRole('button', { name: 'Rotate secret…' }), 'Shift+Tab', 80)
    await page.keyboard.press('Enter')
    const ask = page.getByRole('dialog', { name: `Rotate the secret of ${URL_TO}?` })
    await expect(ask.getByRole('button', { name: 'Rotate secret' })).toBeFocused()
    await page.keyboard.press('Enter')
    const rotatedTitle = `The new signing secret of ${URL_TO}`
    await expect(page.getByRole('dialog', { name: rotatedTitle })).toContainText(
      'keeps signing beside it for 24 hours',
    )
    const rotated = await copyShownSecret(page, rotatedTitle)
    expect(rotated).not.toBe(secret)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Rotate secret…' })).toBeFocused()
    await tabTo(page, page.getByRole('button', { name: 'Send test' }), 'Shift+Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => hook.received.filter((d) => d.type === 'ping').length).toBe(2)
    const second = hook.received.filter((delivery) => delivery.type === 'ping')[1]
    if (!second) throw new Error('no second ping')
    expect(verify(rotated, second)).toMatchObject({ type: 'ping' })
    expect(verify(secret, second)).toMatchObject({ type: 'ping' })
    await expect(page.getByTestId('webhook-details')).toContainText(
      /Secret rotated .*; the previous one signs until /,
    )

    await useDarkTheme(page)
    await expectNoSeriousA11yViolations(page)
    await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Deutsch').click()
    await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('heading', { level: 2, name: 'Zustellprotokoll' })).toBeVisible()
    await expect(
      log.getByRole('listitem', { name: /^Tür offen gehalten, Keine Verbindung,/ }),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // Deleting asks first, starting on Cancel; then the list has none.
    await tabTo(page, page.getByRole('button', { name: 'Löschen' }), 'Shift+Tab', 80)
    await page.keyboard.press('Enter')
    const remove = page.getByRole('dialog', { name: `${URL_TO} löschen?` })
    await expect(remove.getByRole('button', { name: 'Abbrechen' })).toBeFocused()
    await tabTo(page, remove.getByRole('button', { name: 'Löschen' }))
    await page.keyboard.press('Enter')
    await expect(page.getByText(`Webhook-Endpunkt ${URL_TO} gelöscht.`)).toBeVisible()
    await expect(page).toHaveURL(/\/webhooks(\?|$)/)
    await expect(page.getByRole('grid', { name: 'Webhook-Endpunkte' })).toContainText(
      'Es gibt noch keine Webhook-Endpunkte.',
    )
    webhookId = null
  } finally {
    await hook.stop()
    if (webhookId !== null) await api(page, 'DELETE', `${WEBHOOKS_PATH}/${webhookId}`)
  }
})

test('staff read the endpoints and their log, and cannot change or send', async ({ page }) => {
  await signIn(page, demo.orgadmin)
  const url = `http://127.0.0.1:${RECEIVER_PORT}/staff`
  const made = await api<{ webhook_id: number }>(page, 'POST', WEBHOOKS_PATH, {
    url,
    event_types: ['lockdown.started'],
  })
  try {
    await signOut(page)
    await signIn(page, demo.staff, { at: '/webhooks' })
    const grid = page.getByRole('grid', { name: 'Webhook endpoints' })
    await expect(grid.getByRole('row', { name: new RegExp(url) })).toContainText('Lockdown started')
    await expect(grid.getByRole('row', { name: new RegExp(url) })).toContainText('Nothing sent yet')
    await expect(page.getByRole('link', { name: 'New endpoint' })).toHaveCount(0)
    await expect(grid.getByRole('button', { name: /^Delete / })).toHaveCount(0)
    await grid.getByRole('link', { name: url }).click()
    await expect(page.getByRole('heading', { level: 1, name: url })).toBeVisible()
    await expect(page.getByText('Nothing has been sent to this endpoint yet.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send test' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Rotate secret…' })).toHaveCount(0)
  } finally {
    await signOut(page)
    await signIn(page, demo.orgadmin)
    await api(page, 'DELETE', `${WEBHOOKS_PATH}/${made.webhook_id}`)
  }
})
