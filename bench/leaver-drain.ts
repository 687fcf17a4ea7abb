/**
 * The leaver's drain (issue 66, decision 073), against the reference server on embedded PGlite and
 * then PostgreSQL: 100 connected locks that hold PINs in one location and 100 credentials on it,
 * queued in one resync: 10,000 lock changes. The time until the lock sync job has applied every
 * one: ≤ 20 s PostgreSQL, ≤ 40 s embedded. The simulated locks neither wait nor fail here (a test
 * server's settings), so what is measured is the job. Printed with the machine's load.
 * Run: npm run bench:leaver (`-- --embedded` leaves PostgreSQL out).
 */
import { performance } from 'node:perf_hooks'
import { resyncCredentials } from '../server/access/lock-sync'
import { againOnPostgres } from './helpers/again-on-postgres'
import { controlLine, startInProcess } from './helpers/in-process'

const LOCKS = 100
const CREDENTIALS = 100
const POSTGRES_ONLY = process.argv.includes('--postgres')
const EMBEDDED_ONLY = process.argv.includes('--embedded')

async function run(name: string, databaseUrl: string | null, budgetS: number) {
  const server = await startInProcess(databaseUrl)
  try {
    const { db, lockSyncJob } = server.handle.services
    const [place] = await db.query<{ location_id: number }>(
      `insert into locations (organization_id, name) values (1, 'Leaver drain (bench)')
       returning location_id`,
    )
    const location = place?.location_id ?? 0
    await db.query(
      `insert into devices (organization_id, name, device_type_id, manufacturer_id,
         device_id_manufacturer, capabilities, connected, assignment_type, assignment_id, location_id)
       select 1, 'Drain lock ' || n, 'lock', (select min(manufacturer_id) from manufacturers),
         'DRAIN-' || n, array['program_offline_access_codes'], true, 'location', $1, $1
       from generate_series(1, $2::int) n`,
      [location, LOCKS],
    )
    const people = await db.query<{ user_id: number }>(
      `insert into users (organization_id, username, email, first_name, last_name, roles)
       select 1, 'drain.' || n, 'drain.' || n || '@bench.example', 'Drain', 'Person ' || n,
         array['staff'] from generate_series(1, $1::int) n returning user_id`,
      [CREDENTIALS],
    )
    const credentials = await db.query<{ credential_id: number }>(
      `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
         start_datetime, permanent)
       select 1, u, 'location', $1, now(), true from unnest($2::int[]) u returning credential_id`,
      [location, people.map((p) => p.user_id)],
    )
    await db.query('analyze')
    const queued = await db.tx((q) =>
      resyncCredentials(
        q,
        credentials.map((c) => c.credential_id),
      ),
    )
    const started = performance.now()
    lockSyncJob.wake()
    let left = queued
    while (left > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from lock_changes where state = 'queued'`,
      )
      left = row?.n ?? 0
    }
    const doneS = (performance.now() - started) / 1000
    process.stdout.write(
      `${name}: ${queued.toLocaleString('en')} lock changes (${LOCKS} locks × ${CREDENTIALS} credentials) drained in ${doneS.toFixed(1)} s (budget ≤ ${budgetS} s: ${doneS <= budgetS ? 'met' : 'MISSED'})\n`,
    )
    process.stdout.write(await controlLine(server.url))
  } finally {
    await server.close()
  }
}

if (POSTGRES_ONLY) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('--postgres runs under scripts/with-postgres.sh')
  await run('PostgreSQL', url, 20)
} else {
  process.stdout.write(`The leaver's drain: 10,000 queued lock changes\n`)
  await run('embedded PGlite', null, 40)
  if (!EMBEDDED_ONLY) await againOnPostgres('bench/leaver-drain.ts')
}
