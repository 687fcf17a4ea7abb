import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'

/**
 * The server as `npm start` runs it: the bundle of server/main.ts that the test run's global setup
 * brought up to date with the sources (template-setup.ts). A start through tsx's loader took 2 s
 * more of a core, compiling the sources one by one, and the run starts some sixty servers.
 * `--liftoff-only` keeps V8 from optimising the embedded database's WebAssembly again in the
 * background: a server that lives for seconds never gains back what that costs (a start took 3.6 s
 * of a core instead of 5.4; the six files that start servers on it, 72–76 s of CPU instead of
 * 87–92). The code it runs is the same; a server that lives for long, and the test workers, keep
 * V8's default (Liftoff alone made the workers' database tests 6 % slower).
 */
export const SERVER_ARGS = ['--liftoff-only', 'dist-server/main.mjs'] as const

/**
 * The server as an operator runs it, on an empty in-memory database that stops at once on
 * SIGTERM; `env` adds or overrides settings. A demo seeds its people's passwords at the test
 * servers' hash cost (a production cost took 1.2 s of each start; outside demo mode it is refused).
 */
export function spawnMain(env: Record<string, string>) {
  return spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: 'memory://',
      SEED_AUDIT_ROWS: '0',
      DRAIN_MS: '0',
      ...(env.DEMO_MODE === '0' ? {} : { SCRYPT_LOG_N: '10' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

export interface ServerProcess {
  url: string
  child: ChildProcess
}

/**
 * The factor secrets' key of every spawned server on PostgreSQL: without it a demo server makes
 * one in DATA_DIR (./data), which then holds a file but no database and stops the next `npm start`
 * on the embedded one; and servers sharing a database must share the key.
 */
export const SHARED_TEST_KEY = { MFA_ENCRYPTION_KEY: 'the-test-servers-shared-key-of-32-chars' }

/**
 * The server as `npm start` runs it, on a free port against the PostgreSQL at `databaseUrl`
 * (several of them share one database, as behind a load balancer); answers once it listens. `env`
 * adds or overrides settings.
 */
export async function startOnPostgres(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: databaseUrl,
      SEED_AUDIT_ROWS: '50',
      LOG_LEVEL: 'error',
      ...SHARED_TEST_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => (output += chunk.toString())
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  for (let waited = 0; !/Access console: (\S+)/.test(output); waited += 100) {
    if (child.exitCode !== null || waited > 90_000)
      throw new Error(`server did not start: ${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url: /Access console: (\S+)/.exec(output)?.[1] ?? '', child }
}

/** Sends what this process writes to stdout and stderr to `take` instead of the terminal. */
function divertOutput(take: (text: string) => void) {
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      take(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString())
      return true
    })
  }
}

/**
 * What this process writes to stdout and stderr during each test (the in-process server's log),
 * instead of the terminal; the returned function reads it.
 */
export function captureOutput(): () => string {
  let logged = ''
  beforeEach(() => {
    logged = ''
    divertOutput((text) => (logged += text))
  })
  afterEach(() => vi.restoreAllMocks())
  return () => logged
}

/**
 * What this process writes from the suite's start on (a server's start, in a `beforeAll` after
 * this one), until captureOutput takes over for the first test; the returned function reads it.
 */
export function captureFromStart(): () => string {
  let text = ''
  beforeAll(() => divertOutput((chunk) => (text += chunk)))
  return () => text
}

/** The log's lines as JSON objects; a line that is not one JSON object fails the test. */
export function logLines(logged: string): Record<string, unknown>[] {
  return logged
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const parsed: unknown = JSON.parse(line)
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error(`not a JSON object: ${line}`)
      }
      return parsed as Record<string, unknown>
    })
}
