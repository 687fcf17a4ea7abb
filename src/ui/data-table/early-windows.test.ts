import { describe, expect, it, vi } from 'vitest'
import type { ListQuery, ListResponse, ListSource } from '../../contract/list'
import { adjacentRuns, earlyWindows } from './early-windows'

type Row = { id: number }

function fakeSource() {
  const calls: { query: ListQuery; signal: AbortSignal }[] = []
  const source: ListSource<Row, string> = {
    queryKey: (query) => ['rows', query],
    fetch: (query, signal) => {
      calls.push({ query, signal })
      return Promise.resolve<ListResponse<Row>>({
        data: Array.from({ length: Math.min(query.length, 1000 - query.start) }, (_, i) => ({
          id: query.start + i,
        })),
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
    early.start([query(900)])
    early.start([query(900)])
    expect(calls).toHaveLength(1)
    const page = await early.fetch(query(900), new AbortController().signal)
    expect(page.data.map((row) => row.id)).toEqual(range(900, 999))
    expect(calls).toHaveLength(1)
    await early.fetch(query(900), new AbortController().signal)
    expect(calls).toHaveLength(2)
  })

  it('asks anew for another window, and aborts the started one when its query gives up', async () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start([query(900)])
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
    early.start([query(900)])
    clock.mockReturnValue(5_001)
    await early.fetch(query(900), new AbortController().signal)
    expect(calls).toHaveLength(2)
    expect(calls[0]?.signal.aborted).toBe(true)
  })

  it('clear aborts what nobody took', () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start([query(900)])
    early.clear()
    expect(calls[0]?.signal.aborted).toBe(true)
  })

  it('sends adjacent windows as one request and hands each window its rows', async () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start([query(500), query(400)])
    expect(calls.map((call) => [call.query.start, call.query.length])).toEqual([[400, 200]])
    const signal = new AbortController().signal
    const [upper, lower] = await Promise.all([
      early.fetch(query(400), signal),
      early.fetch(query(500), signal),
    ])
    expect(upper.data.map((row) => row.id)).toEqual(range(400, 499))
    expect(lower.data.map((row) => row.id)).toEqual(range(500, 599))
    expect(lower.recordsFiltered).toBe(1000)
    expect(calls).toHaveLength(1)
  })

  it('gives the last window of a run what the list has left', async () => {
    const { source } = fakeSource()
    const early = earlyWindows(source)
    early.start([query(800), query(900)])
    const last = await early.fetch(query(900), new AbortController().signal)
    expect(last.data.map((row) => row.id)).toEqual(range(900, 999))
  })

  it('aborts a shared request only once no window of it wants it', () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start([query(400), query(500)])
    const first = new AbortController()
    const second = new AbortController()
    void early.fetch(query(400), first.signal)
    void early.fetch(query(500), second.signal)
    first.abort()
    expect(calls[0]?.signal.aborted).toBe(false)
    second.abort()
    expect(calls[0]?.signal.aborted).toBe(true)
  })

  it('sends windows that are not adjacent, or already waiting, apart', () => {
    const { source, calls } = fakeSource()
    const early = earlyWindows(source)
    early.start([query(500)])
    early.start([query(400), query(500), query(600), query(900)])
    expect(calls.map((call) => [call.query.start, call.query.length])).toEqual([
      [500, 100],
      [400, 100],
      [600, 100],
      [900, 100],
    ])
  })
})

describe('adjacentRuns', () => {
  it('groups adjacent windows and keeps the run of the first window first', () => {
    const runs = adjacentRuns([query(900), query(300), query(800), query(200)])
    expect(runs.map((run) => run.map((q) => q.start))).toEqual([
      [800, 900],
      [200, 300],
    ])
  })
})

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i)
