/**
 * Palette entity search, last key → results (docs/benchmarks.md: ≤ 150 ms over 100,000 users).
 *
 * The palette has no users source yet (users search lands with the users screens), so this
 * measures what that source will do, against the reference server on a fresh in-memory PGlite
 * with 100,000 extra users: the palette's debounce (ENTITY_SEARCH_DELAY_MS) plus the real
 * GET /org/v1/users?search=…&length=8 the source will send for the last typed prefix. The same is
 * measured for organizations, which the palette searches today (2 seeded rows: this is the floor).
 * Run: npm run bench:palette (after the local-items bench) or tsx bench/palette-entity-search.ts
 */
import { performance } from 'node:perf_hooks'
import { startServer } from '../server/main'
import { ENTITY_SEARCH_DELAY_MS, ENTITY_SEARCH_LENGTH } from '../src/commands/entity-search'
import { apiToken } from './helpers/api-token'

const USERS = Number(process.env.BENCH_USERS ?? 100_000)
const BUDGET_MS = 150
const ROUNDS = 3
const typed = ['weber', 'mia.k', 'user9999', 'hoffmann@', 'zzz']

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function main() {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    seedAuditRows: 0,
    logLevel: 'warn',
    distDir: 'bench/no-dist',
  })
  try {
    const seeded = performance.now()
    // Generated in SQL: 100,000 inserts over HTTP would measure the seeding, not the search.
    await server.handle.services.db.query(
      `insert into users (organization_id, username, email, first_name, last_name, roles)
       select 1 + n % 2, 'user' || n, 'user' || n || '@bench.example',
              (array['Mia','Noah','Emma','Ben','Lea','Paul','Hanna','Finn'])[1 + n % 8],
              (array['Schmidt','Meyer','Weber','Wagner','Becker','Hoffmann','Koch','Richter'])[1 + (n / 8) % 8],
              array['staff']
       from generate_series(1, $1::int) as n`,
      [USERS],
    )
    console.log(`Seeded ${USERS} users in ${(performance.now() - seeded).toFixed(0)} ms`)
    const token = await apiToken(server.url)

    const search = async (path: string, text: string) => {
      const url = `${server.url}${path}?start=0&length=${ENTITY_SEARCH_LENGTH}&search=${encodeURIComponent(text)}`
      const started = performance.now()
      const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`)
      await answer.json()
      return performance.now() - started
    }

    console.log(
      `Last key → results = ${ENTITY_SEARCH_DELAY_MS} ms debounce + request (ms), ${ROUNDS} rounds`,
    )
    let over = false
    for (const [label, path] of [
      [`users (${USERS + 17} rows)`, '/org/v1/users'],
      ['organizations (seed)', '/org/v1/organizations'],
    ] as const) {
      await search(path, 'warm')
      const samples: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        for (const text of typed) samples.push(ENTITY_SEARCH_DELAY_MS + (await search(path, text)))
      }
      samples.sort((a, b) => a - b)
      const p95 = percentile(samples, 95)
      const verdict = p95 <= BUDGET_MS ? 'ok' : 'OVER'
      if (p95 > BUDGET_MS) over = true
      console.log(
        `${label.padEnd(26)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)}  p95 ${p95.toFixed(1).padStart(7)}  budget ${BUDGET_MS}  ${verdict}`,
      )
    }
    process.exitCode = over ? 1 : 0
  } finally {
    await server.close()
  }
}

await main()
