import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { refetchAfterWrite, resourceKeys } from './queries'

const keys = resourceKeys<'id'>('things')
const query = { start: 0, length: 15, order_by: 'id', order_direction: 'desc', search: '' } as const

function seeded() {
  const client = new QueryClient()
  client.setQueryData(keys.list(query), { data: [], recordsTotal: 0, recordsFiltered: 0 })
  client.setQueryData(keys.detail(1), { id: 1 })
  client.setQueryData(keys.detail(2), { id: 2 })
  client.setQueryData(['others', 'list'], [])
  client.setQueryData(['things', 'triage'], { offline: [] })
  client.setQueryData(['journal', 'target', 'user', 1], { data: [] })
  return client
}

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated

describe('refetchAfterWrite', () => {
  it('refetches every list and detail of the resource after a save, and nothing else', async () => {
    const client = seeded()
    await refetchAfterWrite(client, keys, { kind: 'saved' })
    expect(stale(client, keys.list(query))).toBe(true)
    expect(stale(client, keys.detail(1))).toBe(true)
    expect(stale(client, keys.detail(2))).toBe(true)
    expect(stale(client, ['others', 'list'])).toBe(false)
    // The write's journal row is new: History sections and the journal read it.
    expect(stale(client, ['journal', 'target', 'user', 1])).toBe(true)
  })

  it('drops the deleted detail and refetches the lists and counts after a delete', async () => {
    const client = seeded()
    await refetchAfterWrite(client, keys, { kind: 'deleted', id: 1 })
    expect(client.getQueryState(keys.detail(1))).toBeUndefined()
    expect(stale(client, keys.list(query))).toBe(true)
    expect(stale(client, ['things', 'triage'])).toBe(true)
    expect(stale(client, keys.detail(2))).toBe(false)
    expect(stale(client, ['others', 'list'])).toBe(false)
    expect(stale(client, ['journal', 'target', 'user', 1])).toBe(true)
  })

  it('keeps the deleted detail its own page still shows, stale and not fetched again', async () => {
    const client = seeded()
    let fetched = 0
    const page = new QueryObserver(client, {
      queryKey: keys.detail(1),
      queryFn: () => {
        fetched += 1
        return Promise.reject(new Error('404'))
      },
      staleTime: Infinity,
    })
    const shown = page.subscribe(() => undefined)
    await refetchAfterWrite(client, keys, { kind: 'deleted', id: 1 })
    expect(client.getQueryData(keys.detail(1))).toEqual({ id: 1 })
    expect(stale(client, keys.detail(1))).toBe(true)
    expect(fetched).toBe(0)
    expect(page.getCurrentResult().isError).toBe(false)
    shown()
  })
})
