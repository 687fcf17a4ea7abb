import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { demoKey } from '../../server/auth/secret-box'
import { openDatabase } from '../../server/db/database'
import { describeOffPostgresRun } from './helpers'

// A new embedded database's cluster is made off the server's thread (server/db/initdb-off-thread.ts).
describeOffPostgresRun('a new embedded database on disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'access-initdb-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('is made while the server thread keeps answering, then opens with its extensions', async () => {
    const dataDir = join(root, 'nested', 'data')
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 10)
    const started = performance.now()
    const opening = openDatabase({ databaseUrl: null, dataDir })
    const db = await opening
    clearInterval(timer)
    const ms = performance.now() - started
    try {
      // The thread ran its timers through initdb: at least half the 10 ms ticks the time allowed.
      expect(ticks).toBeGreaterThan(ms / 10 / 2)
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true)
      expect(existsSync(`${dataDir}.initializing`)).toBe(false)
      await db.query('create extension if not exists pg_trgm')
      const [row] = await db.query<{ s: number }>(
        "select similarity('reception', 'recepcion') as s",
      )
      expect(row?.s).toBeGreaterThan(0)
    } finally {
      await db.close()
    }
    // Opened again: the same cluster, nothing made anew.
    const again = await openDatabase({ databaseUrl: null, dataDir })
    try {
      const [row] = await again.query<{ n: number }>(
        "select count(*)::int as n from pg_extension where extname = 'pg_trgm'",
      )
      expect(row?.n).toBe(1)
    } finally {
      await again.close()
    }
  }, 120_000)

  it('takes an empty directory made for it, and refuses one that holds other files', async () => {
    const empty = join(root, 'empty')
    mkdirSync(empty)
    const db = await openDatabase({ databaseUrl: null, dataDir: empty })
    await db.close()
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(true)
    const cluttered = join(root, 'cluttered')
    mkdirSync(cluttered)
    writeFileSync(join(cluttered, 'notes.txt'), 'not a database')
    await expect(openDatabase({ databaseUrl: null, dataDir: cluttered })).rejects.toThrow(
      /holds files but no database/,
    )
  }, 120_000)

  it('keeps the demo key a server on PostgreSQL left in the directory', async () => {
    const dir = join(root, 'keyed')
    const { key } = demoKey(dir)
    const db = await openDatabase({ databaseUrl: null, dataDir: dir })
    await db.close()
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true)
    expect(demoKey(dir)).toMatchObject({ key, made: false })
  }, 120_000)
})
