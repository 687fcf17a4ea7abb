import { randomBytes } from 'node:crypto'
import { assert, type Struct } from 'superstruct'
import { afterAll, beforeAll, describe } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import type { ServerOptions } from '../../server/config'
import { startServer, type RunningServer } from '../../server/main'
import {
  TEMPLATE_SEED,
  adminQuery,
  databaseUrl,
  embeddedTemplate,
  postgresTemplate,
} from './database-template'

export const PASSWORD = 'Demo-Password-1'

export interface Reply<T = unknown> {
  status: number
  body: T
  headers: Headers
}

export interface TestServer {
  url: string
  running: RunningServer
  request<T = unknown>(
    method: string,
    path: string,
    init?: {
      token?: string
      json?: unknown
      form?: Record<string, string>
      body?: BodyInit
      type?: string
      headers?: Record<string, string>
    },
  ): Promise<Reply<T>>
  login(username: string, password?: string): Promise<string>
  pair(username: string, password?: string): Promise<TokenPair>
}

/**
 * For a file that never opens the run's database (its own PGlite, a spawned process, no database):
 * the PostgreSQL run (`npm run test:server:pg`) skips it, as it would repeat the unit run's work.
 */
export const describeOffPostgresRun = describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)

/**
 * With TEST_DATABASE_URL (a PostgreSQL server the tests may create databases on), each test file
 * gets a fresh database there instead of in-memory PGlite, proving the SQL runs on both. `seeded`
 * copies the run's migrated, seeded template (database-template.ts); otherwise it is empty.
 */
export async function freshPostgres(
  options: { seeded?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) return null
  const name = `access_test_${randomBytes(6).toString('hex')}`
  const template = options.seeded ? ` template ${await postgresTemplate(admin)}` : ''
  await adminQuery(admin, `create database ${name}${template}`)
  return {
    url: databaseUrl(admin, name),
    drop: () => adminQuery(admin, `drop database ${name} with (force)`),
  }
}

/** Options that change what the seed writes: a server with any of them seeds its own database. */
const seedOptions = ['seedAuditRows', 'scryptLogN'] as const satisfies (keyof ServerOptions)[]

/**
 * A real server over real HTTP on a fresh in-memory database, one per test file. scrypt is cheap
 * here (N=2^10) only because the option says so; production keeps N=2^17.
 */
export function useServer(overrides: Partial<ServerOptions> = {}): () => TestServer {
  let server: TestServer | undefined
  let database: Awaited<ReturnType<typeof freshPostgres>> = null
  const fromTemplate = !seedOptions.some((option) => option in overrides)
  beforeAll(async () => {
    database = await freshPostgres({ seeded: fromTemplate })
    const running = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory://',
      dataDirSnapshot: fromTemplate && !database ? await embeddedTemplate() : null,
      seedAuditRows: TEMPLATE_SEED.auditRows,
      scryptLogN: TEMPLATE_SEED.scryptLogN,
      logLevel: 'silent',
      distDir: 'tests/server/no-dist',
      databaseUrl: database?.url ?? null,
      ...overrides,
    })
    const request: TestServer['request'] = async (method, path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers }
      let body: BodyInit | undefined = init.body
      if (init.token) headers.authorization = `Bearer ${init.token}`
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(init.json)
      }
      if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = new URLSearchParams(init.form).toString()
      }
      if (init.type) headers['content-type'] = init.type
      const response = await fetch(`${running.url}${path}`, { method, headers, body })
      const text = await response.text()
      let parsed: unknown = text
      if ((response.headers.get('content-type') ?? '').includes('application/json')) {
        parsed = JSON.parse(text)
      }
      return { status: response.status, body: parsed as never, headers: response.headers }
    }
    const pair = async (username: string, password = PASSWORD) => {
      const reply = await request('POST', '/auth/v1/token', { form: { username, password } })
      if (reply.status !== 200) throw new Error(`login ${username}: ${reply.status}`)
      assert(reply.body, TokenPair)
      return reply.body
    }
    server = {
      url: running.url,
      running,
      request,
      pair,
      login: async (username, password) => (await pair(username, password)).access_token,
    }
  })
  afterAll(async () => {
    await server?.running.close()
    await database?.drop()
  })
  return () => {
    if (!server) throw new Error('server not started')
    return server
  }
}

/** Asserts a body against its contract schema and returns it typed. */
export function shaped<T, S>(body: unknown, schema: Struct<T, S>): T {
  assert(body, schema)
  return body
}

export const ADMIN = 'admin@demo.local'
export const ORGADMIN = 'orgadmin@demo.local'
export const STAFF = 'staff@demo.local'
export const AUDITOR = 'auditor@demo.local'
export const GLOBEX = 'globexadmin@demo.local'
