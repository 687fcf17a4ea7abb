import http from 'node:http'
import { describe, expect, it } from 'vitest'
import type { ServerOptions } from '../../server/config'
import { migrationNames } from '../../server/db/migrate'
import type { Readiness } from '../../server/http/ready'
import { startServer } from '../../server/main'
import { ADMIN, PASSWORD, freshPostgres, useServer } from './helpers'
import { spawnMain } from './process-helpers'

const server = useServer()

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request on a fresh connection, with the raw headers (fetch hides `Connection`). */
function raw(url: string, init: { method?: string; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'GET', agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      res.on('error', reject)
    })
    request.on('error', reject)
    request.end(init.body)
  })
}

const readiness = (reply: Raw) => JSON.parse(reply.body) as Readiness
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A sign-in whose body arrives in two parts: in flight until `finish` sends the rest. */
function slowSignIn(url: string) {
  const body = new URLSearchParams({ username: ADMIN, password: PASSWORD }).toString()
  let finish = () => {}
  const answered = new Promise<Raw>((resolve, reject) => {
    const request = http.request(
      `${url}/auth/v1/token`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
        res.on('error', reject)
      },
    )
    request.on('error', reject)
    request.write(body.slice(0, 10))
    finish = () => request.end(body.slice(10))
  })
  return { answered, finish: () => finish() }
}

/** A server of this test's own, on PostgreSQL when the run has one. */
async function ownServer(overrides: Partial<ServerOptions>) {
  const database = await freshPostgres()
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    seedAuditRows: 0,
    scryptLogN: 10,
    logLevel: 'silent',
    distDir: 'tests/server/no-dist',
    databaseUrl: database?.url ?? null,
    ...overrides,
  })
  return {
    running,
    done: async () => {
      await running.close()
      await database?.drop()
    },
  }
}

describe('liveness and readiness', () => {
  it('/health and /ready answer 200 on a running server', async () => {
    expect((await raw(`${server().url}/health`)).status).toBe(200)
    const ready = await raw(`${server().url}/ready`)
    expect(ready.status).toBe(200)
    expect(ready.headers['cache-control']).toBe('no-store')
    expect(readiness(ready)).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'applied',
      missing: [],
      held: [],
      draining: false,
    })
  })

  it('a migration the database lacks (an older backup restored) turns /ready to 503', async () => {
    const { db } = server().running.handle.services
    const last = migrationNames().at(-1) ?? ''
    await db.query('delete from schema_migrations where name = $1', [last])
    try {
      const ready = await raw(`${server().url}/ready`)
      expect(ready.status).toBe(503)
      expect(readiness(ready)).toMatchObject({
        status: 'not_ready',
        database: 'ok',
        migrations: 'missing',
        missing: [last],
      })
      expect((await raw(`${server().url}/health`)).status).toBe(200)
    } finally {
      await db.query('insert into schema_migrations (name) values ($1)', [last])
    }
    expect((await raw(`${server().url}/ready`)).status).toBe(200)
  })

  // The server's pool holds ten PostgreSQL connections (server/db/database.ts). PGlite runs each
  // query on the server's own thread: a long one stalls the whole process, /ready included, so
  // waiting on the database can only be seen on PostgreSQL.
  const poolSize = 10
  const onPostgres = it.skipIf(!process.env.TEST_DATABASE_URL)
  const postgresOnly = ' — PostgreSQL only (npm run test:server:pg)'

  onPostgres(
    `a database that holds every connection past the wait: 503, "timeout"${postgresOnly}`,
    async () => {
      const { db } = server().running.handle.services
      const held = Array.from({ length: poolSize }, () =>
        db.tx((q) => q.query('select pg_sleep(3)')),
      )
      await sleep(100)
      const ready = await raw(`${server().url}/ready`)
      expect(ready.status).toBe(503)
      expect(readiness(ready)).toMatchObject({ database: 'timeout', migrations: 'unknown' })
      await Promise.all(held)
      expect((await raw(`${server().url}/ready`)).status).toBe(200)
    },
    30_000,
  )

  onPostgres(
    `a database busy answering other queries keeps the server ready: 200, "busy"${postgresOnly}`,
    async () => {
      const { db } = server().running.handle.services
      // Three seconds of 50 ms queries queued on every connection: the check's own query waits
      // behind them past its 2 s, while answers keep coming back.
      const queued = Array.from({ length: poolSize * 60 }, () => db.query('select pg_sleep(0.05)'))
      await sleep(100)
      const ready = await raw(`${server().url}/ready`)
      expect(readiness(ready)).toMatchObject({ database: 'busy', migrations: 'applied' })
      expect(ready.status).toBe(200)
      await Promise.all(queued)
    },
    30_000,
  )

  it('a database that does not answer turns /ready to 503, /health stays 200', async () => {
    const own = await ownServer({})
    try {
      await own.running.handle.services.db.close()
      const ready = await raw(`${own.running.url}/ready`)
      expect(ready.status).toBe(503)
      expect(readiness(ready)).toMatchObject({
        status: 'not_ready',
        database: 'unreachable',
        migrations: 'unknown',
      })
      expect((await raw(`${own.running.url}/health`)).status).toBe(200)
    } finally {
      await own.done()
    }
  }, 60_000)
})

