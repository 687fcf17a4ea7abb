import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase } from '../../server/db/database'
import { migrate } from '../../server/db/migrate'
import { seedIfEmpty } from '../../server/db/seed'

// Most server test files start their server on a database in the same state: migrated and seeded
// with the test defaults below. Building that state took most of a file's 6 s start (PGlite's
// initdb, the migrations and the seed), so the first file of a run builds it once and every other
// file starts from a copy: PGlite from a dump of the data directory, PostgreSQL with
// `create database … template`. A file that seeds differently still builds its own.

/** The seed every template copy holds (tests/server/helpers.ts `useServer`'s defaults). */
export const TEMPLATE_SEED = { auditRows: 200, scryptLogN: 10 } as const

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory for this run's templates, removed when the run ends (template-setup.ts). */
    templateRunDir: string
  }
}

const WAIT_MS = 120_000

/**
 * The file `name` in this run's directory: built by whichever worker asks first (an exclusive
 * mkdir is the lock), waited for by the others.
 */
async function builtOnce(name: string, build: (path: string) => Promise<void>): Promise<string> {
  const dir = inject('templateRunDir')
  const done = join(dir, name)
  try {
    await mkdir(join(dir, `${name}.lock`))
  } catch {
    const until = Date.now() + WAIT_MS
    while (Date.now() < until) {
      if (await stat(done).catch(() => null)) return done
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the ${name} test database template was not built within ${WAIT_MS} ms`)
  }
  const partial = `${done}.partial`
  await build(partial)
  await rename(partial, done)
  return done
}

/** A PGlite data directory dump, migrated and seeded with TEMPLATE_SEED. */
export function embeddedTemplate(): Promise<string> {
  return builtOnce('pglite.tar', async (path) => {
    const db = await openDatabase({ databaseUrl: null, dataDir: 'memory://' })
    await migrate(db)
    await seedIfEmpty(db, TEMPLATE_SEED)
    if (!db.dumpDataDir) throw new Error('an embedded database dumps its data directory')
    const dump = await db.dumpDataDir()
    await writeFile(path, Buffer.from(await dump.arrayBuffer()))
    await db.close()
  })
}

/** The name of a PostgreSQL database on `admin`'s server, migrated and seeded with TEMPLATE_SEED. */
export async function postgresTemplate(admin: string): Promise<string> {
  const file = await builtOnce('postgres-template', async (path) => {
    const name = `access_template_${randomBytes(6).toString('hex')}`
    await adminQuery(admin, `create database ${name}`)
    const db = await openDatabase({ databaseUrl: databaseUrl(admin, name), dataDir: 'memory://' })
    await migrate(db)
    await seedIfEmpty(db, TEMPLATE_SEED)
    // A template must have no connections while it is copied.
    await db.close()
    await writeFile(path, name)
  })
  return readFile(file, 'utf8')
}

export function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}

export async function adminQuery(admin: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
