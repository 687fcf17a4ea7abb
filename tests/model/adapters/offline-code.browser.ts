import { expect, type Page, type Route } from '@playwright/test'
import type { SnapshotFrom } from 'xstate'
import {
  offlineCodeMachine,
  unavailableReason,
  type CodeFailure,
  type CodeUnavailable,
  type OfflineCodeEvent,
  type OfflineCodeInput,
} from '../../../machines/offline-code.machine'
import { demo, signIn, storedTokens } from '../../e2e/helpers/session'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'

// The offline-code machine on screen, for an org admin (a staff login for the permission refusal)
// on /credentials: Generate, Try again, Copy and Close are clicks and keys in the dialog; the lookup
// (GET the credential) and create_pin are held at the network until the path says how the real
// server answers, or answered with the refusal the path's failure names. The refusals before any
// request come from the seed: a credential on a relay (no offline codes) and one on a code device
// that is not connected (server/db/seed.ts).

type Snapshot = SnapshotFrom<typeof offlineCodeMachine>

type Row = {
  credential_id: number
  user_id: number
  user_email: string
  assignment_type: string
  assignment_id: number
  meta_data: { command_output: { pin: string | null } }
}

type DeviceRow = {
  device_id: number
  capabilities: string[]
  current_status: { connected: boolean }
}

/** The refusal the server would send for each reason the host reads (src/…/use-offline-code.ts). */
const refusals: Record<CodeFailure, { status: number; error: string }> = {
  offline: { status: 409, error: 'device_not_connected' },
  capability: { status: 422, error: 'capability_missing' },
  permission: { status: 403, error: 'forbidden' },
  unavailable: { status: 503, error: 'unavailable' },
}

/** Requests held until the path answers them, in the order they arrive. */
function gate() {
  const held: Route[] = []
  const waiting: ((route: Route) => void)[] = []
  return {
    hold(route: Route) {
      const waiter = waiting.shift()
      if (waiter) waiter(route)
      else held.push(route)
    },
    next(): Promise<Route> {
      const route = held.shift()
      return route ? Promise.resolve(route) : new Promise((resolve) => waiting.push(resolve))
    },
  }
}

// Set per path by prepare.
let lookups = gate()
let generations = gate()
let created: number | null = null

async function api<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) {
  const { access } = await storedTokens(page)
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { Authorization: `Bearer ${access}` },
  })
  expect(response.ok(), `${method} ${path}`).toBe(true)
  return (method === 'DELETE' ? null : await response.json()) as T
}

/** The credential the path's input describes: seeded, or created fresh when a path may give it a PIN. */
async function credentialFor(page: Page, input: OfflineCodeInput): Promise<Row> {
  const credentials = await api<{ data: Row[] }>(page, 'GET', '/access/v1/credentials?length=500')
  const devices = await api<{ data: DeviceRow[] }>(page, 'GET', '/sbm/v1/devices?length=500')
  const deviceOf = (row: Row) =>
    row.assignment_type === 'device'
      ? devices.data.find((device) => device.device_id === row.assignment_id)
      : undefined
  const fits = (device: DeviceRow | undefined) =>
    device !== undefined &&
    device.capabilities.includes('program_offline_access_codes') === input.deviceCapable &&
    device.current_status.connected === input.deviceConnected
  // The oldest that fits: the seed's, not one another spec is about to change or delete.
  const seeded = credentials.data
    .toSorted((a, b) => a.credential_id - b.credential_id)
    .find(
      (row) => (row.meta_data.command_output.pin !== null) === input.hasPin && fits(deviceOf(row)),
    )
  const generates = !input.hasPin && unavailableReason(input) === null
  if (!generates) {
    if (!seeded) throw new Error(`The seed has no credential for ${JSON.stringify(input)}`)
    return seeded
  }
  // Generating gives a credential its PIN for good: each path gets its own.
  const device = devices.data.find(fits)
  const owner = credentials.data.find((row) => row.user_email === demo.staff)
  if (!device || !owner) throw new Error('The seed has no code device or no staff credential')
  const fresh = await api<Row>(page, 'POST', '/access/v1/credentials', {
    user_id: owner.user_id,
    assignment_type: 'device',
    assignment_id: device.device_id,
    start_datetime: new Date(Date.now() - 86_400_000).toISOString(),
    permanent: true,
  })
  created = fresh.credential_id
  return fresh
}

