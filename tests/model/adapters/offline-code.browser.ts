import { expect, type Page, type Route } from '@playwright/test'
import type { SnapshotFrom } from 'xstate'
import {
  chosenOffline,
  offlineCodeMachine,
  type CodeDevice,
  type CodeFailure,
  type OfflineCodeEvent,
  type OfflineCodeInput,
} from '../../../machines/offline-code.machine'
import { apiAs, demo, openSignedIn, tokensFor } from '../../e2e/helpers/session'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'

// The offline-code machine on screen, for an org admin (a staff login for the permission refusal)
// on /credentials: Generate, Try again, Copy and Close are clicks and keys in the dialog; the lookup
// (GET the credential) and create_pin are held at the network until the path says how the real
// server answers, or answered with the refusal the path's failure names. A path whose credential
// may get a PIN, or needs a door or location the seed gives no credential, creates its own on a
// place of the seed with the devices its input names (server/db/seed.ts) and deletes it after.

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
  assignment_type: string
  assignment_id: number
  location_id: number
}

/** The refusal the server would send for each reason the host reads (src/…/use-offline-code.ts). */
const refusals: Record<CodeFailure, { status: number; error: string }> = {
  place: { status: 409, error: 'conflict' },
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

let token = ''

/** A request as the path's signed-in person (the token prepare signed in with). */
const api = <T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) =>
  apiAs<T>(page, token, method, path, data)

const codes = (device: DeviceRow) => device.capabilities.includes('program_offline_access_codes')

/**
 * Whether the code devices at a real place fit the input's: none, one alike in its connection, or
 * several with each connection the input names (the seed's sizes, not the model's ids).
 */
function fits(found: DeviceRow[], wanted: readonly CodeDevice[]) {
  const connections = (list: readonly boolean[]) => [...new Set(list)].sort().join()
  if (wanted.length < 2) {
    return (
      connections(found.map((d) => d.current_status.connected)) ===
        connections(wanted.map((d) => d.connected)) && found.length === wanted.length
    )
  }
  const have = new Set(found.map((d) => d.current_status.connected))
  return found.length >= 2 && wanted.every((d) => have.has(d.connected))
}

/** A place of the seed whose code devices fit the input: a device, a door or a location. */
function placeFor(devices: DeviceRow[], input: OfflineCodeInput): number | undefined {
  if (input.target === 'device') {
    return devices.find((d) => fits(codes(d) ? [d] : [], input.devices))?.device_id
  }
  const placeOf = (d: DeviceRow) =>
    input.target === 'location' ? d.location_id : d.assignment_type === 'door' ? d.assignment_id : 0
  const places = new Set(devices.map(placeOf).filter((id) => id !== 0))
  return [...places].find((place) =>
    fits(
      devices.filter((d) => placeOf(d) === place && codes(d)),
      input.devices,
    ),
  )
}

