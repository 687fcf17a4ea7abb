import { once } from 'node:events'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { FactorChallenge } from '../../src/contract/mfa'
import { Me } from '../../src/contract/users'
import { Secret, TOTP } from 'otpauth'
import { secretBox } from '../../server/auth/secret-box'
import { ADMIN, AUDITOR, PASSWORD, STAFF, freshPostgres, shaped } from './helpers'
import { startOnPostgres, type ServerProcess } from './process-helpers'

// Two real server processes (the bundle `npm start` runs) on one PostgreSQL: what a load
// balancer in front of several servers would see. PGlite is one process's own database.
const postgres = process.env.TEST_DATABASE_URL
const title = postgres
  ? 'two API servers on one PostgreSQL'
  : 'two API servers on one PostgreSQL — skipped: needs TEST_DATABASE_URL (npm run test:server:pg)'

async function post(
  base: string,
  path: string,
  init: {
    token?: string
    json?: unknown
    form?: Record<string, string>
    headers?: Record<string, string>
  },
) {
  const headers: Record<string, string> = { ...init.headers }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  let body: string | undefined
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  } else if (init.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.json)
  }
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body })
  return { status: response.status, body: (await response.json()) as unknown }
}

const signIn = (base: string, username: string, password = PASSWORD) =>
  post(base, '/auth/v1/token', { form: { username, password } })

const accessToken = async (base: string, username: string) =>
  shaped((await signIn(base, username)).body, TokenPair).access_token

