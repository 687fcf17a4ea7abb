/**
 * The leaver (issue 66, decisions 073 and 074), against the reference server on embedded PGlite
 * and then PostgreSQL, printed with the machine's load and a control:
 *
 * - offboarding: five people, each with 200 credentials on 200 doors of one building (a connected
 *   lock on each door holding them), offboarded one after another through
 *   `POST /access/v1/users/{id}/offboard`; every answer ≤ 1 s;
 * - the drain: 100 connected locks that hold PINs in one location and 100 credentials on it,
 *   queued in one resync: 10,000 lock changes; the time until the lock sync job has applied every
 *   one, ≤ 20 s PostgreSQL, ≤ 40 s embedded.
 *
 * The simulated locks neither wait nor fail here (a test server's settings), so what is measured
 * is the server. Run: npm run bench:leaver (`-- --embedded` leaves PostgreSQL out).
 */
import { performance } from 'node:perf_hooks'
import { resyncCredentials } from '../server/access/lock-sync'
import { apiToken } from './helpers/api-token'
import { againOnPostgres } from './helpers/again-on-postgres'
import { controlLine, startInProcess } from './helpers/in-process'

const LOCKS = 100
const CREDENTIALS = 100
const LEAVERS = 5
const DOORS = 200
const POSTGRES_ONLY = process.argv.includes('--postgres')
const EMBEDDED_ONLY = process.argv.includes('--embedded')

type Server = Awaited<ReturnType<typeof startInProcess>>

/** Waits until no lock change is queued. */
async function drained(server: Server) {
  const { db } = server.handle.services
  for (;;) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from lock_changes where state = 'queued'`,
    )
    if ((row?.n ?? 0) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** `count` staff people of Acme named `<last> Person n`, as `<last>.n@bench.example`. */
function insertPeople(server: Server, last: string, count: number) {
  return server.handle.services.db.query<{ user_id: number }>(
    `insert into users (organization_id, username, email, first_name, last_name, roles)
     select 1, lower($1) || '.' || n, lower($1) || '.' || n || '@bench.example', $1, 'Person ' || n,
       array['staff'] from generate_series(1, $2::int) n returning user_id`,
    [last, count],
  )
}

/** Five people with a credential on each of 200 doors, on the locks; each offboarded, timed. */
async function offboarding(server: Server) {
  const { db, lockSyncJob } = server.handle.services
  const [place] = await db.query<{ location_id: number }>(
    `insert into locations (organization_id, name) values (1, 'Leaver offboarding (bench)')
     returning location_id`,
  )
  const location = place?.location_id ?? 0
  const [floor] = await db.query<{ floor_id: number }>(
    `insert into floors (location_id, organization_id, name, position) values ($1, 1, 'Hall', 0)
     returning floor_id`,
    [location],
  )
  const [room] = await db.query<{ room_id: number }>(
    `insert into rooms (floor_id, location_id, organization_id, name) values ($1, $2, 1, 'Hall')
     returning room_id`,
    [floor?.floor_id, location],
  )
  const doors = await db.query<{ door_id: number }>(
    `insert into doors (room_id, floor_id, location_id, organization_id, name)
     select $1, $2, $3, 1, 'Leaver door ' || n from generate_series(1, $4::int) n returning door_id`,
    [room?.room_id, floor?.floor_id, location, DOORS],
  )
  await db.query(
    `insert into devices (organization_id, name, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, assignment_type, assignment_id, location_id)
     select 1, 'Leaver lock ' || d, 'lock', (select min(manufacturer_id) from manufacturers),
       'LEAVER-' || d, array['program_offline_access_codes'], true, 'door', d, $1
     from unnest($2::int[]) d`,
    [location, doors.map((d) => d.door_id)],
  )
  const people = await insertPeople(server, 'Leaver', LEAVERS)
  const credentials = await db.query<{ credential_id: number }>(
    `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
       start_datetime, permanent)
     select 1, u, 'door', d, now(), true
     from unnest($1::int[]) u cross join unnest($2::int[]) d returning credential_id`,
    [people.map((p) => p.user_id), doors.map((d) => d.door_id)],
  )
  await db.query('analyze')
  await db.tx((q) =>
    resyncCredentials(
      q,
      credentials.map((c) => c.credential_id),
    ),
  )
  lockSyncJob.wake()
  await drained(server)
  const token = await apiToken(server.url)
  const times: number[] = []
  for (const person of people) {
    const started = performance.now()
    const response = await fetch(`${server.url}/access/v1/users/${person.user_id}/offboard`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    const body: unknown = await response.json()
    times.push(performance.now() - started)
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`)
  }
  times.sort((a, b) => a - b)
  const worst = times[times.length - 1] ?? Number.NaN
  process.stdout.write(
    `  offboarding a person with ${DOORS} credentials on ${DOORS} locks: median ${(times[Math.floor(times.length / 2)] ?? Number.NaN).toFixed(0)} ms, slowest ${worst.toFixed(0)} ms of ${LEAVERS} (budget ≤ 1,000 ms: ${worst <= 1000 ? 'met' : 'MISSED'})\n`,
  )
  await drained(server)
}

async function run(name: string, databaseUrl: string | null, budgetS: number) {
  const server = await startInProcess(databaseUrl)
  try {
    const { db, lockSyncJob } = server.handle.services
    process.stdout.write(`${name}\n`)
    await offboarding(server)
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
    const people = await insertPeople(server, 'Drain', CREDENTIALS)
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
    await drained(server)
    const doneS = (performance.now() - started) / 1000
    process.stdout.write(
      `  the drain: ${queued.toLocaleString('en')} lock changes (${LOCKS} locks × ${CREDENTIALS} credentials) drained in ${doneS.toFixed(1)} s (budget ≤ ${budgetS} s: ${doneS <= budgetS ? 'met' : 'MISSED'})\n`,
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
  process.stdout.write(`The leaver: offboarding, and 10,000 queued lock changes drained\n`)
  await run('embedded PGlite', null, 40)
  if (!EMBEDDED_ONLY) await againOnPostgres('bench/leaver.ts')
}
