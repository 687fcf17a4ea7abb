import { describe, expect, it } from 'vitest'
import { allows, type Operation, type Resource } from '../../src/contract/permissions'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, useServer } from './helpers'

// The console offers an action exactly when `allows` says so; this walks every demo role through
// every resource × operation and checks that the server refuses (403) exactly the same ones.

const server = useServer()

const collections: Record<Resource, string> = {
  organizations: '/org/v1/organizations',
  users: '/org/v1/users',
  locations: '/sbm/v1/locations',
  devices: '/sbm/v1/devices',
  credentials: '/access/v1/credentials',
  'devices:audits': '/sbm/v1/devices/audit',
  journal: '/org/v1/journal',
  lockdown: '/sbm/v1/lockdowns',
  groups: '/access/v1/groups',
  schedules: '/access/v1/schedules',
  access_rules: '/access/v1/rules',
  alert_rules: '/sbm/v1/alert-rules',
  incidents: '/sbm/v1/incidents',
  webhooks: '/org/v1/webhooks',
}

// A missing id: an allowed caller gets 404 (or 400 for an empty body), never a change.
const MISSING = 2_000_000_000

function attempt(resource: Resource, operation: Operation): [string, string, unknown?] {
  const base = collections[resource]
  if (operation === 'read') return ['GET', base]
  // An incident is not created or edited: it is acknowledged and resolved.
  if (resource === 'incidents') return ['POST', `${base}/${MISSING}/acknowledge`]
  if (operation === 'create') return ['POST', base, {}]
  if (operation === 'update') return ['PUT', `${base}/${MISSING}`, {}]
  if (operation === 'start') return ['POST', base, {}]
  if (operation === 'release') return ['POST', `${base}/${MISSING}/release`, {}]
  return ['DELETE', `${base}/${MISSING}`]
}

const cases: [Resource, Operation][] = [
  ...(
    [
      'organizations',
      'users',
      'locations',
      'devices',
      'credentials',
      'groups',
      'schedules',
      'access_rules',
      'alert_rules',
      'webhooks',
    ] as const
  ).flatMap((resource) =>
    (['read', 'create', 'update', 'delete'] as const).map((operation): [Resource, Operation] => [
      resource,
      operation,
    ]),
  ),
  ['devices:audits', 'read'],
  ['journal', 'read'],
  ['lockdown', 'start'],
  ['lockdown', 'release'],
  ['incidents', 'read'],
  ['incidents', 'update'],
]

describe.each([ADMIN, ORGADMIN, STAFF, AUDITOR, GLOBEX])('%s', (login) => {
  it('is refused by the server exactly where the console does not offer the action', async () => {
    const token = await server().login(login)
    const me = await server().request<{ permissions: string[] }>('GET', '/org/v1/users/me', {
      token,
    })
    const mismatches: string[] = []
    for (const [resource, operation] of cases) {
      const [method, path, json] = attempt(resource, operation)
      const reply = await server().request(method, path, { token, json })
      const allowed = allows(me.body.permissions, resource, operation)
      if ((reply.status === 403) === allowed)
        mismatches.push(`${resource} ${operation}: offered=${allowed} server=${reply.status}`)
    }
    expect(mismatches).toEqual([])
  })
})