/** A GET, or a PUT of `json`, with a bearer token; answers the status and the JSON body. */
async function call(base: string, path: string, token: string, json?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: json === undefined ? 'GET' : 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

// PRINCIPAL_CACHE_MS as the servers run it (the default): a change made through one server reaches
// the callers the other holds in memory within this time (decision 055). The margin covers the
// polling request itself.
const PRINCIPAL_CACHE_MS = 1000
const FACTOR_KEY = 'two-servers-factor-key-of-32-characters!'
const POLL_MARGIN_MS = 300

/** Milliseconds until `path` on `base` answers `status` to `token`, asked every 20 ms. */
async function untilAnswered(base: string, path: string, token: string, status: number) {
  const started = performance.now()
  while ((await call(base, path, token)).status !== status) {
    if (performance.now() - started > 10_000) throw new Error(`${path} never answered ${status}`)
    await new Promise((r) => setTimeout(r, 20))
  }
  return performance.now() - started
}

describe.skipIf(!postgres)(title, () => {
  let database: Awaited<ReturnType<typeof freshPostgres>> = null
  let a: ServerProcess
  let b: ServerProcess
  let sql: pg.Client

  beforeAll(async () => {
    database = await freshPostgres()
    if (!database) throw new Error('TEST_DATABASE_URL is set but no database was made')
    // Both start at once on the empty database: migrations and the seed must happen once.
    // One key for the factor secrets on both, as every server of one database must have.
    const env = { MFA_ENCRYPTION_KEY: FACTOR_KEY }
    ;[a, b] = await Promise.all([
      startOnPostgres(database.url, env),
      startOnPostgres(database.url, env),
    ])
    sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
  }, 180_000)

  afterAll(async () => {
    for (const p of [a, b]) {
      if (p && p.child.exitCode === null) {
        p.child.kill('SIGTERM')
        await once(p.child, 'exit')
      }
    }
    await sql?.end()
    await database?.drop()
  })

  it('seeded and migrated once, though both started together', async () => {
    const { rows } = await sql.query<{ n: number }>(
      "select count(*)::int as n from users where email = 'admin@demo.local'",
    )
    expect(rows[0]?.n).toBe(1)
    expect(a.url).not.toBe(b.url)
  })

  it('a refresh token used on both at once: exactly one success', async () => {
    const login = await signIn(a.url, ADMIN)
    const pair = shaped(login.body, TokenPair)
    const replies = await Promise.all(
      [a, b].map((p) =>
        post(p.url, '/auth/v1/token/refresh', { json: { refresh_token: pair.refresh_token } }),
      ),
    )
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401])
    // Reuse detected: the family is revoked, so the winner's new token is dead on both servers.
    const winner = shaped(replies.find((r) => r.status === 200)?.body, TokenPair)
    const after = await post(b.url, '/auth/v1/token/refresh', {
      json: { refresh_token: winner.refresh_token },
    })
    expect(after.status).toBe(401)
  })

  it('five wrong codes at the factor step spread over both lock it on both (decision 077)', async () => {
    const { rows } = await sql.query<{ user_id: number; email: string }>(
      `update users set password_hash = (select password_hash from users where email = $1)
       where user_id = (select min(user_id) from users where email like '%@acme.example')
       returning user_id, email`,
      [ADMIN],
    )
    const person = rows[0]
    if (!person) throw new Error('no person')
    const secret = new Secret({ size: 20 })
    await sql.query(
      'insert into totp_factors (user_id, secret, created_at) values ($1, $2, now())',
      [person.user_id, secretBox(FACTOR_KEY).seal(secret.base32, person.user_id)],
    )
    const step = async (base: string) =>
      shaped((await signIn(base, person.email)).body, FactorChallenge).mfa_token
    const wrong = new TOTP({ secret }).generate() === '000000' ? '111111' : '000000'
    const statuses: number[] = []
    for (const p of [a, b, a, b, a])
      statuses.push(
        (
          await post(p.url, '/auth/v1/token/factor', {
            json: { mfa_token: await step(p.url), method: 'totp', code: wrong },
          })
        ).status,
      )
    expect(statuses).toEqual([400, 400, 400, 400, 400])
    // Locked on both: the right password now gets the 429 a wrong one gets, on either server.
    expect((await signIn(b.url, person.email)).status).toBe(429)
    expect((await signIn(a.url, person.email)).status).toBe(429)
  })

  it('five failed sign-ins spread over both lock the account on both', async () => {
    const servers = [a, b, a, b, a]
    for (const p of servers)
      expect((await signIn(p.url, STAFF, 'Wrong-Password-0')).status).toBe(401)
    // Now even the right password waits, whichever server is asked.
    for (const p of [a, b]) {
      const reply = await signIn(p.url, STAFF)
      expect(reply.status).toBe(429)
    }
  })

  it('a permission removed or a user disabled through one server: the other refuses within 1 s', async () => {
    const admin = await accessToken(a.url, ADMIN)
    const auditor = await accessToken(b.url, AUDITOR)
    const audits = '/sbm/v1/devices/audit?length=1'
    const { user_id: id } = shaped((await call(b.url, '/org/v1/users/me', auditor)).body, Me)
    // B has just read the auditor's row and keeps it; A changes the row.
    expect((await call(b.url, audits, auditor)).status).toBe(200)
    const narrowed = await call(a.url, `/org/v1/users/${id}`, admin, {
      permissions: ['users:read:org'],
    })
    expect(narrowed.status).toBe(200)
    expect((await call(a.url, audits, auditor)).status).toBe(403)
    expect(await untilAnswered(b.url, audits, auditor, 403)).toBeLessThanOrEqual(
      PRINCIPAL_CACHE_MS + POLL_MARGIN_MS,
    )
    expect((await call(b.url, '/org/v1/users?length=1', auditor)).status).toBe(200)
    const disabled = await call(a.url, `/org/v1/users/${id}`, admin, { disabled: true })
    expect(disabled.status).toBe(200)
    expect((await call(a.url, '/org/v1/users?length=1', auditor)).status).toBe(401)
    expect(await untilAnswered(b.url, '/org/v1/users?length=1', auditor, 401)).toBeLessThanOrEqual(
      PRINCIPAL_CACHE_MS + POLL_MARGIN_MS,
    )
  })

  it('one Idempotency-Key sent to both: one command, one audit row', async () => {
    const token = shaped((await signIn(b.url, ADMIN)).body, TokenPair).access_token
    const list = await fetch(`${a.url}/sbm/v1/devices?length=500`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const device = shaped(await list.json(), listOf(Device)).data.find(
      (d) => d.current_status.connected && d.capabilities.includes('remotely_unlock'),
    )
    if (!device) throw new Error('no connected lock among the seeded devices')
    const audits = async () =>
      (
        await sql.query<{ n: number }>(
          'select count(*)::int as n from device_audits where device_id = $1',
          [device.device_id],
        )
      ).rows[0]?.n ?? 0
    const before = await audits()
    const path = `/access/v1/devices/${device.device_id}/control/unlock`
    const headers = { 'idempotency-key': `two-servers-${Date.now()}` }
    const replies = await Promise.all(
      [a, b].map((p) => post(p.url, path, { token, json: {}, headers })),
    )
    expect(replies.map((r) => r.status)).toEqual([200, 200])
    expect(replies[0]?.body).toEqual(replies[1]?.body)
    expect(await audits()).toBe(before + 1)
  })
})