async function prepare(page: Page, _events: readonly OfflineCodeEvent[], input: OfflineCodeInput) {
  lookups = gate()
  generations = gate()
  created = null
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  // Staff reads credentials but may not generate codes: the refusal that needs no device.
  await signIn(page, input.mayGenerate ? demo.orgadmin : demo.staff)
  const credential = await credentialFor(page, input)
  await page.route(
    (url) => url.pathname === `/access/v1/credentials/${credential.credential_id}`,
    (route) => (route.request().method() === 'GET' ? lookups.hold(route) : route.continue()),
  )
  await page.route('**/access/v1/devices/*/set/create_pin', (route) => generations.hold(route))
  await page.goto(`/credentials?q=${encodeURIComponent(credential.user_email)}`)
  await page
    .getByRole('button', { name: `Offline code for credential ${credential.credential_id}` })
    .click()
}

async function cleanup(page: Page) {
  if (created !== null) await api(page, 'DELETE', `/access/v1/credentials/${created}`)
  created = null
}

const dialog = (page: Page, name?: string) =>
  name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name, exact: true })

async function answer(route: Promise<Route>, reason?: CodeFailure) {
  if (reason === undefined) return (await route).continue()
  const { status, error } = refusals[reason]
  return (await route).fulfill({ status, json: { error, message: `Refused: ${reason}.` } })
}

async function perform(page: Page, { event, before }: BrowserStep<typeof offlineCodeMachine>) {
  switch (event.type) {
    case 'code.found':
    case 'code.missing':
      return answer(lookups.next())
    case 'code.generated':
      return answer(generations.next())
    case 'code.failed':
      return answer(before.matches('checking') ? lookups.next() : generations.next(), event.reason)
    case 'code.generate':
      await dialog(page).getByRole('button', { name: 'Generate code' }).click()
      return
    case 'code.retry':
      await dialog(page).getByRole('button', { name: 'Try again' }).click()
      return
    case 'code.copy': {
      await dialog(page).getByRole('button', { name: 'Copy code' }).click()
      await expect(page.getByText('Code copied.')).toBeVisible()
      const shown = (await dialog(page).getByLabel(/^PIN:/).textContent()) ?? ''
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.replace(' ', ''))
      return
    }
    case 'code.close':
      await page.keyboard.press('Escape')
  }
}

const failureText: Record<CodeFailure, string> = {
  offline: 'The device is not connected.',
  capability: 'The device cannot program offline access codes.',
  permission: 'You may not generate offline codes.',
  unavailable: 'The code could not be reached. Please try again.',
}

const unavailableText: Record<CodeUnavailable, string> = {
  capability: 'The device of this credential cannot program offline access codes.',
  offline: 'The device of this credential is not connected.',
  permission: 'You may not generate offline codes.',
}

async function expectState(page: Page, snapshot: Snapshot) {
  const { failure, unavailable } = snapshot.context
  if (snapshot.matches('checking')) {
    const checking = dialog(page, 'Offline code').getByRole('status', {
      name: 'Looking up the code…',
    })
    await expect(checking).toBeVisible()
  } else if (snapshot.matches('showingCode')) {
    const shown = dialog(page, 'Offline code')
    await expect(shown.getByLabel(/^PIN:/)).toHaveText(/^\d{3} \d{3}$/)
    await expect(shown).toContainText('Please take a photo after use.')
    await expect(shown.getByRole('button', { name: 'Copy code' })).toBeFocused()
  } else if (snapshot.matches('offeringGeneration')) {
    const offer = dialog(page, 'Generate offline code')
    await expect(offer.getByRole('button', { name: 'Generate code' })).toBeFocused()
  } else if (snapshot.matches('generating')) {
    const busy = dialog(page, 'Generate offline code').getByRole('status', {
      name: 'Generating the code…',
    })
    await expect(busy).toBeVisible()
  } else if (snapshot.matches('failed') && failure !== null) {
    const error = dialog(page, 'Ooops, Something went wrong!')
    await expect(error).toContainText(failureText[failure])
    await expect(error.getByRole('button', { name: 'Try again' })).toBeFocused()
  } else if (snapshot.matches('unavailable') && unavailable !== null) {
    const refused = dialog(page, 'No offline code possible')
    await expect(refused).toContainText(unavailableText[unavailable])
    await expect(refused.getByRole('button', { name: 'Generate code' })).toHaveCount(0)
  } else if (snapshot.matches('closed')) {
    await expect(dialog(page)).toHaveCount(0)
    await expect(page.getByLabel(/^PIN:/)).toHaveCount(0)
  }
}

export const offlineCodeBrowser: BrowserAdapter<typeof offlineCodeMachine> = {
  name: 'offline-code',
  prepare,
  perform,
  expectState,
  cleanup,
}
