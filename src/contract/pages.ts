// Every path of the console, by route id: the route table reads the patterns, and features, the
// palette and tests build links with `pathTo`, so a path is spelt in exactly one place. Pure (no
// screens, no lazy imports), so anything may import it without pulling the app in. In the contract
// because the reference server writes a page's first answers by its path (first-requests.ts).

export const patterns = {
  login: '/login',
  'start-password-reset': '/start-password-reset',
  'password-reset': '/password-reset',
  dashboard: '/',
  settings: '/settings',
  account: '/account',
  organizations: '/organizations',
  'organizations-create': '/organizations/create',
  'organizations-edit': '/organizations/edit/:id',
  audits: '/audits',
  journal: '/journal',
  devices: '/devices',
  'devices-create': '/devices/create',
  'devices-edit': '/devices/edit/:id',
  'devices-view': '/devices/view/:id',
  credentials: '/credentials',
  'credentials-create': '/credentials/create',
  'credentials-edit': '/credentials/edit/:id',
  users: '/users',
  'users-create': '/users/create',
  'users-edit': '/users/edit/:id',
  'users-view': '/users/view/:id',
  locations: '/locations',
  'locations-create': '/locations/create',
  'locations-edit': '/locations/edit/:id',
  'locations-view': '/locations/view/:id',
  lockdowns: '/lockdowns',
  'lockdowns-view': '/lockdowns/:id',
  // Who may enter, when (decision 065).
  groups: '/groups',
  'groups-create': '/groups/create',
  'groups-edit': '/groups/edit/:id',
  'groups-view': '/groups/view/:id',
  schedules: '/schedules',
  'schedules-create': '/schedules/create',
  'schedules-edit': '/schedules/edit/:id',
  'schedules-view': '/schedules/view/:id',
  calendars: '/calendars',
  'calendars-create': '/calendars/create',
  'calendars-edit': '/calendars/edit/:id',
  'calendars-view': '/calendars/view/:id',
  rules: '/rules',
  'rules-create': '/rules/create',
  'rules-edit': '/rules/edit/:id',
  'rules-view': '/rules/view/:id',
  // Alerts (decision 082): incidents people handle and the rules that open them.
  incidents: '/incidents',
  'incidents-view': '/incidents/view/:id',
  'alert-rules': '/alert-rules',
  'alert-rules-create': '/alert-rules/create',
  'alert-rules-edit': '/alert-rules/edit/:id',
  // Webhooks (decision 083): the organization's endpoints, each with its delivery log.
  webhooks: '/webhooks',
  'webhooks-create': '/webhooks/create',
  'webhooks-edit': '/webhooks/edit/:id',
  'webhooks-view': '/webhooks/view/:id',
  // The mail queue (decision 087): the outbox, for global administrators.
  'mail-queue': '/mail-queue',
} as const

export type RouteId = keyof typeof patterns

type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type PathParams<Id extends RouteId> = Record<
  ParamsOf<(typeof patterns)[Id]>,
  string | number
>

/**
 * The URL parameters a list keeps its view in (list-view.ts reads and writes them); `peek` names
 * the row shown in the list's side drawer, so reload and back keep the drawer open; `command` asks
 * a screen to open one of its own dialogs or editors (a palette action on an entity); `door`
 * narrows the audit log to the devices on one door (its "Audit log of", a link to bookmark);
 * `state`, `severity` and `place` narrow the incidents (the bell links to the open ones).
 */
export const listParams = {
  sort: 'sort',
  direction: 'dir',
  search: 'q',
  row: 'row',
  peek: 'peek',
  command: 'command',
  door: 'door',
  state: 'state',
  severity: 'severity',
  place: 'place',
} as const

/** The door `?door=` names, or null when it names none (absent, or not an id). */
export function doorParam(search: string): number | null {
  const value = new URLSearchParams(search).get(listParams.door) ?? ''
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null
}

export type ListQuery = Partial<Record<keyof typeof listParams, string | number>>

type Args<Id extends RouteId> = [ParamsOf<(typeof patterns)[Id]>] extends [never]
  ? [query?: ListQuery]
  : [params: PathParams<Id>, query?: ListQuery]

/** `pathTo('organizations-edit', { id: 7 })` → `/organizations/edit/7`; a list query is appended. */
export function pathTo<Id extends RouteId>(id: Id, ...args: Args<Id>): string {
  const pattern: string = patterns[id]
  const hasParams = pattern.includes(':')
  // Args<Id> guarantees the shape per id; at run time the pattern itself says which form was used.
  const params = (hasParams ? args[0] : undefined) as Record<string, string | number> | undefined
  const query: ListQuery | undefined = hasParams ? args[1] : args[0]
  const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  )
  const search = new URLSearchParams()
  for (const key of Object.keys(listParams) as (keyof ListQuery)[]) {
    const value = query?.[key]
    if (value !== undefined && value !== '') search.set(listParams[key], String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
