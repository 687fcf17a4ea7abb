import { describe, expect, it } from 'vitest'
import {
  RECENTS_LIMIT,
  forgetRecents,
  pushRecent,
  pushRecentEntity,
  readRecentEntities,
  readRecents,
  recentEntitiesKey,
  recentsKey,
  type RecentEntity,
} from './recents'

function memoryStore() {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    key: (index: number) => [...data.keys()][index] ?? null,
    get length() {
      return data.size
    },
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

describe('recent entities', () => {
  const idOf = (recent: RecentEntity) => String((recent.entity as { id: number }).id)
  const device = (id: number) => ({ kind: 'devices', entity: { id, name: `Door ${id}` } })

  it('keeps the newest first, once each by kind and id, up to the limit, per user', () => {
    const store = memoryStore()
    for (const id of [1, 2, 1, 3, 4, 5, 6]) pushRecentEntity(store, 7, device(id), idOf)
    pushRecentEntity(store, 7, { kind: 'users', entity: { id: 6 } }, idOf)
    expect(readRecentEntities(store, 7).map((r) => `${r.kind}:${idOf(r)}`)).toEqual([
      'users:6',
      'devices:6',
      'devices:5',
      'devices:4',
      'devices:3',
    ])
    expect(readRecentEntities(store, 8)).toEqual([])
  })

  it('drops what storage holds that is not an entity', () => {
    const store = memoryStore()
    store.setItem(recentEntitiesKey(1), '[{"kind":"devices"},{"kind":3,"entity":{}},null,"x"]')
    expect(readRecentEntities(store, 1)).toEqual([])
    store.setItem(recentEntitiesKey(1), '{oops')
    expect(readRecentEntities(store, 1)).toEqual([])
  })

  it('signing out forgets every user’s commands and entities, and nothing else', () => {
    const store = memoryStore()
    pushRecent(store, 1, 'theme.dark')
    pushRecentEntity(store, 2, device(1), idOf)
    store.setItem('theme_1', 'dark')
    forgetRecents(store)
    expect([...store.data.keys()]).toEqual(['theme_1'])
  })
})
