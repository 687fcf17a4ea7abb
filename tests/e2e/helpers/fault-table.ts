import { expect, type Page } from '@playwright/test'

// THE table of docs/faults.md: every call a screen makes, and every fault a user can meet on it.
// faults.spec.ts runs each screen × each fault; a new screen joins by adding one row here.

type Call = { method: string; url: URL }

export type ScreenKind = 'list' | 'detail' | 'save' | 'command' | 'search'

export interface FaultScreen {
  name: string
  kind: ScreenKind
  /** The request the fault hits. */
  call: (request: Call) => boolean
  /** Everything before the call, without faults: a loaded page, a filled form, an open palette. */
  prepare: (page: Page, token: string) => Promise<void>
  /** The user's action that makes the call. */
  act: (page: Page) => Promise<void>
  /** The user's way to try again once the fault is gone. */
  retry: (page: Page) => Promise<void>
  /** What the user sees once the call succeeds. */
  recovered: (page: Page) => Promise<void>
  /** Forms: every value the user typed is still there after the failure. */
  kept?: (page: Page) => Promise<void>
}

const tryAgain = (page: Page) => page.getByRole('button', { name: 'Try again' }).click()

/** The signed-in shell at the dashboard. */
async function openShell(page: Page) {
  await page.goto('/')
  await expect(page.getByTestId('content')).toBeVisible()
}

/** In-app navigation, as a sidebar link or the palette does: the page itself is not reloaded. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

type Entity = Record<string, unknown>

/** One object of a resource: its list on the API, its id field, and an optional search for it. */
interface Resource {
  apiPath: string
  idField: string
  search?: string
}

/** A list's answer, read through the API with the signed-in user's token. */
async function listed(page: Page, token: string, listPath: string, query: Record<string, string>) {
  const response = await page.request.get(listPath, {
    params: query,
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: Entity[] }).data
}

async function firstEntity(page: Page, token: string, resource: Resource): Promise<Entity> {
  const query: Record<string, string> = { length: '1' }
  if (resource.search) query.search = resource.search
  const [first] = await listed(page, token, resource.apiPath, query)
  if (first === undefined) throw new Error(`${resource.apiPath} lists nothing`)
  return first
}

const isGet = (path: string) => (call: Call) => call.method === 'GET' && call.url.pathname === path

function listScreen(name: string, path: string, apiPath: string, gridName: string): FaultScreen {
  const grid = (page: Page) => page.getByRole('grid', { name: gridName })
  return {
    name: `${name} list`,
    kind: 'list',
    call: isGet(apiPath),
    prepare: openShell,
    act: (page) => navigateInApp(page, path),
    retry: tryAgain,
    // A header row and at least one data row.
    recovered: async (page) =>
      expect.poll(() => grid(page).getByRole('row').count()).toBeGreaterThan(1),
  }
}

const idOf = (resource: Resource, entity: Entity) => Number(entity[resource.idField])

interface DetailRow extends Resource {
  name: string
  screenPath: (id: number) => string
  /** Something only the loaded detail shows. */
  loaded: (page: Page, entity: Entity) => Promise<void>
}

function detailScreen(row: DetailRow): FaultScreen {
  let entity: Entity = {}
  return {
    name: `${row.name} detail`,
    kind: 'detail',
    call: (call) =>
      call.method === 'GET' && call.url.pathname === `${row.apiPath}/${idOf(row, entity)}`,
    prepare: async (page, token) => {
      entity = await firstEntity(page, token, row)
      await openShell(page)
    },
    act: (page) => navigateInApp(page, row.screenPath(idOf(row, entity))),
    retry: tryAgain,
    recovered: (page) => row.loaded(page, entity),
  }
}

interface SaveRow extends Resource {
  name: string
  editPath: (id: number) => string
  /** Changes values on the loaded form the way a user does. */
  change: (page: Page) => Promise<void>
  /** Those values are still what the user left. */
  kept: (page: Page) => Promise<void>
}

