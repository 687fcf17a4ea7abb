// The admin journal's budgets (issue 47, docs/journal.md), on the embedded database (in-memory
// PGlite) and then on a throwaway PostgreSQL (scripts/with-postgres.sh) when one starts. The
// server runs in this process (startServer), as bench:bulk runs it, so the bench can reach its
// database and its transactions.
//
// 1. A write's cost of its journal row: PUT a user's last name and PUT a credential's end time,
//    each sent with and without its journal row, interleaved (the order flips every round), over
//    HTTP. "Without" comes from a bench-only wrapper around the running server's `db.tx`
//    (bench/helpers/journal-toggle.ts): the journal's INSERT is answered without reaching the
//    database, everything else the route does runs. No product code knows about it. Figures: the
//    request (loopback round trip, client in the same process) and the transaction alone.
//    Budget: the journal adds ≤ 2 ms at p95.
// 2. GET /org/v1/journal over 1,000,000 rows (bench/helpers/seed-journal.ts: a year, 300 actors,
//    every target type), windows of the console's size: the first window and the last (the
//    jump to the end) ≤ 300 ms; filtered by actor_id or by target_type + target_id at a random
//    start ≤ 50 ms p95.
// 3. verifyJournal (what `npm run journal:verify` runs) over all of it: ≤ 30 s.
// The writes run after the seed, on a journal of a million rows, as a real one would be.
//
//   npm run bench:journal         BENCH_ROWS=200000 BENCH_RUNS=20 npm run bench:journal
//   npm run bench:journal -- --embedded      (no PostgreSQL)
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import pg from 'pg'
import { verifyJournal } from '../server/db/journal-verify'
import { startServer } from '../server/main'
import { WINDOW_SIZE } from '../src/ui/data-table/use-windowed-rows'
import { apiToken } from './helpers/api-token'
import { toggleJournal } from './helpers/journal-toggle'
import { machineLine } from './helpers/machine'
import { SEED_ACTORS, seedJournalForReading } from './helpers/seed-journal'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
const WRITES = Number(process.env.BENCH_WRITES ?? 200)
const WARMUP = 10
const POSTGRES_ONLY = process.argv.includes('--postgres')
const EMBEDDED_ONLY = process.argv.includes('--embedded')

const budgets = { journalCost: 2, window: 300, filtered: 50, verify: 30_000 }

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const ms = (v: number) => `${v.toFixed(1)} ms`

interface Line {
  measure: string
  figure: string
  budget: string
  over: boolean
}

const lines: Line[] = []
const line = (measure: string, figure: string, budget = '', over = false) =>
  lines.push({ measure, figure, budget, over })

/** The same writes with and without their journal row, interleaved. */
async function writes(url: string, token: string, db: Parameters<typeof toggleJournal>[0]) {
  const [user] = await db.query<{ user_id: number }>(
    "select user_id from users where email = 'staff@demo.local'",
  )
  const [credential] = await db.query<{ credential_id: number }>(
    `select credential_id from credentials where not exclusive and end_datetime is not null
     order by credential_id limit 1`,
  )
  if (!user || !credential) throw new Error('no demo user or credential to write to')
  const toggle = toggleJournal(db)
  const kinds = [
    {
      name: 'PUT a user’s last name',
      path: `/org/v1/users/${user.user_id}`,
      body: (i: number) => ({ last_name: `Bench-${i}` }),
    },
    {
      name: 'PUT a credential’s end time',
      path: `/access/v1/credentials/${credential.credential_id}`,
      body: (i: number) => ({
        end_datetime: new Date(Date.now() + (40 + (i % 30)) * 86_400_000).toISOString(),
      }),
    },
  ]
  const times = kinds.map(() => ({ with: [] as number[], without: [] as number[] }))
  const txTimes = kinds.map(() => ({ with: [] as number[], without: [] as number[] }))
  const [before] = await db.query<{ journal_id: number }>('select journal_id from journal_head')
  let written = 0
  for (let round = 0; round < WRITES + WARMUP; round++) {
    const order = round % 2 === 0 ? [true, false] : [false, true]
    for (const [k, kind] of kinds.entries()) {
      for (const journaling of order) {
        toggle.journaling = journaling
        toggle.transactions.length = 0
        const started = performance.now()
        const response = await fetch(url + kind.path, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(kind.body(round * 2 + (journaling ? 0 : 1))),
        })
        const elapsed = performance.now() - started
        if (response.status !== 200) throw new Error(`${kind.path}: ${response.status}`)
        await response.arrayBuffer()
        if (journaling) written += 1
        if (round < WARMUP) continue
        const tx = toggle.transactions.reduce((sum, t) => sum + t.ms, 0)
        ;(journaling ? times[k]?.with : times[k]?.without)?.push(elapsed)
        ;(journaling ? txTimes[k]?.with : txTimes[k]?.without)?.push(tx)
      }
    }
  }
  toggle.journaling = true
  const [after] = await db.query<{ journal_id: number }>('select journal_id from journal_head')
  const rowsWritten = (after?.journal_id ?? 0) - (before?.journal_id ?? 0)
  if (rowsWritten !== written || toggle.skipped !== written) {
    throw new Error(
      `expected ${written} rows written and skipped: ${rowsWritten}, ${toggle.skipped}`,
    )
  }
  for (const [k, kind] of kinds.entries()) {
    for (const [label, set] of [
      ['request', times[k]],
      ['transaction', txTimes[k]],
    ] as const) {
      if (!set) continue
      const [w50, w95, o50, o95] = [
        percentile(set.with, 50),
        percentile(set.with, 95),
        percentile(set.without, 50),
        percentile(set.without, 95),
      ]
      const over = label === 'request' && w95 - o95 > budgets.journalCost
      line(
        `${kind.name}, ${label}: with / without journal row`,
        `p50 ${ms(w50)} / ${ms(o50)} (+${ms(w50 - o50)}), p95 ${ms(w95)} / ${ms(o95)} (+${ms(w95 - o95)})`,
        label === 'request' ? `p95 +≤ ${budgets.journalCost} ms` : '',
        over,
      )
    }
  }
}

