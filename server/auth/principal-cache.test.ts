import { describe, expect, it } from 'vitest'
import type { Principal } from '../context'
import { PrincipalCache } from './principal-cache'

const ada: Principal = {
  userId: 42,
  organizationId: 1,
  organizationName: 'Acme',
  username: 'ada',
  email: 'ada@example.com',
  roles: ['admin'],
  permissions: ['users:read'],
  title: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  sessions: ['session-1'],
}

/** A cache on a hand-moved clock, and a loader counting its reads of the user's row. */
function setup(ttlMs = 1000) {
  const clock = { ms: 0 }
  const cache = new PrincipalCache<Principal>(ttlMs, () => clock.ms)
  const reads = { count: 0 }
  const row: { principal: Principal | null } = { principal: { ...ada } }
  const load = () => {
    reads.count += 1
    const { principal } = row
    return Promise.resolve(principal && { ...principal, permissions: [...principal.permissions] })
  }
  return { clock, cache, reads, row, load }
}

describe('PrincipalCache', () => {
  it('reads the row once for requests within the time, again once it has passed', async () => {
    const { clock, cache, reads, load } = setup()
    await cache.get(42, 3, load)
    clock.ms = 999
    expect(await cache.get(42, 3, load)).toMatchObject({ userId: 42 })
    expect(reads.count).toBe(1)
    clock.ms = 1000
    await cache.get(42, 3, load)
    expect(reads.count).toBe(2)
  })

  it('shares one read among requests arriving while it runs', async () => {
    const { cache, reads, load } = setup()
    const all = await Promise.all([1, 2, 3].map(() => cache.get(42, 3, load)))
    expect(reads.count).toBe(1)
    expect(new Set(all).size).toBe(1)
  })

  it('reads again at once after forget: a disabled user is refused on the next request', async () => {
    const { cache, row, load } = setup()
    expect(await cache.get(42, 3, load)).not.toBeNull()
    row.principal = null
    cache.forget(42)
    expect(await cache.get(42, 3, load)).toBeNull()
  })

  it('drops a read that began before forget, so its old row serves nobody after', async () => {
    const { cache, row, reads } = setup()
    let finish: (p: Principal) => void = () => undefined
    const slow = () => {
      reads.count += 1
      return new Promise<Principal | null>((resolve) => (finish = resolve))
    }
    const before = cache.get(42, 3, slow)
    row.principal = { ...ada, permissions: [] }
    cache.forget(42)
    const after = cache.get(42, 3, () => Promise.resolve(row.principal))
    finish({ ...ada })
    expect((await before)?.permissions).toEqual(['users:read'])
    expect((await after)?.permissions).toEqual([])
    expect((await cache.get(42, 3, slow))?.permissions).toEqual([])
    expect(reads.count).toBe(1)
  })

  it('keeps nothing across session generations, nor after forgetAll', async () => {
    const { cache, reads, load } = setup()
    await cache.get(42, 3, load)
    await cache.get(42, 4, load)
    expect(reads.count).toBe(2)
    cache.forgetAll()
    await cache.get(42, 4, load)
    expect(reads.count).toBe(3)
  })

  it('keeps no failed read, and with 0 ms reads on every request', async () => {
    const { cache, reads, load } = setup()
    await expect(cache.get(42, 3, () => Promise.reject(new Error('down')))).rejects.toThrow()
    await cache.get(42, 3, load)
    expect(reads.count).toBe(1)
    const none = setup(0)
    await none.cache.get(42, 3, none.load)
    await none.cache.get(42, 3, none.load)
    expect(none.reads.count).toBe(2)
  })

  it('hands out a caller no request can change', async () => {
    const { cache, load } = setup()
    const principal = await cache.get(42, 3, load)
    expect(() => principal?.permissions.push('users:delete')).toThrow(TypeError)
    expect(Object.isFrozen(principal)).toBe(true)
  })
})
