import { describe, expect, it } from 'vitest'
import { RECENTS_LIMIT, pushRecent, readRecents, recentsKey } from './recents'

function memoryStore() {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

describe('recents', () => {
  it('keeps the newest first, without duplicates, up to the limit', () => {
    const store = memoryStore()
    for (const id of ['a', 'b', 'c', 'a', 'd', 'e', 'f', 'g']) pushRecent(store, 7, id)
    expect(readRecents(store, 7)).toEqual(['g', 'f', 'e', 'd', 'a'])
    expect(readRecents(store, 7)).toHaveLength(RECENTS_LIMIT)
  })

  it('keeps each user apart', () => {
    const store = memoryStore()
    pushRecent(store, 1, 'theme.dark')
    pushRecent(store, 2, 'nav.audits')
    expect(readRecents(store, 1)).toEqual(['theme.dark'])
    expect(readRecents(store, 2)).toEqual(['nav.audits'])
    expect([...store.data.keys()].sort()).toEqual([recentsKey(1), recentsKey(2)])
  })

  it('survives corrupt or foreign data', () => {
    const store = memoryStore()
    store.setItem(recentsKey(1), '{not json')
    expect(readRecents(store, 1)).toEqual([])
    store.setItem(recentsKey(1), JSON.stringify(['ok', 3, null, 'fine']))
    expect(readRecents(store, 1)).toEqual(['ok', 'fine'])
    store.setItem(recentsKey(1), JSON.stringify({ id: 'x' }))
    expect(readRecents(store, 1)).toEqual([])
  })

  it('still returns the new list when storage refuses writes', () => {
    const store = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(pushRecent(store, 1, 'a')).toEqual(['a'])
  })
})