interface Page {
  data: unknown[]
  recordsFiltered: number
}

async function page(url: string, token: string, query: string) {
  const started = performance.now()
  const response = await fetch(`${url}/org/v1/journal?length=${WINDOW_SIZE}&${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (response.status !== 200) throw new Error(`journal ${query}: ${response.status}`)
  const body = (await response.json()) as Page
  return { ms: performance.now() - started, body }
}

/** First and last window, and filtered windows at random starts, round-robin. */
async function lists(url: string, token: string, db: Parameters<typeof toggleJournal>[0]) {
  const cold = await page(url, token, 'start=0')
  const total = cold.body.recordsFiltered
  const last = `start=${Math.max(0, total - WINDOW_SIZE)}`
  // Which actors and targets there are, and how many rows each has, for the random starts.
  const actors = await db.query<{ id: number; n: number }>(
    'select actor_id as id, count(*)::int as n from journal where actor_id is not null group by 1',
  )
  const targets = await db.query<{ type: string; id: number; n: number }>(
    `select target_type as type, target_id as id, count(*)::int as n from journal
     where (target_type, target_id) in (select target_type, target_id from journal
       where journal_id in (select (random() * $1)::bigint from generate_series(1, 500)))
     group by 1, 2`,
    [total],
  )
  const busiest = actors.reduce((a, b) => (b.n > a.n ? b : a))
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]
  const startIn = (n: number) => Math.floor(Math.random() * Math.max(1, n - WINDOW_SIZE + 1))
  const scenarios = [
    { label: 'first window (start 0)', query: () => 'start=0', budget: budgets.window },
    { label: `last window (${last})`, query: () => last, budget: budgets.window },
    {
      label: 'by actor_id, random actor, random start',
      query: () => {
        const a = pick(actors)
        return `actor_id=${a.id}&start=${startIn(a.n)}`
      },
      budget: budgets.filtered,
    },
    {
      label: `by actor_id, busiest actor (${busiest.n} rows), random start`,
      query: () => `actor_id=${busiest.id}&start=${startIn(busiest.n)}`,
      budget: budgets.filtered,
    },
    {
      label: 'by target_type + target_id, random target and start',
      query: () => {
        const t = pick(targets)
        return `target_type=${t.type}&target_id=${t.id}&start=${startIn(t.n)}`
      },
      budget: budgets.filtered,
    },
  ].map((s) => ({ ...s, times: [] as number[] }))
  for (let round = 0; round < RUNS + 3; round++) {
    for (const s of scenarios) {
      const { ms: t } = await page(url, token, s.query())
      if (round >= 3) s.times.push(t)
    }
  }
  line(
    'first window, cold (the first request after the seed)',
    ms(cold.ms),
    `≤ ${budgets.window} ms`,
    cold.ms > budgets.window,
  )
  for (const s of scenarios) {
    const [p50, p95, max] = [percentile(s.times, 50), percentile(s.times, 95), Math.max(...s.times)]
    line(
      `/journal ${s.label}`,
      `p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)}`,
      s.budget === budgets.window ? `≤ ${s.budget} ms` : `p95 ≤ ${s.budget} ms`,
      p95 > s.budget,
    )
  }
  line(
    'actors / targets sampled',
    `${actors.length} / ${targets.length} (≈${Math.round(ROWS / SEED_ACTORS)} rows per actor on average)`,
  )
}

async function database(name: string, databaseUrl: string | null) {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl,
    seedAuditRows: 0,
    logLevel: 'warn',
    distDir: 'bench/no-dist',
    accessTokenTtl: 86_400,
  })
  try {
    const db = server.handle.services.db
    const seeded = await seedJournalForReading(db, ROWS)
    line(
      'seed (rows made and hashed here, indexes built after)',
      `${ROWS.toLocaleString('en')} rows in ${(seeded.rowsMs / 1000).toFixed(1)} s`,
    )
    line(
      'their rewind entries, as migration 018 fills them (journal_before_catch_up)',
      `${seeded.entries.toLocaleString('en')} entries in ${(seeded.entriesMs / 1000).toFixed(1)} s`,
    )
    line(
      `vacuum (analyze) journal and its entries, as ${db.kind === 'pglite' ? 'the next start' : 'autovacuum'} does`,
      `${(seeded.vacuumMs / 1000).toFixed(1)} s`,
    )
    const url = server.url.replace('localhost', '127.0.0.1')
    const token = await apiToken(url)
    // The writes first: the lists then also read rows written since the vacuum.
    await writes(url, token, db)
    await lists(url, token, db)
    const verifying = performance.now()
    const verdict = await verifyJournal(db)
    const verifyMs = performance.now() - verifying
    if (!verdict.intact) throw new Error(`journal broken after the seed: ${verdict.detail}`)
    line(
      `journal:verify over ${verdict.rows.toLocaleString('en')} rows`,
      `${(verifyMs / 1000).toFixed(1)} s, intact`,
      `≤ ${budgets.verify / 1000} s`,
      verifyMs > budgets.verify,
    )
  } finally {
    await server.close()
  }
  print(name)
}

function print(name: string) {
  const width = Math.max(...lines.map((l) => l.measure.length))
  const figureWidth = Math.max(...lines.map((l) => l.figure.length))
  process.stdout.write(
    [
      `${name}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      ...lines.map(
        (l) =>
          `  ${l.measure.padEnd(width)}  ${l.figure.padEnd(figureWidth)}  ${l.budget.padEnd(14)} ${l.budget ? (l.over ? 'OVER BUDGET' : 'ok') : ''}`,
      ),
      '',
    ].join('\n'),
  )
  if (lines.some((l) => l.over)) process.exitCode = 1
  lines.length = 0
}

