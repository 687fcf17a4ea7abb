import { expect, request, type APIRequestContext, type Page } from '@playwright/test'
import type { SnapshotFrom } from 'xstate'
import type { LockdownEvent, LockdownInput } from '../../../machines/lockdown.machine'
import { lockdownMachine } from '../../../machines/lockdown.machine'
import {
  approvePath,
  lockdownPath,
  LOCKDOWNS_PATH,
  releasePath,
  type Lockdown,
  type LockdownDetail,
  type LockdownList,
} from '../../../src/contract/lockdowns'
import { DEMO_PASSWORD, demo, openSignedIn, signIn, tokensFor } from '../../e2e/helpers/session'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'
import { ME, OTHER } from './lockdown'

// The lockdown machine on screen, as one person's console sees it: the signed-in user (the model's
// ME) is the org admin on Acme Warehouse's page, then on its lockdown's page. What others do is
// done on screen too: the second person (OTHER, the admin) in a browser context of their own, and
// ME's "other tab" in a second tab of ME's context. The server is real: a refused start is a scope
// the admin locked down first, a refused request a release the admin asked for first. Only the
// approval's refusal is routed (a lapse takes LOCKDOWN_RELEASE_MINUTES). A path's starting point
// (a lockdown, a pending request) and the cleanup go through the API. Replayed by
// tests/e2e/lockdown.spec.ts on its own server: a lockdown refuses unlocks for every spec beside it.

type Snapshot = SnapshotFrom<typeof lockdownMachine>

const PLACE = 'Acme Warehouse'
const people = { [ME]: demo.orgadmin, [OTHER]: demo.admin } as const
type Person = keyof typeof people

// Set per path by prepare.
let api: APIRequestContext | null = null

function client() {
  if (api === null) throw new Error('prepare has not run')
  return api
}

/** One call as one person: a fresh sign-in each time (this server's tokens live 5 s). */
async function as<T>(person: Person, method: 'GET' | 'POST', path: string, data?: object) {
  const token = await client().post('/auth/v1/token', {
    form: { username: people[person], password: DEMO_PASSWORD },
  })
  expect(token.ok(), `sign-in of ${people[person]}`).toBe(true)
  const { access_token } = (await token.json()) as { access_token: string }
  const answer = await client().fetch(path, {
    method,
    headers: { Authorization: `Bearer ${access_token}`, 'Idempotency-Key': crypto.randomUUID() },
    data,
  })
  return { status: answer.status(), body: (await answer.json()) as T }
}

async function warehouseId() {
  const { body } = await as<{ data: { location_id: number; name: string }[] }>(
    OTHER,
    'GET',
    '/sbm/v1/locations?length=100',
  )
  const place = body.data.find(({ name }) => name === PLACE)
  if (!place) throw new Error(`The seed has no ${PLACE}`)
  return place.location_id
}

async function startAs(person: Person, reason: string) {
  const { status, body } = await as<Lockdown>(person, 'POST', LOCKDOWNS_PATH, {
    scope_type: 'location',
    scope_id: await warehouseId(),
    reason,
  })
  expect(status, 'the lockdown starts').toBe(201)
  return body.lockdown_id
}

// The second person's browser and ME's other tab, opened by the first step that needs them.
let otherPage: Page | null = null
let myOtherTab: Page | null = null

/** Where `person` acts: the admin's own browser, or another tab of ME's. */
async function screenOf(page: Page, person: Person) {
  if (person === ME) {
    myOtherTab ??= await page.context().newPage()
    return myOtherTab
  }
  if (otherPage === null) {
    const browser = page.context().browser()
    if (browser === null) throw new Error('No browser to open a second context in')
    otherPage = await (await browser.newContext()).newPage()
    await signIn(otherPage, people[OTHER])
  }
  return otherPage
}

async function startOnScreen(screen: Page) {
  await screen.goto(`/locations/view/${await warehouseId()}`)
  await main(screen).getByRole('button', { name: 'Lock down', exact: true }).click()
  await dialog(screen).getByLabel('Reason').fill('Replay: locked down first')
  await dialog(screen)
    .getByLabel(/I understand/)
    .check()
  await dialog(screen).getByRole('button', { name: 'Lock down now' }).click()
  await expect(screen).toHaveURL(/\/lockdowns\/\d+$/)
}

async function requestOnScreen(screen: Page, id: number) {
  await screen.goto(`/lockdowns/${id}`)
  await requestButton(screen).click()
  await dialog(screen).getByLabel('Reason').fill('All clear')
  await dialog(screen).getByRole('button', { name: 'Request release' }).click()
  await expect(dialog(screen)).toHaveCount(0)
  await expect(requestButton(screen)).toHaveCount(0)
}

