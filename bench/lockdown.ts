/**
 * A lockdown of a site with 1,000 connected locks, against the reference server: the time from the
 * start request until every device's lock is done (its audit row written), on the embedded PGlite
 * and on a throwaway PostgreSQL. Budgets (issue 48): ≤ 20 s embedded, ≤ 10 s PostgreSQL.
 * Run: npm run bench:lockdown
 */
import { performance } from 'node:perf_hooks'
import { startServer } from '../server/main'
import { Lockdown, LOCKDOWNS_PATH, lockdownPath } from '../src/contract/lockdowns'
import { create } from '../src/contract/struct'
import { apiToken } from './helpers/api-token'
import { againOnPostgres } from './helpers/again-on-postgres'
import { machineLine } from './helpers/machine'
import { seedLockSite } from './helpers/seed-site'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000)
const POSTGRES_ONLY = process.argv.includes('--postgres')

async function run(name: string, databaseUrl: string | null, budgetS: number) {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl,
    seedAuditRows: 0,
    logLevel: 'warn',
    distDir: 'bench/no-dist',
  })
  try {
    const db = server.handle.services.db
    const site = await seedLockSite(
      <T>(sql: string, params?: unknown[]) => db.query<T & object>(sql, params),
      DEVICES,
    )
    const token = await apiToken(server.url)
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const started = performance.now()
    const answer = await fetch(`${server.url}${LOCKDOWNS_PATH}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ scope_type: 'location', scope_id: site, reason: 'Bench' }),
    })
    if (answer.status !== 201) throw new Error(`start: ${answer.status} ${await answer.text()}`)
    const answeredMs = performance.now() - started
    const { lockdown_id: id } = create(await answer.json(), Lockdown)
    // Meanwhile another user reads the device list's first page, as the console would.
    const pages: number[] = []
    let done = false
    const reader = (async () => {
      while (!done) {
        const sent = performance.now()
        await (
          await fetch(`${server.url}/sbm/v1/devices?start=0&length=15`, { headers: auth })
        ).json()
        pages.push(performance.now() - sent)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    let lockdown: Lockdown
    for (;;) {
      const reply = await fetch(`${server.url}${lockdownPath(id)}`, { headers: auth })
      lockdown = create(((await reply.json()) as { lockdown: unknown }).lockdown, Lockdown)
      if (lockdown.devices.pending === 0) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const doneS = (performance.now() - started) / 1000
    done = true
    await reader
    pages.sort((a, b) => a - b)
    const p95 = pages[Math.floor(pages.length * 0.95)] ?? Number.NaN
    const { locked, not_reached, failed } = lockdown.devices
    process.stdout.write(
      `${name}: start answered in ${answeredMs.toFixed(0)} ms; all ${DEVICES} done in ${doneS.toFixed(1)} s ` +
        `(${((doneS * 1000) / DEVICES).toFixed(1)} ms per device; budget ≤ ${budgetS} s: ${doneS <= budgetS ? 'met' : 'MISSED'}); ` +
        `locked ${locked}, not reached ${not_reached}, failed ${failed}; ` +
        `another user's device page meanwhile p95 ${p95.toFixed(0)} ms (${pages.length} pages)\n`,
    )
  } finally {
    await server.close()
  }
}

if (POSTGRES_ONLY) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('--postgres runs under scripts/with-postgres.sh')
  await run('PostgreSQL', url, 10)
} else {
  process.stdout.write(`Lockdown of ${DEVICES} connected locks\n${machineLine()}\n`)
  await run('embedded PGlite', null, 20)
  await againOnPostgres('bench/lockdown.ts')
}
