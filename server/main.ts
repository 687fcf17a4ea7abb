import { pathToFileURL } from 'node:url'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp, type AppHandle, type StartOptions } from './app'
import {
  ConfigError,
  demoExposure,
  optionsFromEnv,
  withDefaults,
  type ServerOptions,
} from './config'
import { pagesFirst, type Fetch } from './http/pages-first'
import { demoUsers, DEMO_PASSWORD } from './db/seed-data'

export interface RunningServer {
  url: string
  port: number
  handle: AppHandle
  /** Stops at once: idle connections close, requests still running finish. */
  close(): Promise<void>
  /**
   * Stops gracefully (SIGTERM): /ready answers 503 at once while every request is still served for
   * `drainMs`; then the listener closes, and requests still running get `drainMs` more before their
   * connections are cut.
   */
  shutdown(): Promise<void>
}

/** How long the server keeps an idle keep-alive connection open: well past a client's 5 s. */
const KEEP_ALIVE_IDLE_MS = 65_000

/**
 * Starts the API (and the built console) on `port`; port 0 picks a free one (tests). It listens
 * once the database is ready and `beforeListening` (the console's build, scripts/start.ts) is done.
 * With `start.listenFirst` it listens once the build is done: the console's pages answer while the
 * database opens, and on a first start while it is seeded (server/http/pages-first.ts,
 * server/app.ts); it resolves once the database is open.
 */
export async function startServer(
  overrides: Partial<ServerOptions> = {},
  beforeListening: Promise<unknown> = Promise.resolve(),
  start: StartOptions = {},
): Promise<RunningServer> {
  // Marked as handled now: a build failing while the database opens is reported below, once.
  beforeListening.catch(() => undefined)
  const opening = createApp(overrides, start)
  opening.catch(() => undefined)
  try {
    await beforeListening
  } catch (error) {
    await opening.then(
      (opened) => opened.close(),
      () => undefined,
    )
    throw error
  }
  const options = withDefaults(overrides)
  // With `listenFirst`, what needs no database answers while it opens (server/http/pages-first.ts);
  // else the server listens once it is open.
  let opened: AppHandle | null = start.listenFirst ? null : await opening
  const pagesUntilOpen = (): Fetch => {
    const early = pagesFirst(options.distDir, options.bootAnswersBudgetMs, opening)
    return (request, env) => (opened ? opened.app.fetch(request, env) : early(request, env))
  }
  const server = serve({
    fetch: opened ? opened.app.fetch : pagesUntilOpen(),
    port: options.port,
    hostname: options.host,
  })
  // Node's server default is 5 s. A client that reuses a pooled socket without reading the
  // Keep-Alive hint (Playwright's API client does) could send just as the server closed it and get
  // ECONNRESET; a CI run lost a test to it. server.close() still closes idle sockets at once.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_IDLE_MS
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  const closeListener = (cutAfterMs: number | null) =>
    new Promise<void>((resolve) => {
      // close() stops accepting and closes idle sockets; busy ones close after their answer.
      server.close(() => resolve())
      if (cutAfterMs === null || !('closeAllConnections' in server)) return
      setTimeout(() => server.closeAllConnections(), cutAfterMs).unref()
    })
  try {
    opened ??= await opening
  } catch (error) {
    await closeListener(null)
    throw error
  }
  const handle = opened
  const host = ['0.0.0.0', '::'].includes(options.host)
    ? 'localhost'
    : options.host.includes(':')
      ? `[${options.host}]`
      : options.host
  return {
    url: `http://${host}:${port}`,
    port,
    handle,
    close: async () => {
      await closeListener(null)
      await handle.close()
    },
    shutdown: async () => {
      handle.services.lifecycle.draining = true
      await new Promise((resolve) => setTimeout(resolve, options.drainMs))
      await closeListener(options.drainMs)
      await handle.close()
    },
  }
}

async function main(beforeListening: Promise<unknown> | undefined, start: StartOptions) {
  const running = await startServer(optionsFromEnv(process.env), beforeListening, start)
  running.handle.settled?.catch((error: unknown) => {
    process.stderr.write(
      `The first start's seed failed: ${String(error instanceof Error ? error.stack : error)}\n`,
    )
    process.exit(1)
  })
  const { options } = running.handle.services
  const lines = [
    `Access console: ${running.url}`,
    `Database: ${options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${options.dataDir}`}`,
    ...(options.demoMode
      ? [
          `Demo logins (password ${DEMO_PASSWORD}):`,
          ...demoUsers.map((u) => `  ${u.email.padEnd(24)} ${u.role}`),
          `Outbox (reset and invite links, from this machine): ${running.url}/dev/outbox`,
        ]
      : []),
  ]
  // Printed whatever LOG_LEVEL says: whoever started the server must see it. It comes before the
  // address, so whoever has seen the address has seen the warning (a test stops the server then).
  const exposure = demoExposure(options)
  if (exposure) process.stderr.write(`${exposure}\n`)
  process.stdout.write(`${lines.join('\n')}\n`)
  // SIGTERM is how a supervisor or an orchestrator retires a server behind a load balancer: drain.
  // SIGINT is someone at a terminal pressing Ctrl+C: stop at once.
  const exit = () => process.exit(0)
  process.once('SIGINT', () => void running.close().then(exit))
  process.once('SIGTERM', () => void running.shutdown().then(exit))
}

/**
 * Runs the server as `node dist-server/main.mjs` (or `tsx server/main.ts`) does: it listens once
 * everything is done, seed included, so whoever waits for its address or /health finds the data
 * there. `npm start` passes the console's build along, and `listenFirst`: /login answers while the
 * database opens and a first start's demo data is seeded, and a sign-in waits for both.
 */
export function runMain(beforeListening?: Promise<unknown>, start: StartOptions = {}) {
  main(beforeListening, start).catch((error: unknown) => {
    // A setting that cannot run: one line per problem, exit 2, and nothing was started.
    if (error instanceof ConfigError) {
      process.stderr.write(error.problems.map((p) => `Configuration: ${p}\n`).join(''))
      process.exit(2)
    }
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`)
    process.exit(1)
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runMain()
