import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

export interface BenchServer {
  url: string
  /** The server's own process (no tsx launcher in between): its CPU time is the server's. */
  pid: number | undefined
  stop: () => Promise<void>
}

/** A port nobody listens on now, so parallel runs (e2e, bench) never collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The real reference server on an in-memory database seeded with `rows` audit entries; `env` adds
 * or overrides settings (another DATA_DIR, a DATABASE_URL, LOG_LEVEL). `stop` sends SIGTERM: the
 * server drains and exits, and a `--cpu-prof` profile is written.
 */
export async function startBenchServer({
  rows,
  port: wanted,
  env = {},
  nodeOptions = [],
}: {
  rows: number
  port?: number
  env?: Record<string, string>
  /** Node's own flags for the server (`--cpu-prof`, say). */
  nodeOptions?: string[]
}) {
  const port = wanted ?? (await freePort())
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: 'memory://',
      SEED_AUDIT_ROWS: String(rows),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The server exited early (code ${code})`))),
  )
  const deadline = Date.now() + 180_000
  const ready = (async () => {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${url}/health`)).ok) return
      } catch {
        // Not listening yet: seeding a million rows takes a few seconds.
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error('The server did not become healthy within 180 s')
  })()
  try {
    await Promise.race([ready, exited])
  } catch (error) {
    child.kill()
    throw error
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill()
    })
  return { url, pid: child.pid, stop } satisfies BenchServer
}