/** This bench again under scripts/with-postgres.sh, on a database of its own. */
async function postgres() {
  const child = spawn(
    'bash',
    ['scripts/with-postgres.sh', 'node_modules/.bin/tsx', 'bench/journal.ts', '--postgres'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let printed = false
  let failure = ''
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('PostgreSQL, load average')) printed = true
    process.stdout.write(chunk)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    failure += chunk.toString()
    process.stderr.write(chunk)
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  // Exit code 1 with the figures printed is a budget missed, said on its line.
  if (!printed) {
    process.stdout.write(`PostgreSQL: failed or skipped (${failure.trim().split('\n').at(-1)})\n`)
  }
  if (code !== 0) process.exitCode = code ?? 1
}

if (POSTGRES_ONLY) {
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('--postgres runs under scripts/with-postgres.sh')
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query('create database journal_bench')
  await client.end()
  const url = new URL(admin)
  url.pathname = '/journal_bench'
  await database('PostgreSQL', url.toString())
} else {
  process.stdout.write(
    `Journal bench: ${ROWS.toLocaleString('en')} rows, windows of ${WINDOW_SIZE}, ${RUNS} requests per list scenario, ${WRITES} writes per kind and state\n${machineLine()}\n`,
  )
  await database('Embedded PGlite (in memory)', null)
  if (!EMBEDDED_ONLY) await postgres()
}