async function approveOnScreen(screen: Page, id: number) {
  await screen.goto(`/lockdowns/${id}`)
  await approveButton(screen).click()
  await dialog(screen).getByRole('button', { name: 'Approve release' }).click()
  await expect(screen.getByTestId('lockdown-details')).toContainText('Released')
}

async function requestAs(person: Person, id: number) {
  const { status } = await as(person, 'POST', releasePath(id), { reason: 'All clear' })
  expect(status, `${people[person]} requests the release`).toBe(200)
}

async function approveAs(person: Person, id: number) {
  const { status } = await as(person, 'POST', approvePath(id))
  expect(status, `${people[person]} approves the release`).toBe(200)
}

/** Whether the server holds a request to release the lockdown, pending or approved. */
async function hasRequest(id: number) {
  const { status, body } = await as<LockdownDetail>(OTHER, 'GET', lockdownPath(id))
  expect(status, `lockdown ${id} is read`).toBe(200)
  return body.lockdown.state !== 'active'
}

async function activeLockdowns() {
  const { body } = await as<LockdownList>(OTHER, 'GET', `${LOCKDOWNS_PATH}?active=true`)
  return body.data
}

/** Releases every active lockdown with the two people, whoever asked first. */
async function releaseAll() {
  for (const lockdown of await activeLockdowns()) {
    const pending = lockdown.state === 'release_requested' ? lockdown.release : null
    const requester: Person = pending?.requested_by.email === people[ME] ? ME : OTHER
    if (pending === null) await requestAs(requester, lockdown.lockdown_id)
    await approveAs(requester === ME ? OTHER : ME, lockdown.lockdown_id)
  }
}

const main = (page: Page) => page.getByRole('main')
const dialog = (page: Page) => page.getByRole('dialog')
const requestButton = (page: Page) =>
  main(page).getByRole('button', { name: 'Request release', exact: true })
const approveButton = (page: Page) =>
  main(page).getByRole('button', { name: 'Approve release', exact: true })
// The page shows another person's change with its next poll (5 s) and the banner's.
const POLL = { timeout: 15_000 }

async function prepare(page: Page, _events: readonly LockdownEvent[], input: LockdownInput) {
  // The first page loaded is the path's own: what it needs is set up through the API before it.
  const tokens = await tokensFor(page, people[ME])
  // The second person's own context, on the spec's server: no cookie of ME's goes with their calls.
  const origin = new URL((await page.request.get('/health')).url()).origin
  api = await request.newContext({ baseURL: origin })
  if (input.lockdown === null) {
    await openSignedIn(page, tokens, `/locations/view/${await warehouseId()}`)
    await expect(page.getByRole('heading', { level: 1, name: PLACE })).toBeVisible()
    return
  }
  const id = await startAs(OTHER, 'Replay: an active lockdown')
  if (input.lockdown.requestedBy === OTHER) await requestAs(OTHER, id)
  await openSignedIn(page, tokens, `/lockdowns/${id}`)
  await expect(page.getByTestId('lockdown-details')).toBeVisible()
}

/** The lockdown on screen: the lockdown page's, which ME reached from the start or was shown. */
function shownLockdown(page: Page) {
  const id = /\/lockdowns\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]
  if (id === undefined) throw new Error(`Not on a lockdown's page: ${page.url()}`)
  return Number(id)
}

