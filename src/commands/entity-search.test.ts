import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EntitySource } from './entity-source'
import {
  createEntitySearch,
  ENTITY_SEARCH_LENGTH,
  listSearch,
  type EntitySearchState,
} from './entity-search'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function source(answer: (text: string, signal: AbortSignal) => Promise<readonly string[]>) {
  const calls: Array<{ text: string; signal: AbortSignal }> = []
  const value: EntitySource<string> = {
    kind: 'organizations',
    heading: () => 'Organizations',
    needs: {},
    search: (text, signal) => {
      calls.push({ text, signal })
      return answer(text, signal)
    },
    view: (name) => ({ id: name, title: name }),
    actions: [],
  }
  return { calls, value: value as EntitySource<unknown> }
}

const titles = (state: EntitySearchState | undefined) =>
  state?.hits.map((list) => list.map((hit) => hit.view.title))

describe('entity search', () => {
  it('waits for typing to pause, then searches once with the last text', async () => {
    const states: EntitySearchState[] = []
    const org = source((text) => Promise.resolve([`${text} Inc`]))
    const search = createEntitySearch((state) => states.push(state), 150)
    search.update([org.value], 'a')
    search.update([org.value], 'ac')
    search.update([org.value], 'acm')
    expect(states.at(-1)?.status).toBe('loading')
    await vi.advanceTimersByTimeAsync(149)
    expect(org.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(org.calls.map((call) => call.text)).toEqual(['acm'])
    expect(states.at(-1)?.status).toBe('done')
    expect(titles(states.at(-1))).toEqual([['acm Inc']])
  })

  it('aborts the request a newer query replaces and ignores its late answer', async () => {
    const states: EntitySearchState[] = []
    const resolvers: Array<(names: string[]) => void> = []
    const org = source(() => new Promise((resolve) => resolvers.push(resolve)))
    const search = createEntitySearch((state) => states.push(state), 10)
    search.update([org.value], 'old')
    await vi.advanceTimersByTimeAsync(10)
    search.update([org.value], 'new')
    expect(org.calls[0]?.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(10)
    resolvers[1]?.(['New Org'])
    resolvers[0]?.(['Old Org'])
    await vi.runAllTimersAsync()
    expect(titles(states.at(-1))).toEqual([['New Org']])
  })

  it('reports a failure but keeps the sources that answered', async () => {
    const states: EntitySearchState[] = []
    const good = source(() => Promise.resolve(['Acme']))
    const bad = source(() => Promise.reject(new Error('503')))
    const search = createEntitySearch((state) => states.push(state), 0)
    search.update([good.value, bad.value], 'ac')
    await vi.runAllTimersAsync()
    expect(states.at(-1)?.status).toBe('failed')
    expect(titles(states.at(-1))).toEqual([['Acme']])
  })

  it('goes idle with nothing to search and cancels what was pending', async () => {
    const states: EntitySearchState[] = []
    const org = source(() => Promise.resolve(['Acme']))
    const search = createEntitySearch((state) => states.push(state), 50)
    search.update([org.value], 'ac')
    search.update([org.value], null)
    await vi.runAllTimersAsync()
    expect(org.calls).toHaveLength(0)
    expect(states.at(-1)).toEqual({ status: 'idle', hits: [] })
  })

  it('browses a kind with empty text: its first rows from the server (a prefix alone)', async () => {
    const states: EntitySearchState[] = []
    const org = source(() => Promise.resolve(['Acme', 'Globex']))
    const search = createEntitySearch((state) => states.push(state), 50)
    search.update([org.value], '')
    await vi.runAllTimersAsync()
    expect(org.calls.map((call) => call.text)).toEqual([''])
    expect(titles(states.at(-1))).toEqual([['Acme', 'Globex']])
  })
})

describe('listSearch', () => {
  it('asks the list call for its first rows in the given order and answers its rows', async () => {
    const fetchPage = vi.fn((_query: unknown, _signal: AbortSignal) =>
      Promise.resolve({ data: ['Acme', 'Acorn'] }),
    )
    const search = listSearch(fetchPage, { order_by: 'name', order_direction: 'desc' })
    const signal = new AbortController().signal
    expect(await search('ac', signal)).toEqual(['Acme', 'Acorn'])
    expect(fetchPage).toHaveBeenCalledWith(
      {
        start: 0,
        length: ENTITY_SEARCH_LENGTH,
        order_by: 'name',
        order_direction: 'desc',
        search: 'ac',
      },
      signal,
    )
  })

  it('asks for a later window from its start', async () => {
    const fetchPage = vi.fn((_query: unknown, _signal: AbortSignal) =>
      Promise.resolve({ data: [] }),
    )
    const signal = new AbortController().signal
    await listSearch(fetchPage, { order_by: 'name', order_direction: 'asc' })('', signal, 25, 50)
    expect(fetchPage).toHaveBeenCalledWith(
      { start: 50, length: 25, order_by: 'name', order_direction: 'asc', search: '' },
      signal,
    )
  })
})
