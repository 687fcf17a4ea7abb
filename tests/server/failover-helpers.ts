import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { freshPostgres } from './helpers'
import { startOnPostgres, type ServerProcess } from './process-helpers'

/**
 * Two server processes on one fresh, seeded PostgreSQL (TEST_DATABASE_URL), with the jobs' short
 * lease and quick poll (and `env` beside them), and a client on that database: a failover test
 * kills one server half-way through a job and watches the other finish it. Both are killed when
 * the file ends.
 */
export function useTwoServersOnPostgres(extra: Record<string, string> = {}) {
  let database: Awaited<ReturnType<typeof freshPostgres>> = null
  let connected: pg.Client | undefined
  const started: ServerProcess[] = []

  beforeAll(async () => {
    database = await freshPostgres({ seeded: true })
    if (!database) throw new Error('no PostgreSQL')
    connected = new pg.Client({ connectionString: database.url })
    await connected.connect()
    const env = {
      LOCKDOWN_LEASE_MS: '1500',
      LOCKDOWN_POLL_MS: '200',
      WEBHOOK_LEASE_MS: '3000',
      WEBHOOK_POLL_MS: '100',
      ...extra,
    }
    started.push(await startOnPostgres(database.url, env), await startOnPostgres(database.url, env))
  }, 180_000)

  afterAll(async () => {
    for (const server of started) server.child.kill('SIGKILL')
    await connected?.end()
    await database?.drop()
  })

  return {
    servers(): [ServerProcess, ServerProcess] {
      const [first, second] = started
      if (!first || !second) throw new Error('servers not started')
      return [first, second]
    },
    client(): pg.Client {
      if (!connected) throw new Error('no client')
      return connected
    },
  }
}
