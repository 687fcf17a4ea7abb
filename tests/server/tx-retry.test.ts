import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../server/db/database'
import { useServer } from './helpers'

const server = useServer()

// Only PostgreSQL runs transactions side by side; on PGlite they queue and cannot deadlock.
describe.skipIf(!process.env.TEST_DATABASE_URL)('transactions that deadlock', () => {
  it('re-runs the loser, so both finish and nothing fails', async () => {
    const db = server().running.handle.services.db
    const [a, b] = await db.query<{ location_id: number }>(
      'select location_id from locations order by location_id limit 2',
    )
    let holding = 0
    let runs = 0
    const bothHoldOne = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (holding < 2) return
        clearInterval(check)
        resolve()
      }, 5)
    })
    // Each locks one row, waits until the other holds the other row, then wants that one too.
    const crossed = (first: number, second: number) => async (q: Queryable) => {
      runs++
      await q.query('select 1 from locations where location_id = $1 for update', [first])
      holding++
      await bothHoldOne
      await q.query('select 1 from locations where location_id = $1 for update', [second])
      return first
    }
    const ids = [a?.location_id ?? 0, b?.location_id ?? 0] as const
    const results = await Promise.all([
      db.tx(crossed(ids[0], ids[1])),
      db.tx(crossed(ids[1], ids[0])),
    ])
    expect(results).toEqual([ids[0], ids[1]])
    // Two first runs and at least one re-run of the loser. A re-run that takes the freed row before
    // the woken winner does deadlocks again and is re-run too (database.ts pauses it to make that rare).
    expect(runs).toBeGreaterThanOrEqual(3)
  })
})
