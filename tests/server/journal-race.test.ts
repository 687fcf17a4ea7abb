import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyJournal } from '../../server/db/journal-verify'
import { startServer, type RunningServer } from '../../server/main'
import { ADMIN, useServer, type Reply } from './helpers'
import { tally } from './race-helpers'

// 50 journaled writes at once. On PGlite they queue for its one connection; on PostgreSQL
// (bash scripts/with-postgres.sh) a second server on the same database takes every other one, so
// two processes' transactions meet at the chain's head row. Either way: one unbroken chain.
const N = 50
const server = useServer()
let second: RunningServer | null = null

beforeAll(async () => {
  const { options } = server().running.handle.services
  if (options.databaseUrl !== null) second = await startServer({ ...options, port: 0 })
}, 60_000)

afterAll(async () => {
  await second?.close()
})

async function send(base: string, method: string, path: string, token: string, json: object) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  })
  const reply: Reply = {
    status: response.status,
    body: await response.json(),
    headers: response.headers,
  }
  return reply
}

describe(`${N} concurrent journaled writes`, () => {
  it('make one unbroken chain with one row each', async () => {
    const token = await server().login(ADMIN)
    const servers = [server().url, second?.url ?? server().url]
    const place = await send(servers[0] ?? '', 'POST', '/sbm/v1/locations', token, {
      name: 'Race base',
    })
    const placeId = (place.body as { location_id: number }).location_id
    const [head] = await server().running.handle.services.db.query<{ journal_id: number }>(
      'select journal_id from journal_head',
    )
    // Half create new locations, half update one and the same location.
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) => {
        const base = servers[i % 2] ?? ''
        return i % 2 === 0
          ? send(base, 'POST', '/sbm/v1/locations', token, { name: `Race ${i}` })
          : send(base, 'PUT', `/sbm/v1/locations/${placeId}`, token, { description: `Take ${i}` })
      }),
    )
    expect(tally(replies)).toEqual({ 200: N / 2, 201: N / 2 })
    const { db } = server().running.handle.services
    const rows = await db.query<{ action: string; n: number }>(
      `select action, count(*)::int as n from journal where journal_id > $1
       group by action order by action`,
      [head?.journal_id ?? 0],
    )
    expect(rows).toEqual([
      { action: 'create', n: N / 2 },
      { action: 'update', n: N / 2 },
    ])
    expect(await verifyJournal(db)).toMatchObject({ intact: true })
  })
})
