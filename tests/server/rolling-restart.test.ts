import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { ADMIN, PASSWORD, freshPostgres, shaped } from './helpers'
import { SERVER_ARGS, SHARED_TEST_KEY } from './process-helpers'

// Two real servers on one PostgreSQL behind a load balancer that routes only to servers whose
// /ready answers 200; each server in turn is retired with SIGTERM and started again while 50
// clients keep reading and writing. Nothing may fail, and every acknowledged write is there once.
// PGlite is one process's own database: two servers cannot share it.
const postgres = process.env.TEST_DATABASE_URL
const title = postgres
  ? 'rolling restart of two servers behind a load balancer'
  : 'rolling restart of two servers behind a load balancer — skipped: needs TEST_DATABASE_URL (npm run test:server:pg)'

// A draining server must go on serving until the balancer has seen its 503: longer than a probe
// interval plus the time a busy server takes to answer one (docs/operations.md, DRAIN_MS).
const DRAIN_MS = 3000
const CLIENTS = 50
/** The load runs at least this long, and until both restarts are done and 2 s more. */
const MIN_LOAD_MS = 20_000
const PROBE_MS = 100
// A probe refused (nothing listens) comes back at once, so five in a row take half a second; a
// server too busy to answer within PROBE_TIMEOUT_MS five times in a row is out after ten seconds.
const DOWN_AFTER = 5
const PROBE_TIMEOUT_MS = 2000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Backend {
  port: number
  child: ChildProcess
  exited: Promise<number | null>
}

/** The server (process-helpers.ts, SERVER_ARGS) on `port` (0: any), answering once it listens. */
async function startBackend(databaseUrl: string, port: number): Promise<Backend> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_AUDIT_ROWS: '50',
      LOG_LEVEL: 'error',
      DRAIN_MS: String(DRAIN_MS),
      ...SHARED_TEST_KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  for (let waited = 0; !/Access console: \S+:(\d+)/.test(output); waited += 50) {
    if (child.exitCode !== null || waited > 90_000) throw new Error(`no start: ${output}`)
    await sleep(50)
  }
  return { port: Number(/Access console: \S+:(\d+)/.exec(output)?.[1]), child, exited }
}

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding'])
const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)))

/**
 * The load balancer: probes each backend's /ready every PROBE_MS, sends each request to the next
 * ready backend over pooled keep-alive connections, and never retries. A 503 from /ready takes a
 * backend out at once; a probe without an answer (a busy server) only after DOWN_AFTER in a row,
 * as load balancers' unhealthy thresholds do. A request it could not deliver answers 502 or 503,
 * which the test counts as a failure.
 */
