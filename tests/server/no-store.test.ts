import { describe, expect, it } from 'vitest'
import { ACCESS_PATH } from '../../src/contract/access'
import { DOOR_MODES_NOW_PATH, DOORS_PATH } from '../../src/contract/door-modes'
import { WEBHOOKS_PATH } from '../../src/contract/api-paths'
import { LOCKDOWNS_PATH } from '../../src/contract/lockdowns'
import { ADMIN, STAFF, useServer, type Reply } from './helpers'

const server = useServer()

// Served to anyone and safe to keep: the health probe, uploaded images (random immutable names)
// and the console's own files.
const cacheable = new Set(['GET /health', 'GET /uploads/:name', 'GET /*'])

/** Every route the app registered (not its middleware), as `METHOD /path`. */
function routes(): string[] {
  const all = server().running.handle.app.routes.filter((r) => r.method !== 'ALL')
  return [...new Set(all.map((r) => `${r.method} ${r.path}`))].filter((r) => !cacheable.has(r))
}

/** Reads that need a query to name what they read: its seeded row. */
const queries: Record<string, string> = {
  [ACCESS_PATH]: '?door_id=1',
  [DOOR_MODES_NOW_PATH]: '?door_ids=1',
}

/** Reads whose row is not the seed's first: the test makes it and names it here. */
const rows: Record<string, string> = {}

/** A concrete path: reads name a seeded row; writes name none, so they change nothing. */
function concrete(method: string, path: string) {
  const id = method === 'GET' ? (rows[path] ?? '1') : '999999'
  const query = method === 'GET' ? (queries[path] ?? '') : ''
  return `${path.replace(':command', 'unlock').replace(/:\w+/g, id)}${query}`
}

async function call(route: string, token?: string): Promise<Reply> {
  const [method = 'GET', path = '/'] = route.split(' ')
  const target = concrete(method, path)
  if (route === 'POST /auth/v1/token') {
    return server().request(method, target, { form: { username: ADMIN, password: 'wrong-one' } })
  }
  const json = method === 'GET' || method === 'DELETE' ? undefined : {}
  return server().request(method, target, { token, json })
}

describe('Cache-Control: no-store', () => {
  it('walks a route table that holds every resource', () => {
    const walked = routes()
    for (const prefix of ['/auth/', '/org/', '/sbm/', '/access/', '/upload', '/notify', '/dev/']) {
      expect(walked.some((r) => r.split(' ')[1]?.startsWith(prefix))).toBe(true)
    }
    expect(walked.length).toBeGreaterThan(50)
  })

  it('is on every answer of every route, signed in', async () => {
    const token = await server().login(ADMIN)
    // No lockdown is seeded: one on a floor gives GET /sbm/v1/lockdowns/1 its row.
    const lockdown = await server().request('POST', LOCKDOWNS_PATH, {
      token,
      json: { scope_type: 'floor', scope_id: 1, reason: 'A row to read' },
    })
    expect(lockdown.status).toBe(201)
    // Nor a door's mode: the seeded "Office hours" gives GET …/doors/1/mode its row.
    const mode = await server().request('PUT', `${DOORS_PATH}/1/mode`, {
      token,
      json: { schedule_id: 1 },
    })
    expect(mode.status).toBe(200)
    // A lock on no door keeps its own mode (the seeded cupboard's), and an offboarding its report.
    const locks = await server().request('GET', '/sbm/v1/devices?search=cupboard', { token })
    const cupboard = String((locks.body as { data: { device_id: number }[] }).data[0]?.device_id)
    const own = await server().request('PUT', `/sbm/v1/devices/${cupboard}/mode`, {
      token,
      json: { schedule_id: 1 },
    })
    expect(own.status).toBe(200)
    rows['/sbm/v1/devices/:id/mode'] = cupboard
    rows['/sbm/v1/devices/:id/mode-timeline'] = cupboard
    const staff = await server().request('GET', `/org/v1/users?search=${STAFF}`, { token })
    const leaver = String((staff.body as { data: { user_id: number }[] }).data[0]?.user_id)
    const offboarded = await server().request('POST', `/access/v1/users/${leaver}/offboard`, {
      token,
    })
    expect(offboarded.status).toBe(200)
    rows['/access/v1/users/:id/offboard'] = leaver
    // Nor a webhook: one to this machine (loopback, allowed in demo mode) gives its reads a row.
    const hook = await server().request('POST', WEBHOOKS_PATH, {
      token,
      json: { url: 'http://127.0.0.1:9/hook', event_types: ['door.forced_open'] },
    })
    expect(hook.status).toBe(201)
    const hookId = String((hook.body as { webhook_id: number }).webhook_id)
    rows['/org/v1/webhooks/:id'] = hookId
    rows['/org/v1/webhooks/:id/deliveries'] = hookId
    rows['/org/v1/webhooks/:id/deliveries/export.csv'] = hookId
    const missing: string[] = []
    let ok = 0
    for (const route of routes()) {
      const reply = await call(route, token)
      if (reply.status < 300) ok += 1
      if (reply.headers.get('cache-control') !== 'no-store')
        missing.push(`${route} ${reply.status}`)
    }
    expect(missing).toEqual([])
    // Not only error answers: every read of a seeded row and list answered 200. /metrics is the
    // operator's, not a signed-in user's: a user's token there is a wrong token (metrics.test.ts).
    const reads = routes().filter((r) => r.startsWith('GET ') && r !== 'GET /metrics')
    expect(ok).toBeGreaterThanOrEqual(reads.length)
  })

  it('is on every refusal without a token', async () => {
    const missing: string[] = []
    for (const route of routes()) {
      const reply = await call(route)
      if (reply.headers.get('cache-control') !== 'no-store')
        missing.push(`${route} ${reply.status}`)
    }
    expect(missing).toEqual([])
  })

  it('is on the token endpoints’ successful answers', async () => {
    const pair = await server().pair(ADMIN)
    const signIn = await server().request('POST', '/auth/v1/token', {
      form: { username: ADMIN, password: 'Demo-Password-1' },
    })
    expect(signIn.status).toBe(200)
    expect(signIn.headers.get('cache-control')).toBe('no-store')
    const refreshed = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: pair.refresh_token },
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.headers.get('cache-control')).toBe('no-store')
  })

  it('leaves the health probe cacheable', async () => {
    expect((await server().request('GET', '/health')).headers.get('cache-control')).toBeNull()
  })
})
