import { describe, expect, it } from 'vitest'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { User } from '../../src/contract/users'
import { ADMIN, shaped, useServer } from './helpers'

// A list's search matches each of its words, in any order, in one of the list's columns
// (server/http/list.ts, searchWords): on a list read by paging (devices) and on one that collects
// its matches once from trigram indexes (users), with and without words long enough for them.

const server = useServer()

async function names(token: string, path: string, search: string) {
  const reply = await server().request(
    'GET',
    `${path}?length=500&search=${encodeURIComponent(search)}`,
    { token },
  )
  expect(reply.status).toBe(200)
  return reply.body
}

async function devices(token: string, search: string) {
  const page = shaped(await names(token, '/sbm/v1/devices', search), listOf(Device))
  expect(page.recordsFiltered).toBe(page.data.length)
  return page.data.map((d) => d.name).sort()
}

async function users(token: string, search: string) {
  const page = shaped(await names(token, '/org/v1/users', search), listOf(User))
  expect(page.recordsFiltered).toBe(page.data.length)
  return page.data.map((u) => u.email).sort()
}

describe('a search of several words', () => {
  it('finds a device by words of its name in any order, each word narrowing', async () => {
    const token = await server().login(ADMIN)
    const all = await devices(token, '')
    const expected = all.filter((n) => /meeting/i.test(n) && /lock/i.test(n))
    expect(expected.length).toBeGreaterThan(0)
    expect(await devices(token, 'mee lock')).toEqual(expected)
    expect(await devices(token, 'lock mee')).toEqual(expected)
    expect(await devices(token, '  LOCK   Mee ')).toEqual(expected)
    // One word alone finds more: the second narrows.
    expect((await devices(token, 'mee')).length).toBeGreaterThan(expected.length)
    // A phrase as before still finds its rows.
    expect(await devices(token, 'meeting room door')).toEqual(
      all.filter((n) => n.toLowerCase().includes('meeting room door')),
    )
    expect(await devices(token, 'mee nosuchword')).toEqual([])
  })

  it('finds a person by first and last name, two columns, with and without trigram words', async () => {
    const token = await server().login(ADMIN)
    const every = shaped(await names(token, '/org/v1/users', ''), listOf(User)).data
    const person = every.find((u) => u.first_name.length >= 3 && u.last_name.length >= 3)
    if (person === undefined) throw new Error('the seed has no person with two names')
    const want = every
      .filter((u) =>
        [u.username, u.email, u.first_name, u.last_name].some((c) =>
          c.toLowerCase().includes(person.first_name.toLowerCase()),
        ),
      )
      .filter((u) =>
        [u.username, u.email, u.first_name, u.last_name].some((c) =>
          c.toLowerCase().includes(person.last_name.toLowerCase()),
        ),
      )
      .map((u) => u.email)
      .sort()
    expect(want).toContain(person.email)
    expect(await users(token, `${person.last_name} ${person.first_name}`)).toEqual(want)
    // Two-letter words have no trigram: the prepared path reads every row, with the same rule.
    const short = `${person.last_name.slice(0, 2)} ${person.first_name.slice(0, 2)}`
    const shortWant = every
      .filter((u) =>
        short
          .toLowerCase()
          .split(' ')
          .every((word) =>
            [u.username, u.email, u.first_name, u.last_name].some((c) =>
              c.toLowerCase().includes(word),
            ),
          ),
      )
      .map((u) => u.email)
      .sort()
    expect(await users(token, short)).toEqual(shortWant)
    // Only spaces is no search.
    expect((await users(token, '   ')).length).toBe(every.length)
  })
})
