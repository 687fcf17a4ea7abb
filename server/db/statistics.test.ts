import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Db } from './database'
import { createLogger } from '../logger'
import { analyzeGrown, keepStatistics } from './statistics'

let db: Db
beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, dataDir: 'memory://' })
  await db.query('create table grows (id int, note text)')
  await db.query('create table "Quiet Table" (id int)')
})
afterAll(() => db.close())

const insert = (table: string, rows: number) =>
  db.query(`insert into ${table} select i, repeat('x', 100) from generate_series(1, $1) i`, [rows])

describe('analyzeGrown', () => {
  it('analyzes the tables that grew by more than a tenth since their statistics, and only those', async () => {
    await insert('grows', 10_000)
    await db.query('insert into "Quiet Table" select generate_series(1, 5000)')
    expect((await analyzeGrown(db)).sort()).toEqual(['"Quiet Table"', 'grows'])
    expect(await analyzeGrown(db)).toEqual([])
    await insert('grows', 500)
    expect(await analyzeGrown(db)).toEqual([])
    await insert('grows', 2_000)
    expect(await analyzeGrown(db)).toEqual(['grows'])
  })
})

describe('keepStatistics', () => {
  it('analyzes a table that grows while the server runs, and stops when told', async () => {
    await db.query('create table busy (id int primary key)')
    await analyzeGrown(db)
    await db.query('insert into busy select generate_series(1, 20000)')
    const tuples = async () =>
      (
        await db.query<{ n: number }>(
          `select reltuples::int as n from pg_class where relname = 'busy'`,
        )
      )[0]?.n
    expect(await tuples()).toBeLessThan(1)
    const stop = keepStatistics(db, 20, createLogger('error'))
    try {
      await vi.waitFor(async () => expect(await tuples()).toBe(20000), { timeout: 5000 })
    } finally {
      stop()
    }
    await db.query('insert into busy select generate_series(20001, 40000)')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await tuples()).toBe(20000)
  })
})
