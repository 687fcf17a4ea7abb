// Users import of 10,000 users against the real server process on a fresh in-memory PGlite (or
// BENCH_DATABASE_URL): the dry run's and the import's time, and the same file a second time. The
// server takes 10,000 rows a file (USERS_IMPORT_LIMITS): one file; BENCH_FILE_ROWS splits them
// into files sent one after the other. Budgets (issue 49): dry run ≤ 5 s, import ≤ 30 s (embedded).
//   npm run bench:import     BENCH_USERS=2000 npm run bench:import     BENCH_FILE_ROWS=1000 …
import { request } from 'node:http'
import {
  CREDENTIALS_IMPORT_LIMITS,
  CredentialImportResult,
} from '../src/contract/credential-import'
import { ImportResult, USERS_IMPORT_LIMITS } from '../src/contract/user-import'
import { apiToken } from './helpers/api-token'
import { startBenchServer } from './helpers/bench-server'

const USERS = Number(process.env.BENCH_USERS ?? 10_000)
const MOST = USERS_IMPORT_LIMITS.rows
const FILE_ROWS = Math.min(Number(process.env.BENCH_FILE_ROWS ?? MOST), MOST)
const budgets = { dryRunS: 5, importS: 30 }

const header = 'username,email,first_name,last_name,roles,permissions'

/** The users as files of FILE_ROWS rows each (at most the server's limit). */
function files(prefix: string): string[] {
  const out: string[] = []
  for (let from = 0; from < USERS; from += FILE_ROWS) {
    const rows = Array.from({ length: Math.min(FILE_ROWS, USERS - from) }, (_, i) => {
      const name = `${prefix}.${from + i}`
      return `${name},${name}@bench.example,Bench,"Person, ${from + i}",staff,users:read:org`
    })
    out.push([header, ...rows].join('\r\n'))
  }
  return out
}

/** One POST over node:http: a file of thousands of rows may take longer than fetch's 300 s wait. */
function post(url: string, token: string, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function send(url: string, token: string, csv: string, dryRun: boolean, path: string) {
  const t = performance.now()
  const reply = await post(`${url}${path}?dry_run=${dryRun}&rows=all`, token, csv)
  const ms = performance.now() - t
  if (reply.status !== 200) throw new Error(`HTTP ${reply.status}: ${reply.text.slice(0, 300)}`)
  const answer: unknown = JSON.parse(reply.text)
  const [error, result] = path.startsWith('/access')
    ? CredentialImportResult.validate(answer)
    : ImportResult.validate(answer)
  if (error) throw error
  return { ms, result }
}

async function run(
  url: string,
  token: string,
  parts: string[],
  dryRun: boolean,
  path = '/org/v1/users/import',
) {
  let ms = 0
  const outcomes = new Map<string, number>()
  for (const csv of parts) {
    const sent = await send(url, token, csv, dryRun, path)
    ms += sent.ms
    for (const row of sent.result.results)
      outcomes.set(row.outcome, (outcomes.get(row.outcome) ?? 0) + 1)
  }
  return { seconds: ms / 1000, outcomes: Object.fromEntries(outcomes) }
}

/**
 * The credentials import at its row limit (no budget): the whole staff of a new site on its front
 * door, a row each, as one file. Each row runs the form's create under a savepoint.
 */
async function credentials(url: string, token: string) {
  const rows = CREDENTIALS_IMPORT_LIMITS.rows
  const doors = (await (
    await fetch(`${url}/sbm/v1/doors?length=50`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { door_id: number; organization_id: number }[] }
  // staff@demo.local is in the first organization.
  const door = doors.data.find((d) => d.organization_id === 1)?.door_id
  const at = (hour: number, plus = 0) => new Date(Date.UTC(2031, 0, 1, hour) + plus).toISOString()
  const csv = [
    'user_email,assignment_type,assignment_id,start_datetime,end_datetime,exclusive',
    ...Array.from(
      { length: rows },
      (_, i) => `staff@demo.local,door,${door},${at(i)},${at(i, 1_800_000)},no`,
    ),
  ].join('\r\n')
  console.log(`Credentials import, ${rows.toLocaleString('en')} rows on one door in one file`)
  const path = '/access/v1/credentials/import'
  for (const [label, dryRun] of [
    ['dry run', true],
    ['import', false],
    ['again', false],
  ] as const) {
    const pass = await run(url, token, [csv], dryRun, path)
    console.log(
      `  ${label.padEnd(8)}  ${pass.seconds.toFixed(1)} s, ${((pass.seconds * 1000) / rows).toFixed(1)} ms a row  ${JSON.stringify(pass.outcomes)}`,
    )
  }
}

async function main() {
  const env: Record<string, string> = { LOG_LEVEL: 'warn' }
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL
  const server = await startBenchServer({ rows: 1000, env })
  try {
    const token = await apiToken(server.url)
    const parts = files(`bench${Date.now()}`)
    const bytes = parts.reduce((sum, csv) => sum + Buffer.byteLength(csv), 0)
    const verdict = (over: boolean) => (over ? 'OVER BUDGET' : 'ok')
    console.log(
      `Users import, ${USERS.toLocaleString('en')} users in ${parts.length} file(s) of ≤ ${FILE_ROWS.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(2)} MB (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`,
    )
    const dry = await run(server.url, token, parts, true)
    console.log(
      `  dry run   ${dry.seconds.toFixed(1)} s  ${verdict(dry.seconds > budgets.dryRunS)} (budget ${budgets.dryRunS} s)  ${JSON.stringify(dry.outcomes)}`,
    )
    const applied = await run(server.url, token, parts, false)
    console.log(
      `  import    ${applied.seconds.toFixed(1)} s  ${verdict(applied.seconds > budgets.importS)} (budget ${budgets.importS} s)  ${JSON.stringify(applied.outcomes)}`,
    )
    const again = await run(server.url, token, parts, false)
    console.log(`  again     ${again.seconds.toFixed(1)} s  ${JSON.stringify(again.outcomes)}`)
    await credentials(server.url, token)
  } finally {
    await server.stop()
  }
}

await main()
