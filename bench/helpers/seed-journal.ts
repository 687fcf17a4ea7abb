import { createHash } from 'node:crypto'
import type { Db, Queryable } from '../../server/db/database'

export const SEED_ACTORS = 300
/** Rows per INSERT: 13 arrays of this many values travel as its parameters. */
const CHUNK = 20_000

const kinds = [
  'user',
  'user',
  'user',
  'credential',
  'credential',
  'credential',
  'device',
  'device',
  'door',
  'location',
  'room',
  'floor',
  'organization',
  'session',
  'session',
] as const
/** How many targets of each type the rows are spread over. */
const targets: Record<(typeof kinds)[number], number> = {
  user: 20_000,
  credential: 50_000,
  device: 5_000,
  door: 4_000,
  location: 300,
  room: 2_000,
  floor: 900,
  organization: 200,
  session: 0,
}
const sessionActions = ['sign_in', 'sign_in', 'sign_in_failed', 'sign_out']
const changeActions = ['update', 'update', 'update', 'create', 'delete']

/** A fraction in [0, 1) from n, the same on every run. */
const draw = (n: number, seed: number) => (Math.imul(n, 2654435761) ^ seed) >>> 0

/**
 * Row n: a few actors are far busier than the rest (the square of a uniform draw picks the
 * actor); every target type has its own id range; the actions each type has; small changes.
 */
function row(n: number, atMicros: bigint) {
  const u = draw(n, 0) / 2 ** 32
  const actor = Math.floor(SEED_ACTORS * u * u)
  const kind = kinds[n % kinds.length] ?? 'user'
  const targetId = kind === 'session' ? null : 1 + (draw(n, 0x5bd1e995) % targets[kind])
  const action =
    kind === 'session'
      ? (sessionActions[Math.floor(n / 15) % 4] ?? 'sign_in')
      : kind === 'device' && n % 2 === 0
        ? 'device_command'
        : (changeActions[Math.floor(n / 15) % 5] ?? 'update')
  const email = `actor${actor}@bench.example`
  const changes =
    action === 'update'
      ? { last_name: ['Meyer', `Meyer-${n % 97}`] }
      : action === 'device_command'
        ? { lock_state: ['locked', 'unlocked'] }
        : {}
  const ms = atMicros / 1000n
  const at = `${new Date(Number(ms)).toISOString().slice(0, 19)}.${String(atMicros % 1_000_000n).padStart(6, '0')}Z`
  return {
    journal_id: n,
    at,
    actor_id: 100_000 + actor,
    actor_email: email,
    client_address: `10.0.${actor % 250}.${1 + (n % 200)}`,
    organization_id: 1 + (actor % 4),
    action,
    target_type: kind,
    target_id: targetId,
    target_name: kind === 'session' ? email : `${kind} ${targetId}`,
    changes,
    request_id: `bench-${n}`,
    audit_id: action === 'device_command' ? n : null,
  }
}

/**
 * The text `journal_hash()` (migration 013) hashes: jsonb's spelling of the row's array, which
 * for these rows (plain strings, integers, one-key objects of string pairs) is JSON with ", "
 * and ": " between items. Should the function change, journal:verify after the seed says so.
 */