describe('shutdown (SIGTERM)', () => {
  const drainMs = 2000

  it('turns /ready to 503 first, serves for drainMs, then stops listening; in-flight requests finish', async () => {
    const own = await ownServer({ drainMs })
    const { url } = own.running
    try {
      const slow = slowSignIn(url)
      await sleep(100)
      const started = Date.now()
      const shutdown = own.running.shutdown()

      const ready = await raw(`${url}/ready`)
      expect(ready.status).toBe(503)
      expect(readiness(ready)).toMatchObject({ status: 'not_ready', draining: true })
      // Still served, new connections too, each told to close so keep-alive clients move on.
      const health = await raw(`${url}/health`)
      expect(health.status).toBe(200)
      expect(health.headers.connection).toBe('close')
      await sleep(drainMs / 2)
      expect((await raw(`${url}/health`)).status).toBe(200)

      await sleep(drainMs / 2 + 300)
      await expect(raw(`${url}/health`)).rejects.toThrow(/ECONNREFUSED/)
      // The request that was running all along still gets its answer.
      slow.finish()
      const answer = await slow.answered
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toHaveProperty('access_token')
      await shutdown
      expect(Date.now() - started).toBeGreaterThanOrEqual(drainMs)
    } finally {
      await own.done()
    }
  }, 60_000)

  it('cuts a request still running drainMs after the listener closed', async () => {
    const own = await ownServer({ drainMs })
    try {
      const slow = slowSignIn(own.running.url)
      const cut = expect(slow.answered).rejects.toThrow(/socket hang up|ECONNRESET/)
      await sleep(100)
      const started = Date.now()
      await own.running.shutdown()
      const took = Date.now() - started
      expect(took).toBeGreaterThanOrEqual(2 * drainMs)
      expect(took).toBeLessThan(2 * drainMs + 3000)
      await cut
    } finally {
      await own.done()
    }
  }, 60_000)

  it('main.ts drains on SIGTERM and exits 0', async () => {
    const database = await freshPostgres()
    const child = spawnMain({
      LOG_LEVEL: 'error',
      DRAIN_MS: String(drainMs),
      ...(database ? { DATABASE_URL: database.url } : {}),
    })
    try {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      for (let waited = 0; !/Access console: (\S+)/.test(output); waited += 100) {
        if (child.exitCode !== null || waited > 90_000) throw new Error(`no start: ${output}`)
        await sleep(100)
      }
      const url = /Access console: (\S+)/.exec(output)?.[1] ?? ''
      expect((await raw(`${url}/ready`)).status).toBe(200)
      const signalled = Date.now()
      child.kill('SIGTERM')
      let ready = await raw(`${url}/ready`)
      for (let tries = 0; ready.status === 200 && tries < 20; tries++) {
        await sleep(25)
        ready = await raw(`${url}/ready`)
      }
      expect(ready.status).toBe(503)
      expect(Date.now() - signalled).toBeLessThan(drainMs)
      expect((await raw(`${url}/health`)).status).toBe(200)
      expect(await exited).toBe(0)
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(drainMs)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      await database?.drop()
    }
  }, 120_000)
})
