import { pathToFileURL } from 'node:url'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp, type AppHandle } from './app'
import { demoExposure, optionsFromEnv, type ServerOptions } from './config'
import { demoUsers, DEMO_PASSWORD } from './db/seed-data'

export interface RunningServer {
  url: string
  port: number
  handle: AppHandle
  close(): Promise<void>
}

/** How long the server keeps an idle keep-alive connection open: well past a client's 5 s. */
const KEEP_ALIVE_IDLE_MS = 65_000

/** Starts the API (and the built console) on `port`; port 0 picks a free one (tests). */
export async function startServer(overrides: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const handle = await createApp(overrides)
  const { options } = handle.services
  const server = serve({ fetch: handle.app.fetch, port: options.port, hostname: options.host })
  // Node's server default is 5 s. A client that reuses a pooled socket without reading the
  // Keep-Alive hint (Playwright's API client does) could send just as the server closed it and get
  // ECONNRESET; a CI run lost a test to it. server.close() still closes idle sockets at once.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_IDLE_MS
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
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
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await handle.close()
    },
  }
}

async function main() {
  const running = await startServer(optionsFromEnv(process.env))
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
  const stop = () => {
    void running.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`)
    process.exit(1)
  })
}
