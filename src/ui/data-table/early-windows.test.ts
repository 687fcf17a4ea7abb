import { describe, expect, it, vi } from 'vitest'
import type { ListQuery, ListResponse, ListSource } from '../../contract/list'
import { earlyWindows } from './early-windows'

type Row = { id: number }

function fakeSource() {
  const calls: { query: ListQuery; signal: AbortSignal }[] = []
  const source: ListSource<Row, string> = {
    queryKey: (query) => ['rows', query],
    fetch: (query, signal) => {
      calls.push({ query, signal })
      return Promise.resolve<ListResponse<Row>>({
        data: [{ id: query.start }],
        recordsTotal: 1000,
        recordsFiltered: 1000,
      })
    },
  }
  return { source, calls }
}

const query = (start: number): ListQuery => ({
  start,
  length: 100,
  order_by: 'id',
  order_direction: 'asc',
  search: '',
})

describe('earlyWindows', () => {
  it('hands a started request to the query that asks for the same window, once', async () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start(query(900))
    early.start(query(900))
    expect(calls).toHaveLength(1)
    const page = await early.fetch(query(900), new AbortController().signal)
    expect(page.data).toEqual([{ id: 900 }])
    expect(calls).toHaveLength(1)
    await early.fetch(query(900), new AbortController().signal)
    expect(calls).toHaveLength(2)
  })

  it('asks anew for another window, and aborts the started one when its query gives up', async () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start(query(900))
    await early.fetch(query(1000), new AbortController().signal)
    expect(calls.map((call) => call.query.start)).toEqual([900, 1000])
    const giveUp = new AbortController()
    void early.fetch(query(900), giveUp.signal)
    giveUp.abort()
    expect(calls[0]?.signal.aborted).toBe(true)
  })

  it('does not hand out a request older than 5 s, and aborts it', async () => {
    const { source, calls } = fakeSource()
    const clock = vi.fn(() => 0)
    const early = earlyWindows(source, clock)
    early.start(query(900))
    clock.mockReturnValue(5_001)
    await early.fetch(query(900), new AbortController().signal)
    expect(calls).toHaveLength(2)
    expect(calls[0]?.signal.aborted).toBe(true)
  })

  it('clear aborts what nobody took', () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start(query(900))
    early.clear()
    expect(calls[0]?.signal.aborted).toBe(true)
  })
})
