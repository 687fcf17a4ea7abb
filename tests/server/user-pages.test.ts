import { describe, expect, it } from 'vitest'
import { listOf } from '../../src/contract/list'
import { User, userSortKeys } from '../../src/contract/users'
import { nearerEnd } from '../../server/http/list'
import { ADMIN, ORGADMIN, shaped, useServer } from './helpers'

const server = useServer({ seedAuditRows: 0 })
const UserPage = listOf(User)
const WINDOW = 37

async function page(token: string, query: string) {
  const reply = await server().request('GET', `/org/v1/users?${query}`, { token })
  expect(reply.status).toBe(200)
  return shaped(reply.body, UserPage)
}

// Names repeat and differ in case, and users share a creation time, so every order leans on the
// user_id tiebreak; both organizations get some.
async function addUsers(count: number) {
  await server().running.handle.services.db.query(
    `insert into users (organization_id, username, email, first_name, last_name, roles,
       permissions, created_at)
     select 1 + n % 2, 'Pager' || n, 'pager' || n || '@pages.example',
            (array['mia','Mia','Noah','emma'])[1 + n % 4],
            (array['Weber','weber','Koch'])[1 + n % 3],
            array['staff'], array['users:read:org'],
            timestamptz '2026-01-01' + (n % 5) * interval '1 minute'
     from generate_series(1, $1::int) as n`,
    [count],
  )
}

const sortValue: Record<(typeof userSortKeys)[number], (user: User) => string | number> = {
  user_id: (u) => u.user_id,
  username: (u) => u.username.toLowerCase(),
  email: (u) => u.email.toLowerCase(),
  first_name: (u) => u.first_name.toLowerCase(),
  last_name: (u) => u.last_name.toLowerCase(),
  created_at: (u) => u.created_at,
}

describe('the users list at any start', () => {
  it('reads a window from the nearer end, never past the list', () => {
    expect(nearerEnd(0, 100, 1000)).toMatchObject({ reversed: false, limit: 100 })
    expect(nearerEnd(900, 100, 1000)).toMatchObject({ reversed: true, limit: 100 })
    expect(nearerEnd(900, 100, 1000).sql).toBe('limit 100 offset 0')
    expect(nearerEnd(950, 100, 1000).sql).toBe('limit 50 offset 0')
    expect(nearerEnd(600, 100, 1000).sql).toBe('limit 100 offset 300')
    expect(nearerEnd(1000, 100, 1000).limit).toBe(0)
    expect(nearerEnd(0, 15, 0).limit).toBe(0)
  })

  it('gives every window of every order and direction as a slice of the whole list', async () => {
    await addUsers(300)
    for (const who of [ADMIN, ORGADMIN]) {
      const token = await server().login(who)
      for (const order_by of userSortKeys) {
        for (const order_direction of ['asc', 'desc'] as const) {
          const sort = `order_by=${order_by}&order_direction=${order_direction}`
          const whole = await page(token, `${sort}&start=0&length=500`)
          expect(whole.data).toHaveLength(whole.recordsFiltered)
          const ids = whole.data.map((u) => u.user_id)
          // Equal sort values come in user_id order, the same direction.
          const value = sortValue[order_by]
          for (let i = 1; i < whole.data.length; i += 1) {
            const [a, b] = [whole.data[i - 1], whole.data[i]]
            if (a && b && value(a) === value(b))
              expect(
                order_direction === 'asc' ? a.user_id < b.user_id : a.user_id > b.user_id,
              ).toBe(true)
          }
          const windows: number[] = []
          for (let start = 0; start < whole.recordsFiltered; start += WINDOW) {
            const window = await page(token, `${sort}&start=${start}&length=${WINDOW}`)
            expect(window.recordsFiltered).toBe(whole.recordsFiltered)
            windows.push(...window.data.map((u) => u.user_id))
          }
          expect(windows).toEqual(ids)
          const past = await page(token, `${sort}&start=${whole.recordsFiltered}&length=${WINDOW}`)
          expect(past.data).toEqual([])
          expect(past.recordsFiltered).toBe(whole.recordsFiltered)
        }
      }
    }
  })

  it('keeps the count honest as users come and go', async () => {
    const token = await server().login(ADMIN)
    const before = await page(token, 'start=0&length=1')
    const db = server().running.handle.services.db
    await db.query(`delete from users where username like 'Pager1%'`)
    const after = await page(token, 'start=0&length=1')
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from users')
    expect(after.recordsTotal).toBe(n)
    expect(after.recordsTotal).toBeLessThan(before.recordsTotal)
    const last = await page(token, `start=${n - 3}&length=${WINDOW}&order_by=last_name`)
    expect(last.data).toHaveLength(3)
  })
})

describe('the users list searched', () => {
  // Terms without a trigram (every row read, a prepared statement) and with one (the trigram
  // indexes), in either case, with LIKE's wildcards and escape as literal text.
  const terms = ['a', 'MI', '_', '5%', 'x\\y', 'finder2', 'WEBER', '%_of']

  // About 900 list requests: 6 s on a quiet machine, past the default 30 s on a busy one.
  it(
    'gives every window of every order as the matching rows of the unsearched list',
    { timeout: 120_000 },
    async () => {
      await server().running.handle.services.db.query(
        `insert into users (organization_id, username, email, first_name, last_name, roles, permissions)
       select 1 + n % 2, 'Finder' || n, 'finder' || n || '@find.example',
              (array['mia','Mia','Noah','emma'])[1 + n % 4], (array['Weber','weber','Koch'])[1 + n % 3],
              array['staff'], array['users:read:org']
       from generate_series(1, 120) as n
       union all
       values (1, 'sale_5%', 'sale@pages.example', 'Half', '50%_off', array['staff'],
               array['users:read:org']),
              (2, 'back\\slash', 'x\\y@pages.example', 'Mia', 'Web_er', array['staff'],
               array['users:read:org'])`,
      )
      const matches = (term: string) => (u: User) =>
        [u.username, u.email, u.first_name, u.last_name].some((v) =>
          v.toLowerCase().includes(term.toLowerCase()),
        )
      for (const who of [ADMIN, ORGADMIN]) {
        const token = await server().login(who)
        for (const order_by of userSortKeys) {
          for (const order_direction of ['asc', 'desc'] as const) {
            const sort = `order_by=${order_by}&order_direction=${order_direction}`
            const whole = await page(token, `${sort}&start=0&length=1000`)
            expect(whole.data).toHaveLength(whole.recordsFiltered)
            for (const term of terms) {
              const expected = whole.data.filter(matches(term)).map((u) => u.user_id)
              const searched = `${sort}&search=${encodeURIComponent(term)}`
              const all = await page(token, `${searched}&start=0&length=1000`)
              expect([all.recordsTotal, all.recordsFiltered]).toEqual([
                whole.recordsTotal,
                expected.length,
              ])
              expect(all.data).toEqual(whole.data.filter(matches(term)))
              for (const start of [0, Math.floor(expected.length / 2), expected.length - 5]) {
                const window = await page(token, `${searched}&start=${Math.max(0, start)}&length=9`)
                expect(window.recordsFiltered).toBe(expected.length)
                expect(window.data.map((u) => u.user_id)).toEqual(
                  expected.slice(Math.max(0, start), Math.max(0, start) + 9),
                )
              }
            }
          }
        }
      }
    },
  )
})