async function perform(page: Page, { event, next }: BrowserStep<typeof lockdownMachine>) {
  switch (event.type) {
    case 'start.open':
      await main(page).getByRole('button', { name: 'Lock down', exact: true }).click()
      return
    case 'start.confirm':
      // Refused for real: the admin locked the place down in their browser while this dialog was open.
      if (next?.type === 'start.failed') await startOnScreen(await screenOf(page, OTHER))
      await dialog(page).getByLabel('Reason').fill(event.start.reason)
      await dialog(page)
        .getByLabel(/I understand/)
        .check()
      await dialog(page).getByRole('button', { name: 'Lock down now' }).click()
      return
    case 'release.open':
      await requestButton(page).click()
      return
    case 'request.confirm':
      // Refused for real: the admin asked first in their browser (unless the page already saw it).
      if (next?.type === 'request.failed' && !(await hasRequest(shownLockdown(page))))
        await requestOnScreen(await screenOf(page, OTHER), shownLockdown(page))
      await dialog(page).getByLabel('Reason').fill(event.reason)
      await dialog(page).getByRole('button', { name: 'Request release' }).click()
      return
    case 'approve.open':
      await approveButton(page).click()
      return
    case 'approve.confirm':
      if (next?.type === 'approve.failed') {
        await page.route(
          `**${approvePath(shownLockdown(page))}`,
          (route) =>
            route.fulfill({
              status: 409,
              json: {
                error: 'conflict',
                message: 'The release request lapsed: request it again.',
                rule: 'release_lapsed',
                params: { expires_at: new Date().toISOString() },
              },
            }),
          { times: 1 },
        )
      }
      await dialog(page).getByRole('button', { name: 'Approve release' }).click()
      return
    case 'start.cancel':
    case 'request.cancel':
    case 'approve.cancel':
    case 'error.dismiss':
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      return
    case 'lockdown.seen': {
      // What the other person (or ME in another tab) does; the page's poll brings it.
      const id = shownLockdown(page)
      const { requestedBy, approvedBy } = event
      if (requestedBy === null) throw new Error(`No on-screen cause for ${event.state}`)
      // A refused request's cause already asked (the machine does not know who until it sees it).
      if (!(await hasRequest(id)))
        await requestOnScreen(await screenOf(page, requestedBy as Person), id)
      if (event.state === 'released' && approvedBy !== null)
        await approveOnScreen(await screenOf(page, approvedBy as Person), id)
      return
    }
    default:
      // The server's answers to what the page sent: nothing to do but wait for them.
      return
  }
}

/** The refusals' words, as the dialogs show them. */
const refusals = {
  already_locked_down: 'This is already locked down.',
  release_pending: 'A release request already waits for its second person.',
  release_lapsed: 'The release request lapsed. Request the release again.',
} as Record<string, string>

async function expectRefusal(page: Page, title: string, rule: string | null) {
  const words = rule === null ? undefined : refusals[rule]
  if (words === undefined) throw new Error(`No words known for the refusal ${rule}`)
  await expect(page.getByRole('dialog', { name: title })).toContainText(words)
}

async function expectState(page: Page, snapshot: Snapshot) {
  const { failure, requestedBy, userId } = snapshot.context
  switch (snapshot.value) {
    case 'idle':
      await expect(dialog(page)).toHaveCount(0)
      await expect(main(page).getByRole('button', { name: 'Lock down', exact: true })).toBeVisible()
      return
    case 'confirmingStart':
      await expect(page.getByRole('dialog', { name: `Lock down ${PLACE}…` })).toBeVisible()
      return
    case 'startRefused':
      return expectRefusal(page, `Lock down ${PLACE}…`, failure)
    case 'active':
      await expect(page).toHaveURL(/\/lockdowns\/\d+$/)
      await expect(dialog(page)).toHaveCount(0)
      await expect(requestButton(page)).toBeVisible(POLL)
      await expect(approveButton(page)).toHaveCount(0)
      return
    case 'confirmingRequest':
      await expect(page.getByRole('dialog', { name: `Request release of ${PLACE}` })).toBeVisible()
      return
    case 'requestRefused':
      return expectRefusal(page, `Request release of ${PLACE}`, failure)
    case 'releaseRequested':
      await expect(dialog(page)).toHaveCount(0)
      await expect(requestButton(page)).toHaveCount(0, POLL)
      // Offered to the second person only.
      if (requestedBy === userId) await expect(approveButton(page)).toHaveCount(0)
      else await expect(approveButton(page)).toBeVisible(POLL)
      return
    case 'confirmingApproval':
      await expect(page.getByRole('dialog', { name: `Approve release of ${PLACE}` })).toBeVisible()
      return
    case 'approveRefused':
      return expectRefusal(page, `Approve release of ${PLACE}`, failure)
    case 'released':
      await expect(dialog(page)).toHaveCount(0)
      await expect(page.getByTestId('lockdown-details')).toContainText('Released', POLL)
      await expect(requestButton(page)).toHaveCount(0)
      await expect(approveButton(page)).toHaveCount(0)
      return
    default:
      // starting, requesting and approving pass too quickly to observe; lapsed has no cause here.
      return
  }
}

/** After each path: no lockdown is left for the next one (nothing to do after a non-path test). */
async function cleanup() {
  if (api === null) return
  await releaseAll()
  await api.dispose()
  api = null
  await otherPage?.context().close()
  await myOtherTab?.close()
  otherPage = null
  myOtherTab = null
}

export const lockdownBrowser: BrowserAdapter<typeof lockdownMachine> = {
  name: 'lockdown',
  prepare,
  perform,
  expectState,
  cleanup,
}
