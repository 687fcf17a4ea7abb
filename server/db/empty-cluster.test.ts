import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { clusterPath } from './empty-cluster'
import { openDatabase } from './database'

describe('the kept empty cluster of in-memory databases', () => {
  it('is remade when the kept file cannot be opened, and the database opens all the same', async () => {
    writeFileSync(clusterPath(), 'not a PostgreSQL cluster')
    const db = await openDatabase({ databaseUrl: null, dataDir: 'memory://' })
    try {
      expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
    // A real cluster's dump (tens of MB) replaced the bad file, and the next database opens from it.
    expect(statSync(clusterPath()).size).toBeGreaterThan(1_000_000)
    expect(readFileSync(clusterPath()).subarray(0, 24).toString()).not.toContain('not a PostgreSQL')
    const next = await openDatabase({ databaseUrl: null, dataDir: 'memory://' })
    try {
      expect(await next.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }])
    } finally {
      await next.close()
    }
  }, 60_000)
})
