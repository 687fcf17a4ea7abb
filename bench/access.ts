/**
 * "Who can open this?" (GET /access/v1/access, issue 47): a door with 10,000 credentials on it and
 * 100,000 journal rows about them spread over the past year, asked now, a month back and a year
 * back, through HTTP against the real server: p50 and p95 of the server's answer time.
 * Budgets: ≤ 50 ms p95 now, ≤ 200 ms p95 a year back.
 *
 * The journal rows are written with the chain trigger off and backdated (the trigger stamps every
 * row "now"); their hashes are not a chain, which this bench does not read. Each row changes a
 * credential's end (before → after), the last one ending at the credential's end today, so the
 * answer a year back rewinds real values.
 *
 * Run: npm run bench:access (embedded PGlite; then PostgreSQL when scripts/with-postgres.sh can
 * start a throwaway cluster).
 */
import { performance } from 'node:perf_hooks'
import { startServer } from '../server/main'
import { apiToken } from './helpers/api-token'
import { againOnPostgres } from './helpers/again-on-postgres'
import { machineLine } from './helpers/machine'

const CREDENTIALS = Number(process.env.BENCH_CREDENTIALS ?? 10_000)
const ROWS = Number(process.env.BENCH_JOURNAL_ROWS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const DAY = 86_400_000
const POSTGRES_ONLY = process.argv.includes('--postgres')

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

async function run(name: string, databaseUrl: string | null) {
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
    const [door] = await db.query<{ door_id: number; organization_id: number }>(
      'select door_id, organization_id from doors order by door_id limit 1',
    )
    const users = await db.query<{ user_id: number }>(
      'select user_id from users where organization_id = $1 order by user_id',
      [door?.organization_id],
    )
    if (!door || users.length === 0) throw new Error('no door or users seeded')
    const seedStart = performance.now()
    await db.tx(async (q) => {
      await q.query(
        `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
           start_datetime, end_datetime, permanent)
         select $1, (array[${users.map((u) => u.user_id).join(',')}])[1 + i % ${users.length}],
                'door', $2, now() - interval '400 days', now() + (i % 90 + 1) * interval '1 day', false
         from generate_series(1, $3) i`,
        [door.organization_id, door.door_id, CREDENTIALS],
      )
      await q.query('alter table journal disable trigger journal_chain')
      // Row k is about the (k mod n)-th credential, a year ago + k/ROWS of the year; it moves
      // the credential's end by a day.
      await q.query(
        `with c as (select array_agg(credential_id order by credential_id) as ids
                    from credentials where assignment_type = 'door' and assignment_id = $1),
              h as (select journal_id as head from journal_head)
         insert into journal (journal_id, at, actor_id, actor_email, organization_id, action,
           target_type, target_id, target_name, changes, prev_hash, hash)
         select h.head + k, now() - interval '365 days' + (k::float / $2) * interval '365 days', 1,
                'admin@demo.local', $3, 'update', 'credential',
                c.ids[1 + k % cardinality(c.ids)], 'bench',
                jsonb_build_object('end_datetime', jsonb_build_array(
                  to_jsonb(now() + (k % 90) * interval '1 day'),
                  to_jsonb(now() + (k % 90 + 1) * interval '1 day'))),
                repeat('0', 64), repeat('0', 64)
         from generate_series(1, $2) k cross join c cross join h`,
        [door.door_id, ROWS, door.organization_id],
      )
      await q.query('alter table journal enable trigger journal_chain')
      await q.query(
        `update journal_head set journal_id = (select max(journal_id) from journal), at = now()`,
      )
    })
    // The journal "began" a year and a day ago: the anchor's guard lets only retention move it,
    // so the bench sets it with the guard off.
    await db.tx(async (q) => {
      await q.query('alter table journal_anchor disable trigger journal_anchor_guard')
      await q.query(`update journal_anchor set since = now() - interval '366 days'`)
      await q.query('alter table journal_anchor enable trigger journal_anchor_guard')
      await q.query('analyze journal')
      await q.query('analyze credentials')
    })
    const seedMs = performance.now() - seedStart
    const token = await apiToken(server.url)
    const ask = async (at: string | null) => {
      const query = `door_id=${door.door_id}${at === null ? '' : `&at=${encodeURIComponent(at)}`}`
      const started = performance.now()
      const response = await fetch(`${server.url}/access/v1/access?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const body = (await response.json()) as { people?: unknown[] }
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`)
      return { ms: performance.now() - started, people: body.people?.length ?? 0 }
    }
    const moments: [string, () => string | null][] = [
      ['now', () => null],
      ['a month back', () => new Date(Date.now() - 30 * DAY).toISOString()],
      ['a year back', () => new Date(Date.now() - 364 * DAY).toISOString()],
    ]
    process.stdout.write(
      `${name}: ${CREDENTIALS.toLocaleString('en')} credentials on one door, ${ROWS.toLocaleString('en')} journal rows about them (seeded in ${(seedMs / 1000).toFixed(1)} s)\n`,
    )
    for (const [label, at] of moments) {
      await ask(at())
      const times: number[] = []
      let people = 0
      for (let round = 0; round < ROUNDS; round += 1) {
        const answer = await ask(at())
        times.push(answer.ms)
        people = answer.people
      }
      times.sort((a, b) => a - b)
      const budget = label === 'now' ? 50 : 200
      const p95 = pct(times, 95)
      process.stdout.write(
        `  ${label.padEnd(13)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  (budget ≤ ${budget} ms: ${p95 <= budget ? 'met' : 'MISSED'})  ${people} people\n`,
      )
    }
  } finally {
    await server.close()
  }
}

if (POSTGRES_ONLY) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('--postgres runs under scripts/with-postgres.sh')
  await run('PostgreSQL', url)
} else {
  process.stdout.write(`Who can open this? ${ROUNDS} requests per moment\n${machineLine()}\n`)
  await run('embedded PGlite', null)
  await againOnPostgres('bench/access.ts')
}