async function startBalancer(ports: readonly number[], note: (event: string) => void) {
  const ready = new Set<number>()
  const silent = new Map<number, number>()
  const last = new Map<number, string>()
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
  let probing = true
  const probe = (port: number) =>
    new Promise<'ready' | 'not_ready' | 'silent'>((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/ready', agent: false, timeout: PROBE_TIMEOUT_MS },
        (res) => {
          res.resume()
          resolve(res.statusCode === 200 ? 'ready' : 'not_ready')
        },
      )
      request.on('timeout', () => request.destroy())
      request.on('error', () => resolve('silent'))
    })
  // One loop per backend: a slow answer from one never delays noticing the other's 503.
  const probes = Promise.all(
    ports.map(async (port) => {
      while (probing) {
        const answer = await probe(port)
        last.set(port, answer)
        silent.set(port, answer === 'silent' ? (silent.get(port) ?? 0) + 1 : 0)
        const was = ready.has(port)
        if (answer === 'ready') ready.add(port)
        else if (answer === 'not_ready' || (silent.get(port) ?? 0) >= DOWN_AFTER) {
          ready.delete(port)
        }
        if (was !== ready.has(port)) note(`${port} ${ready.has(port) ? 'in' : `out (${answer})`}`)
        await sleep(PROBE_MS)
      }
    }),
  )
  let turn = 0
  const server = http.createServer((req, res) => {
    const targets = ports.filter((p) => ready.has(p))
    const port = targets[turn++ % Math.max(targets.length, 1)]
    if (port === undefined) {
      res.writeHead(503).end('no ready backend')
      return
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: endToEnd(req.headers),
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers))
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502)
      res.end(`backend ${port}: ${error.message}`)
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    isReady: (port: number) => ready.has(port),
    /** The last probe's answer of each backend, for a failure's message. */
    probed: () => JSON.stringify(Object.fromEntries(last)),
    close: async () => {
      probing = false
      await probes
      agent.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe.skipIf(!postgres)(title, () => {
  let database: Awaited<ReturnType<typeof freshPostgres>> = null
  const backends: Backend[] = []

  beforeAll(async () => {
    database = await freshPostgres()
    if (!database) throw new Error('TEST_DATABASE_URL is set but no database was made')
    const url = database.url
    backends.push(...(await Promise.all([startBackend(url, 0), startBackend(url, 0)])))
  }, 120_000)

  afterAll(async () => {
    for (const backend of backends) {
      if (backend.child.exitCode === null) {
        backend.child.kill('SIGKILL')
        await backend.exited
      }
    }
    await database?.drop()
  })

  it('loses no request and no write while each server is restarted in turn', async () => {
    const databaseUrl = database?.url ?? ''
    const ports = backends.map((b) => b.port)
    const started = Date.now()
    // What happened when, for a failure's message.
    const timeline: string[] = []
    const note = (event: string) => timeline.push(`${Date.now() - started} ms ${event}`)
    const balancer = await startBalancer(ports, note)
    const failures: string[] = []
    const acknowledged: string[] = []
    let requests = 0
    try {
      for (let waited = 0; !ports.every((p) => balancer.isReady(p)); waited += 50) {
        if (waited > 10_000)
          throw new Error(`the balancer never saw both backends ready: ${balancer.probed()}`)
        await sleep(50)
      }
      const signIn = await fetch(`${balancer.url}/auth/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: ADMIN, password: PASSWORD }).toString(),
      })
      const token = shaped(await signIn.json(), TokenPair).access_token
      const authorization = `Bearer ${token}`
      const run = `rolling-${Date.now()}`

      const loadStarted = Date.now()
      let loading = true
      const client = async (id: number) => {
        for (let n = 0; loading; n++) {
          const name = `${run}-${id}-${n}`
          const write = n % 3 === 0
          const request = write
            ? fetch(`${balancer.url}/org/v1/organizations`, {
                method: 'POST',
                headers: { authorization, 'content-type': 'application/json' },
                body: JSON.stringify({ name, client_ids: [name] }),
              })
            : fetch(
                n % 3 === 1
                  ? `${balancer.url}/sbm/v1/devices/audit?length=15`
                  : `${balancer.url}/org/v1/organizations?length=15&search=${run}`,
                { headers: { authorization } },
              )
          requests++
          try {
            const reply = await request
            const text = await reply.text()
            if (!reply.ok) note(`failed: ${reply.status} ${text.slice(0, 200)}`)
            if (!reply.ok) failures.push(`${reply.status} ${text.slice(0, 200)}`)
            else if (write) acknowledged.push(name)
          } catch (error) {
            note(`failed: ${String(error)}`)
            failures.push(`network: ${String(error)}`)
          }
        }
      }
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)))

      // Each server in turn: SIGTERM, wait for it to exit, start it on its port, wait until the
      // balancer routes to it again. The other server carries the load meanwhile.
      await sleep(2000)
      for (const [index, backend] of backends.entries()) {
        note(`${backend.port} SIGTERM`)
        backend.child.kill('SIGTERM')
        expect(await backend.exited).toBe(0)
        note(`${backend.port} exited`)
        const again = await startBackend(databaseUrl, backend.port)
        note(`${backend.port} listening again`)
        backends[index] = again
        for (let waited = 0; !balancer.isReady(again.port); waited += 50) {
          if (waited > 10_000)
            throw new Error(`backend ${again.port} never became ready again: ${balancer.probed()}`)
          await sleep(50)
        }
        await sleep(1000)
      }
      await sleep(Math.max(2000, loadStarted + MIN_LOAD_MS - Date.now()))
      loading = false
      await load

      let shown = 0
      const story = timeline.filter((e) => !e.includes(' failed: ') || shown++ < 10).join('\n')
      expect(failures.length, `${failures.length} requests failed:\n${story}`).toBe(0)
      expect(requests).toBeGreaterThan(CLIENTS * 10)
      expect(acknowledged.length).toBeGreaterThan(CLIENTS)
      const sql = new pg.Client({ connectionString: databaseUrl })
      await sql.connect()
      try {
        const { rows } = await sql.query<{ name: string; n: number }>(
          'select name, count(*)::int as n from organizations where name like $1 group by name',
          [`${run}-%`],
        )
        const stored = new Map(rows.map((r) => [r.name, r.n]))
        expect(acknowledged.filter((name) => stored.get(name) !== 1)).toEqual([])
        // No write happened that was not acknowledged either.
        expect(stored.size).toBe(acknowledged.length)
      } finally {
        await sql.end()
      }
    } finally {
      await balancer.close()
    }
  }, 60_000)
})
