import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from './database'

const dir = join(import.meta.dirname, 'migrations')

/**
 * The SQLSTATE a migration raises when rows already in the database break the rule it adds; its
 * message names those rows. Such a migration is held: not recorded, retried on the next start.
 */
const HELD = 'AC001'

// Servers starting together on one PostgreSQL apply each migration once: the first takes this lock
// and applies it, the others wait, then find it recorded.
const LOCK = 'select pg_advisory_xact_lock(1701)'

/** Every migration this server knows, in the order they apply. */
export function migrationNames(): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
}

export interface Held {
  name: string
  /** The rows that break the rule, by id. */
  problems: string
}

export interface Migrated {
  applied: string[]
  held: Held[]
}

/**
 * Applies migrations/*.sql in name order, each once, each in its own transaction. A held migration
 * does not stop the others: the server starts and warns, rather than refusing to start over old data.
 */
export async function migrate(db: Db): Promise<Migrated> {
  await db.tx(async (q) => {
    await q.query(LOCK)
    await q.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    )
  })
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
  )
  const pending = migrationNames().filter((f) => !done.has(f))
  const result: Migrated = { applied: [], held: [] }
  for (const name of pending) {
    const sql = readFileSync(join(dir, name), 'utf8')
    try {
      const applied = await db.tx(async (q) => {
        await q.query(LOCK)
        const [already] = await q.query('select 1 from schema_migrations where name = $1', [name])
        if (already) return false
        // Without parameters pg sends a simple query, which may hold many statements.
        await q.query(sql)
        await q.query('insert into schema_migrations (name) values ($1)', [name])
        return true
      })
      if (applied) result.applied.push(name)
    } catch (error) {
      if ((error as { code?: unknown }).code !== HELD) throw error
      result.held.push({ name, problems: (error as Error).message })
    }
    // A turn of the event loop between migrations: the embedded database answers each statement
    // in a promise, so the whole run could pass without one, and a start that listens first
    // (main.ts) would not answer /login until it ended.
    await new Promise((resolve) => setImmediate(resolve))
  }
  return result
}
