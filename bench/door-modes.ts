/**
 * Door modes at the size of a real site (issue 65, decisions 069–071), against the reference
 * server on embedded PGlite and then PostgreSQL:
 *
 * - the site of real size (bench/helpers/seed-site.ts: 1,000 doors, locks on 700 of them, every
 *   23rd device offline), every door given a mode schedule unlocked 07:00–18:00 every day on the
 *   place's clock (Europe/Berlin); the server's clock set to 06:58, the job settled, then moved to
 *   07:00: the time until every lock's row of the 07:00 boundary is finished (unlocked, already in
 *   mode, or not reached when offline): ≤ 10 s PostgreSQL, ≤ 20 s embedded;
 * - a door's 7-day timeline (GET /sbm/v1/doors/{id}/mode-timeline): ≤ 50 ms p95;
 * - the location tree's window of 100 doors (GET /sbm/v1/doors/modes?door_ids=…): ≤ 50 ms p95.
 *
 * The machine's load and a static page's requests a second (the control) are printed with them.
 * Run: npm run bench:door-modes (`-- --embedded` leaves PostgreSQL out).
 */
import { performance } from 'node:perf_hooks'
import { DOOR_MODES_NOW_PATH, doorTimelinePath } from '../src/contract/door-modes'
import { apiToken } from './helpers/api-token'
import { againOnPostgres } from './helpers/again-on-postgres'
import { controlLine, startInProcess } from './helpers/in-process'
import { seedSite } from './helpers/seed-site'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const POSTGRES_ONLY = process.argv.includes('--postgres')
const EMBEDDED_ONLY = process.argv.includes('--embedded')
// Wednesday 9 June 2027 in Berlin (CEST, UTC+2): 06:58, and the 07:00 boundary.
const BEFORE = new Date('2027-06-09T04:58:00Z')
const BOUNDARY = new Date('2027-06-09T05:00:00Z')
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

async function timed(rounds: number, ask: (round: number) => Promise<void>): Promise<number[]> {
  await ask(0)
  const times: number[] = []
  for (let round = 1; round <= rounds; round += 1) {
    const started = performance.now()
    await ask(round)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

function line(label: string, times: number[], budget: number) {
  const p95 = pct(times, 95)
  process.stdout.write(
    `  ${label.padEnd(40)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  (budget ≤ ${budget} ms: ${p95 <= budget ? 'met' : 'MISSED'})\n`,
  )
}

async function run(name: string, databaseUrl: string | null, budgetS: number) {
  const server = await startInProcess(databaseUrl)
  try {
    const { db, clock, doorModeJob } = server.handle.services
    const [before] = await db.query<{ last: number }>(
      'select coalesce(max(door_id), 0)::int as last from doors',
    )
    const after = before?.last ?? 0
    const site = await seedSite(<T>(sql: string, params?: unknown[]) =>
      db.query<T & object>(sql, params),
    )
    await db.query(
      `insert into schedules (organization_id, name, intervals, calendar_ids)
       select distinct organization_id, 'Door hours (bench)', $2::jsonb, '{}'::int[]
       from doors where door_id > $1`,
      [after, JSON.stringify([{ days: EVERY_DAY, start: '07:00', end: '18:00' }])],
    )
    await db.query(
      `insert into door_modes (organization_id, door_id, schedule_id)
       select d.organization_id, d.door_id, s.schedule_id from doors d
         join schedules s on s.organization_id = d.organization_id
           and s.name = 'Door hours (bench)'
       where d.door_id > $1`,
      [after],
    )
    await db.query('analyze')
    const doors = (
      await db.query<{ door_id: number }>(
        'select door_id from door_modes where door_id > $1 order by door_id',
        [after],
      )
    ).map((row) => row.door_id)
    const [locks] = await db.query<{ n: number; offline: number }>(
      `select count(*)::int as n, count(*) filter (where not v.connected)::int as offline
       from devices v join door_modes m on v.assignment_type = 'door'
         and v.assignment_id = m.door_id
       where v.capabilities @> '{remotely_lock,remotely_unlock}'`,
    )
    process.stdout.write(
      `${name}: site of ${site.doors.toLocaleString('en')} doors, ${doors.length.toLocaleString('en')} with a mode schedule (07:00–18:00), ${locks?.n ?? 0} locks on them (${locks?.offline ?? 0} offline)\n`,
    )

    // 06:58: every lock settles in its "locked" (the job commands those the seed left unlocked).
    clock.set(BEFORE)
    const settleStart = performance.now()
    await doorModeJob.tick()
    const settleS = (performance.now() - settleStart) / 1000

    // 07:00: the boundary; the job is woken as a write would, and the ledger is watched.
    clock.set(BOUNDARY)
    const started = performance.now()
    doorModeJob.wake()
    const prefix = `${BOUNDARY.toISOString()}|%`
    let states: Record<string, number> = {}
    for (;;) {
      const rows = await db.query<{ state: string; n: number }>(
        `select state, count(*)::int as n from door_mode_commands where boundary like $1
         group by state`,
        [prefix],
      )
      states = Object.fromEntries(rows.map((row) => [row.state, row.n]))
      const total = rows.reduce((sum, row) => sum + row.n, 0)
      if (total >= (locks?.n ?? 0) && (states.pending ?? 0) === 0) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const doneS = (performance.now() - started) / 1000
    process.stdout.write(
      `  07:00 boundary: every lock's command finished in ${doneS.toFixed(1)} s (budget ≤ ${budgetS} s: ${doneS <= budgetS ? 'met' : 'MISSED'}); ` +
        `unlocked ${states.done ?? 0}, already in mode ${states.in_mode ?? 0}, not reached ${states.not_reached ?? 0}, failed ${states.failed ?? 0} ` +
        `(settling at 06:58 took ${settleS.toFixed(1)} s)\n`,
    )

    const token = await apiToken(server.url)
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const body: unknown = await response.json()
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`)
    }
    const nth = (round: number) => doors[(round * 7919) % doors.length] ?? 0
    line(
      'a door’s 7-day timeline',
      await timed(ROUNDS, (round) => get(doorTimelinePath(nth(round)))),
      50,
    )
    line(
      '/doors/modes for a window of 100 doors',
      await timed(ROUNDS, (round) => {
        const start = (round * 100) % Math.max(1, doors.length - 100)
        return get(`${DOOR_MODES_NOW_PATH}?door_ids=${doors.slice(start, start + 100).join(',')}`)
      }),
      50,
    )
    process.stdout.write(await controlLine(server.url))
  } finally {
    server.handle.services.clock.set(null)
    await server.close()
  }
}

if (POSTGRES_ONLY) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('--postgres runs under scripts/with-postgres.sh')
  await run('PostgreSQL', url, 10)
} else {
  process.stdout.write(`Door modes at 1,000 doors, ${ROUNDS} requests per line\n`)
  await run('embedded PGlite', null, 20)
  if (!EMBEDDED_ONLY) await againOnPostgres('bench/door-modes.ts')
}
