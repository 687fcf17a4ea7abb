import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from './database'
import { analyzeGrown } from './statistics'

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