function hashed(r: ReturnType<typeof row>, prev: string) {
  const value = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(value).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `{${Object.entries(v)
            .map(([k, x]) => `${JSON.stringify(k)}: ${value(x)}`)
            .join(', ')}}`
        : JSON.stringify(v)
  const text = value([
    r.journal_id,
    r.at,
    r.actor_id,
    r.actor_email,
    r.client_address,
    r.organization_id,
    r.action,
    r.target_type,
    r.target_id,
    r.target_name,
    r.changes,
    r.request_id,
    r.audit_id,
    prev,
  ])
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * Appends `rows` generated journal rows after the chain's head, chained as migration 013's
 * trigger chains them, so `journal:verify` finds the journal intact afterwards. Call it in a
 * transaction.
 *
 * Through the trigger, one INSERT … SELECT is quadratic: each row updates the head twice inside
 * one transaction, and every update walks the head's versions made before it. Hashing in SQL
 * without it (a recursive query through `journal_hash()`) took 40–250 µs a row on PGlite. So the
 * trigger is disabled for the load, as a superuser could, the rows are made and hashed here
 * (SHA-256 over the text `journal_hash()` hashes) and inserted in chunks; then the head is moved
 * to the last row, and the indexes, dropped for the load, are built once. The table is left
 * unanalyzed and unvacuumed, as a day of writes leaves it: that is the caller's to decide.
 *
 * The entries a rewind reads (journal_before, migration 018) are written by a statement trigger
 * that looks up each object's previous row by the target index: with the indexes dropped, each
 * chunk would scan the journal once per object, and the seed turned quadratic (10,000 rows in
 * 7.4 s, 20,000 in 30.6 s, 100,000 not in 15 minutes). So that trigger is disabled for the load
 * too, and once the indexes are built, the entries are written as migration 018's backfill
 * writes them (`journal_before_catch_up()`), timed apart: `entriesMs`.
 *
 * The rows span the year up to now: the journal must be empty, or hold only older rows.
 */
export async function seedJournal(q: Queryable, rows: number): Promise<{ entriesMs: number }> {
  const [head] = await q.query<{ journal_id: number; hash: string }>(
    'select journal_id, hash from journal_head',
  )
  if (!head) throw new Error('no journal head: is migration 013 applied?')
  const first = head.journal_id + 1
  const last = head.journal_id + rows
  const end = BigInt(Date.now()) * 1000n
  const span = 365n * 86_400_000_000n
  const stepMicros = span / BigInt(rows)
  // Taken from the catalog, so migration 013 stays the indexes' one definition.
  const indexes = await q.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
     where tablename = 'journal' and indexname <> 'journal_pkey'`,
  )
  for (const index of indexes) await q.query(`drop index ${index.name}`)
  await q.query('alter table journal disable trigger journal_chain')
  await q.query('alter table journal disable trigger journal_before_insert')
  let prev = head.hash
  let at = ''
  for (let from = first; from <= last; from += CHUNK) {
    const columns: unknown[][] = Array.from({ length: 15 }, () => [])
    for (let n = from; n <= Math.min(last, from + CHUNK - 1); n++) {
      const r = row(n, end - span + BigInt(n - first) * stepMicros)
      const hash = hashed(r, prev)
      const values = [...Object.values(r), prev, hash]
      values[10] = JSON.stringify(r.changes)
      values.forEach((v, i) => columns[i]?.push(v))
      prev = hash
      at = r.at
    }
    await q.query(
      `insert into journal select * from unnest($1::bigint[], $2::timestamptz[], $3::bigint[],
         $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::bigint[], $10::text[],
         $11::jsonb[], $12::text[], $13::bigint[], $14::text[], $15::text[])`,
      columns,
    )
  }
  await q.query('alter table journal enable trigger journal_chain')
  await q.query('alter table journal enable trigger journal_before_insert')
  await q.query('update journal_head set journal_id = $1, hash = $2, at = $3', [last, prev, at])
  for (const index of indexes) await q.query(index.def)
  const started = performance.now()
  await q.query('select journal_before_catch_up()')
  return { entriesMs: performance.now() - started }
}

/** What seeding a journal to read took: the rows, their rewind entries, the vacuum after them. */
export interface SeededJournal {
  rowsMs: number
  entries: number
  entriesMs: number
  vacuumMs: number
}

/**
 * `rows` journal rows appended in one transaction (seedJournal), then vacuumed and analyzed with
 * their rewind entries, as the database would do next without the benches: PostgreSQL's
 * autovacuum (a million inserts pass its insert threshold), the embedded server's next start
 * (analyzeGrown, which would not see this growth: the seed's index builds updated the table's
 * size in pg_class). The journal is then as a reader meets it.
 */
export async function seedJournalForReading(db: Db, rows: number): Promise<SeededJournal> {
  const seeding = performance.now()
  const { entriesMs } = await db.tx((q) => seedJournal(q, rows))
  const rowsMs = performance.now() - seeding - entriesMs
  const [entries] = await db.query<{ n: number }>('select count(*)::int as n from journal_before')
  const vacuuming = performance.now()
  await db.query('vacuum (analyze) journal, journal_before')
  return { rowsMs, entries: entries?.n ?? 0, entriesMs, vacuumMs: performance.now() - vacuuming }
}