function saveScreen(row: SaveRow): FaultScreen {
  const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click()
  return {
    name: `${row.name} save`,
    kind: 'save',
    call: (call) => call.method === 'PUT' && call.url.pathname.startsWith(`${row.apiPath}/`),
    prepare: async (page, token) => {
      const entity = await firstEntity(page, token, row)
      await page.goto(row.editPath(idOf(row, entity)))
      await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled()
      await row.change(page)
    },
    act: save,
    retry: save,
    // A saved edit returns to the list.
    recovered: (page) => expect(page).not.toHaveURL(/\/edit\//),
    kept: row.kept,
  }
}

const content = (page: Page) => page.getByTestId('content')

const showsText = (field: string) => (page: Page, entity: Entity) =>
  expect(content(page)).toContainText(String(entity[field]))

function fillKept(label: string, value: string) {
  return {
    change: (page: Page) => page.getByLabel(label, { exact: true }).fill(value),
    kept: (page: Page) => expect(page.getByLabel(label, { exact: true })).toHaveValue(value),
  }
}

const organizations = { apiPath: '/org/v1/organizations', idField: 'organization_id' }
const users = { apiPath: '/org/v1/users', idField: 'user_id', search: 'staff@demo.local' }
const locations = { apiPath: '/sbm/v1/locations', idField: 'location_id' }
const devices = { apiPath: '/sbm/v1/devices', idField: 'device_id' }
const credentials = { apiPath: '/access/v1/credentials', idField: 'credential_id' }

type Lock = {
  device_id: number
  name: string
  capabilities: string[]
  current_status: { connected: boolean }
}

/** A connected, uniquely named lock that can be locked remotely. */
async function onlineLock(page: Page, token: string): Promise<{ id: number; name: string }> {
  const query = { search: 'Smart lock', length: '100' }
  const data = (await listed(page, token, '/sbm/v1/devices', query)) as unknown as Lock[]
  const lock = data.find(
    (d) =>
      d.current_status.connected &&
      d.capabilities.includes('remotely_lock') &&
      data.filter((other) => other.name === d.name).length === 1,
  )
  if (!lock) throw new Error('The seed has no connected, uniquely named lock')
  return { id: lock.device_id, name: lock.name }
}

function commandScreen(): FaultScreen {
  let lock = { id: 0, name: '' }
  const lockButton = (page: Page) => page.getByRole('button', { name: 'Lock', exact: true })
  const send = async (page: Page) => {
    await lockButton(page).click()
    await page
      .getByRole('dialog', { name: `Lock: ${lock.name}?` })
      .getByRole('button', { name: 'Send Lock' })
      .click()
  }
  return {
    name: 'device command',
    kind: 'command',
    call: (call) =>
      call.method === 'POST' && call.url.pathname === `/access/v1/devices/${lock.id}/control/lock`,
    prepare: async (page, token) => {
      lock = await onlineLock(page, token)
      await page.goto(`/devices/view/${lock.id}`)
      await expect(lockButton(page)).toBeEnabled()
    },
    act: send,
    retry: async (page) => {
      await page.getByRole('button', { name: 'OK' }).click()
      await send(page)
    },
    recovered: (page) => expect(page.getByText(`Lock sent to ${lock.name}: done.`)).toBeVisible(),
  }
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

function searchScreen(): FaultScreen {
  return {
    name: 'palette search',
    kind: 'search',
    call: (call) => call.method === 'GET' && call.url.searchParams.has('search'),
    prepare: async (page) => {
      await openShell(page)
      await page.keyboard.press('ControlOrMeta+k')
      await expect(palette(page)).toBeVisible()
    },
    act: (page) => palette(page).getByRole('combobox').pressSequentially('staff'),
    // The palette's way to try again is to keep typing.
    retry: (page) => palette(page).getByRole('combobox').pressSequentially('@'),
    recovered: (page) =>
      expect(
        palette(page)
          .getByRole('option', { name: /staff@demo\.local/ })
          .first(),
      ).toBeVisible(),
  }
}

export const screens: readonly FaultScreen[] = [
  listScreen('organizations', '/organizations', organizations.apiPath, 'Organizations'),
  listScreen('users', '/users', users.apiPath, 'Users'),
  listScreen('locations', '/locations', locations.apiPath, 'Locations'),
  listScreen('devices', '/devices', devices.apiPath, 'Devices'),
  listScreen('credentials', '/credentials', credentials.apiPath, 'Credentials'),
  listScreen('audits', '/audits', '/sbm/v1/devices/audit', 'Device audit log'),
  listScreen('journal', '/journal', '/org/v1/journal', 'Admin journal'),
  detailScreen({
    ...organizations,
    name: 'organization',
    screenPath: (id) => `/organizations/edit/${id}`,
    loaded: (page, entity) =>
      expect(page.getByLabel('Name', { exact: true })).toHaveValue(String(entity.name)),
  }),
  detailScreen({
    ...users,
    name: 'user',
    screenPath: (id) => `/users/view/${id}`,
    loaded: showsText('email'),
  }),
  detailScreen({
    ...locations,
    name: 'location',
    screenPath: (id) => `/locations/view/${id}`,
    loaded: showsText('name'),
  }),
  detailScreen({
    ...devices,
    name: 'device',
    screenPath: (id) => `/devices/view/${id}`,
    loaded: showsText('name'),
  }),
  detailScreen({
    ...credentials,
    name: 'credential',
    screenPath: (id) => `/credentials/edit/${id}`,
    loaded: (page) => expect(page.getByRole('button', { name: 'Save' })).toBeVisible(),
  }),
  saveScreen({
    ...organizations,
    name: 'organization',
    editPath: (id) => `/organizations/edit/${id}`,
    ...fillKept('Description', 'Typed before the fault'),
  }),
  saveScreen({
    ...users,
    name: 'user',
    editPath: (id) => `/users/edit/${id}`,
    ...fillKept('Phone number', '+49 30 7654321'),
  }),
  saveScreen({
    ...locations,
    name: 'location',
    editPath: (id) => `/locations/edit/${id}`,
    ...fillKept('Name', 'Typed before the fault'),
  }),
  saveScreen({
    ...devices,
    name: 'device',
    editPath: (id) => `/devices/edit/${id}`,
    ...fillKept('Description', 'Typed before the fault'),
  }),
  saveScreen({
    ...credentials,
    name: 'credential',
    editPath: (id) => `/credentials/edit/${id}`,
    change: (page) => page.getByLabel('Permanent', { exact: true }).check(),
    kept: (page) => expect(page.getByLabel('Permanent', { exact: true })).toBeChecked(),
  }),
  commandScreen(),
  searchScreen(),
]
