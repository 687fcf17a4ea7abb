import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from './database'

const dir = join(import.meta.dirname, 'migrations')

/** Applies migrations/*.sql in name order, each once, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  )
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
  )
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && !done.has(f))
    .sort()
  for (const name of pending) {
    const sql = readFileSync(join(dir, name), 'utf8')
    await db.tx(async (q) => {
      // Without parameters pg sends a simple query, which may hold many statements.
      await q.query(sql)
      await q.query('insert into schema_migrations (name) values ($1)', [name])
    })
  }
  return pending
}
