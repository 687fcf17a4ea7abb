import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { pglitePoolConfig } from './pglite-socket'

const pglite = new PGlite('memory://')
let trips = 0
const send = pglite.execProtocolRawStream.bind(pglite)
pglite.execProtocolRawStream = (message, options) => {
  trips += 1
  return send(message, options)
}
const pool = new pg.Pool(pglitePoolConfig(pglite))

afterAll(async () => {
  await pool.end()
  await pglite.close()
})

describe('PGlite as node-postgres socket', () => {
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

  it('reads every type and row as pg does from a real server, large answers included', async () => {
    const { rows } = await pool.query<{
      n: number
      t: string
      j: unknown
      b: boolean
      a: number[]
    }>(
      `select i as n, repeat('ä', i) as t, json_build_object('i', i) as j, i % 2 = 0 as b,
              array[i, i + 1] as a
         from generate_series(1, 3000) as i`,
    )
    expect(rows).toHaveLength(3000)
    expect(rows[2999]).toEqual({
      n: 3000,
      t: 'ä'.repeat(3000),
      j: { i: 3000 },
      b: true,
      a: [3000, 3001],
    })
    const { rows: nulls } = await pool.query('select null::text as t, $1::text as u', [null])
    expect(nulls).toEqual([{ t: null, u: null }])
  })

  it('refuses a bad parameter with the database error, and the connection goes on', async () => {
    await expect(pool.query('select $1::int as n', ['x'])).rejects.toMatchObject({
      code: '22P02',
    })
    await expect(pool.query('select 1/0')).rejects.toMatchObject({ code: '22012' })
    await expect(pool.query('select * from no_such_table')).rejects.toMatchObject({
      code: '42P01',
      message: 'relation "no_such_table" does not exist',
    })
    const client = await pool.connect()
    try {
      await client.query('begin')
      await expect(client.query('select $1::int', ['y'])).rejects.toMatchObject({ code: '22P02' })
      await expect(client.query('select 1')).rejects.toMatchObject({ code: '25P02' })
      await client.query('rollback')
      const { rows } = await client.query<{ n: number }>('select $1::int as n', [7])
      expect(rows).toEqual([{ n: 7 }])
    } finally {
      client.release()
    }
  })

  it('runs a simple query of several statements and passes a notice on', async () => {
    const client = await pool.connect()
    const notices: string[] = []
    const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '')
    client.on('notice', onNotice)
    try {
      const results = (await client.query(
        "create temp table t (v int); insert into t values (1), (2); do $$ begin raise notice 'hello'; end $$; select sum(v)::int as s from t",
      )) as unknown as pg.QueryResult[]
      expect(results.at(-1)?.rows).toEqual([{ s: 3 }])
      expect(notices).toEqual(['hello'])
    } finally {
      client.off('notice', onNotice)
      client.release()
    }
  })
})

describe('PGlite as node-postgres socket, once a client is gone', () => {
  it('serves the client the pool makes in its place, in a new session', async () => {
    const named = { name: 'five', text: 'select $1::int as n', values: [5] }
    const client = await pool.connect()
    await client.query(named)
    await client.query('begin')
    await client.query('create temp table left_behind (v int)')
    client.release(new Error('dropped'))
    // pg prepares `five` again on its new client: the old session's is gone, as is its transaction.
    const { rows } = await pool.query<{ n: number }>(named)
    expect(rows).toEqual([{ n: 5 }])
    const { rows: open } = await pool.query<{ open: boolean }>(
      "select to_regclass('left_behind') is not null as open",
    )
    expect(open).toEqual([{ open: false }])
    await pool.query('begin')
    await pool.query('rollback')
  })
})

describe('PGlite as node-postgres socket, when PGlite itself fails', () => {
  it('fails the query at once, and the pool serves the next one on a new client', async () => {
    const real = pglite.execProtocolRawStream.bind(pglite)
    let broken = true
    pglite.execProtocolRawStream = (message, options) =>
      broken ? Promise.reject(new Error('wasm trap')) : real(message, options)
    try {
      await expect(pool.query('select 1')).rejects.toThrow('wasm trap')
    } finally {
      broken = false
      pglite.execProtocolRawStream = real
    }
    const { rows } = await pool.query<{ n: number }>('select $1::int as n', [9])
    expect(rows).toEqual([{ n: 9 }])
  })
})
