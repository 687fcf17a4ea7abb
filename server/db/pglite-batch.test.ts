import { PGlite } from '@electric-sql/pglite'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { batchedProtocol } from './pglite-batch'

const pglite = new PGlite('memory://')
let trips = 0
const send = pglite.execProtocolStream.bind(pglite)
pglite.execProtocolStream = (message, options) => {
  trips += 1
  return send(message, options)
}
const pool = new pg.Pool({ ...createPgConfig(batchedProtocol(pglite)), max: 1 })

afterAll(async () => {
  await pool.end()
  await pglite.close()
})

describe('PGlite with an extended query handed over in one trip', () => {
  it('answers a parameterized query and a named prepared one in one trip each', async () => {
    await pool.query('select 1')
    trips = 0
    const { rows } = await pool.query<{ n: number }>('select $1::int + 1 as n', [41])
    expect(rows).toEqual([{ n: 42 }])
    expect(trips).toBe(1)
    for (const value of [1, 2]) {
      const named = await pool.query<{ n: number }>({
        name: 'twice',
        text: 'select $1::int * 2 as n',
        values: [value],
      })
      expect(named.rows).toEqual([{ n: value * 2 }])
    }
    expect(trips).toBe(3)
  })

  it('refuses a bad parameter with the database error, and the connection goes on', async () => {
    await expect(pool.query('select $1::int as n', ['x'])).rejects.toMatchObject({
      code: '22P02',
    })
    await expect(pool.query('select 1/0')).rejects.toMatchObject({ code: '22012' })
    const client = await pool.connect()
    try {
      await client.query('begin')
      await expect(client.query('select $1::int', ['y'])).rejects.toMatchObject({ code: '22P02' })
      await client.query('rollback')
      const { rows } = await client.query<{ n: number }>('select $1::int as n', [7])
      expect(rows).toEqual([{ n: 7 }])
    } finally {
      client.release()
    }
  })
})