/** The credential the path's input describes: seeded, or created fresh for the path. */
async function credentialFor(page: Page, input: OfflineCodeInput): Promise<Row> {
  const credentials = await api<{ data: Row[] }>(page, 'GET', '/access/v1/credentials?length=500')
  const devices = await api<{ data: DeviceRow[] }>(page, 'GET', '/sbm/v1/devices?length=500')
  // A held PIN, and the staff login that may not create credentials, read the seed's oldest that
  // fits: not one another spec is about to change or delete.
  if (input.hasPin || !input.mayGenerate) {
    const seeded = credentials.data
      .toSorted((a, b) => a.credential_id - b.credential_id)
      .find((row) => {
        const device = devices.data.find((d) => d.device_id === row.assignment_id)
        return (
          row.assignment_type === 'device' &&
          (row.meta_data.command_output.pin !== null) === input.hasPin &&
          device !== undefined &&
          fits(codes(device) ? [device] : [], input.devices)
        )
      })
    if (!seeded) throw new Error(`The seed has no credential for ${JSON.stringify(input)}`)
    return seeded
  }
  // Generating gives a credential its PIN for good: each path gets its own.
  const place = placeFor(devices.data, input)
  const owner = credentials.data.find((row) => row.user_email === demo.staff)
  if (place === undefined || !owner)
    throw new Error(`The seed has no place for ${JSON.stringify(input)}`)
  const fresh = await api<Row>(page, 'POST', '/access/v1/credentials', {
    user_id: owner.user_id,
    assignment_type: input.target,
    assignment_id: place,
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
  // The credentials page is the first one loaded: the credential is found or made before it.
  const tokens = await tokensFor(page, input.mayGenerate ? demo.orgadmin : demo.staff)
  token = tokens.access_token
  const credential = await credentialFor(page, input)
  await page.route(
    (url) => url.pathname === `/access/v1/credentials/${credential.credential_id}`,
    (route) => (route.request().method() === 'GET' ? lookups.hold(route) : route.continue()),
  )
  await page.route('**/access/v1/devices/*/set/create_pin', (route) => generations.hold(route))
  await openSignedIn(page, tokens, `/credentials?q=${encodeURIComponent(credential.user_email)}`)
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
      return answer(
        before.matches('generating') ? generations.next() : lookups.next(),
        event.reason,
      )
    case 'code.choose': {
      const wanted = before.context.devices.find((d) => d.deviceId === event.deviceId)
      const name = wanted?.connected ? /^(?!.*not connected)/ : /not connected$/
      await dialog(page).getByRole('radio', { name }).first().check()
      return
    }
    case 'code.generate':
      await dialog(page).getByRole('button', { name: 'Generate code' }).click()
      return
    case 'code.retry':
      await dialog(page).getByRole('button', { name: 'Try again' }).click()
      return
    case 'code.reveal':
      await dialog(page).getByRole('button', { name: 'Show code' }).click()
      return
    case 'code.hide':
      await page.evaluate(() => window.dispatchEvent(new Event('blur')))
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
  place: 'The device is no longer at this credential’s door or location.',
  capability: 'The device cannot program offline access codes.',
  permission: 'You may not generate offline codes.',
  unavailable: 'The code could not be reached. Please try again.',
}

const noCodeDevice: Record<OfflineCodeInput['target'], string> = {
  device: 'The device of this credential cannot program offline access codes.',
  door: 'No device at this door can program offline access codes.',
  location: 'No device at this location can program offline access codes.',
}

const offlineNote = 'The lock is not connected; the code works offline.'

async function expectState(page: Page, snapshot: Snapshot) {
  const { failure, unavailable } = snapshot.context
  if (snapshot.matches('checking') || snapshot.matches('revealing')) {
    const checking = dialog(page, 'Offline code').getByRole('status', {
      name: 'Looking up the code…',
    })
    await expect(checking).toBeVisible()
  } else if (snapshot.matches('confirmingReveal')) {
    const asking = dialog(page, 'Offline code')
    await expect(asking).toContainText('Please take a photo after use.')
    await expect(asking.getByRole('button', { name: 'Show code' })).toBeFocused()
    await expect(page.getByLabel(/^PIN:/)).toHaveCount(0)
  } else if (snapshot.matches('showingCode')) {
    const shown = dialog(page, 'Offline code')
    await expect(shown.getByLabel(/^PIN:/)).toHaveText(/^\d{3} \d{3}$/)
    await expect(shown).toContainText('Please take a photo after use.')
    await expect(shown.getByRole('button', { name: 'Copy code' })).toBeFocused()
  } else if (snapshot.matches('offeringGeneration')) {
    const offer = dialog(page, 'Generate offline code')
    await expect(offer.getByRole('button', { name: 'Generate code' })).toBeFocused()
    await expect(offer.getByText(offlineNote)).toHaveCount(chosenOffline(snapshot.context) ? 1 : 0)
  } else if (snapshot.matches('choosingDevice')) {
    const choice = dialog(page, 'Generate offline code')
    const radios = choice.getByRole('group', { name: 'Devices that can program offline codes' })
    // Several devices: a second radio is there (the first is focused on entry).
    await expect(radios.getByRole('radio').nth(1)).toBeVisible()
    const generate = choice.getByRole('button', { name: 'Generate code' })
    const { deviceId } = snapshot.context
    if (deviceId === null) {
      await expect(generate).toBeDisabled()
      await expect(radios.getByRole('radio', { checked: true })).toHaveCount(0)
    } else {
      await expect(generate).toBeEnabled()
      const checked = radios.getByRole('radio', { checked: true })
      await expect(checked).toHaveAccessibleName(
        chosenOffline(snapshot.context) ? /not connected$/ : /^(?!.*not connected)/,
      )
    }
    await expect(choice.getByText(offlineNote)).toHaveCount(chosenOffline(snapshot.context) ? 1 : 0)
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
    await expect(refused).toContainText(
      unavailable === 'capability'
        ? noCodeDevice[snapshot.context.target]
        : 'You may not generate offline codes.',
    )
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
